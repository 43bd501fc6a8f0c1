// Accounts: register, login, logout and the session check the client makes at start.
import { Hono } from 'hono';
import { LoginInputSchema, RegisterInputSchema, ROLE_AUTHOR, type CurrentUserResponse } from '../../contracts/users';
import type { AppEnv } from '../env';
import { clientNetwork } from '../lib/client-address';
import { forbidden, rateLimited, unauthenticated } from '../lib/http-error';
import { hashPassword, verifyAgainstNobody, verifyPassword } from '../lib/password';
import { endSession, startSession } from '../services/sign-in';
import { validate } from '../lib/validate';
import { clearAttempts, countAttempt, refundAttempt, type Throttle } from '../queries/login-attempts';
import { findUserByLogin, insertUser, toCurrentUser } from '../queries/users';
import { accountTakenConflict } from '../services/account-taken';

// Decision 008: guesses at one account from one network, and everything from one network, each have a limit.
const LOGIN_ACCOUNT_THROTTLE: Throttle = { limit: 5, windowMs: 15 * 60 * 1000 };
const LOGIN_NETWORK_THROTTLE: Throttle = { limit: 50, windowMs: 15 * 60 * 1000 };
const REGISTER_THROTTLE: Throttle = { limit: 20, windowMs: 60 * 60 * 1000 };
const WRONG_LOGIN = 'That username or email and password do not match';

export const authRoutes = new Hono<AppEnv>()
  .get('/verify', (c) => {
    if (!c.var.user) throw unauthenticated();
    return c.json<CurrentUserResponse>({ user: toCurrentUser(c.var.user) });
  })
  .post('/auth/register', validate('json', RegisterInputSchema), async (c) => {
    const input = c.req.valid('json');
    const counters = [{ key: `register:${clientNetwork(c)}`, throttle: REGISTER_THROTTLE }]; // every sign-up counts
    const { waitSeconds } = await countAttempt(c.var.db, counters, Date.now());
    if (waitSeconds > 0) throw rateLimited(waitSeconds, 'Too many sign-ups from this address; try again later');
    let user;
    try {
      user = await insertUser(c.var.db, {
        username: input.username,
        name: input.name,
        email: input.email,
        passwordHash: await hashPassword(input.password, c.env.PASSWORD_PEPPER),
        role: ROLE_AUTHOR,
      });
    } catch (err) {
      throw accountTakenConflict(err) ?? err;
    }
    await startSession(c, user.id);
    return c.json<CurrentUserResponse>({ user: toCurrentUser(user) }, 201);
  })
  .post('/auth/login', validate('json', LoginInputSchema), async (c) => {
    const { login, password } = c.req.valid('json');
    const db = c.var.db;
    const user = await findUserByLogin(db, login);
    const network = clientNetwork(c);
    // One counter per account however it is named (username or email) and network; unknown logins count by their text.
    const accountKey = `login:${user ? `user:${user.id}` : `name:${login}`}@${network}`;
    const attempt = await countAttempt(
      db,
      [
        { key: accountKey, throttle: LOGIN_ACCOUNT_THROTTLE },
        { key: `login-network:${network}`, throttle: LOGIN_NETWORK_THROTTLE },
      ],
      Date.now(),
    );
    if (attempt.waitSeconds > 0) throw rateLimited(attempt.waitSeconds, 'Too many failed logins; try again later');

    const ok = user
      ? await verifyPassword(password, user.passwordHash, c.env.PASSWORD_PEPPER)
      : await verifyAgainstNobody(password, c.env.PASSWORD_PEPPER);
    if (!user || !ok) throw unauthenticated(WRONG_LOGIN);
    // A correct password was no guess: the account's count here starts again, the network's takes it back.
    await clearAttempts(db, [accountKey]);
    await refundAttempt(db, attempt.counted.filter((counted) => counted.key !== accountKey));
    if (user.disabledAt !== null) throw forbidden('This account has been disabled');
    await startSession(c, user.id);
    return c.json<CurrentUserResponse>({ user: toCurrentUser(user) });
  })
  .post('/auth/logout', async (c) => {
    await endSession(c);
    return c.body(null, 204);
  });
