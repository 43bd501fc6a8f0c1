// Accounts: register, login, logout and the session check the client makes at start.
import { Hono } from 'hono';
import { LoginInputSchema, RegisterInputSchema, ROLE_AUTHOR } from '../../contracts/users';
import type { AppEnv } from '../env';
import { clientAddress } from '../lib/client-address';
import { forbidden, rateLimited, unauthenticated } from '../lib/http-error';
import { hashPassword, verifyAgainstNobody, verifyPassword } from '../lib/password';
import { endSession, startSession } from '../lib/sign-in';
import { validate } from '../lib/validate';
import { clearAttempts, recordFailure, secondsUntilAllowed, type Throttle } from '../queries/login-attempts';
import { accountTakenConflict, findUserByLogin, insertUser, toCurrentUser } from '../queries/users';

export const LOGIN_THROTTLE: Throttle = { limit: 5, windowMs: 15 * 60 * 1000 };
export const REGISTER_THROTTLE: Throttle = { limit: 20, windowMs: 60 * 60 * 1000 };
const WRONG_LOGIN = 'That username or email and password do not match';

export const authRoutes = new Hono<AppEnv>()
  .get('/verify', (c) => {
    if (!c.var.user) throw unauthenticated();
    return c.json({ user: toCurrentUser(c.var.user) });
  })
  .post('/auth/register', validate('json', RegisterInputSchema), async (c) => {
    const input = c.req.valid('json');
    const now = Date.now();
    const addressKey = `register:${clientAddress(c)}`;
    const wait = await secondsUntilAllowed(c.var.db, [addressKey], REGISTER_THROTTLE, now);
    if (wait > 0) throw rateLimited(wait, 'Too many sign-ups from this address; try again later');
    await recordFailure(c.var.db, [addressKey], REGISTER_THROTTLE, now); // every sign-up counts
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
    return c.json({ user: toCurrentUser(user) }, 201);
  })
  .post('/auth/login', validate('json', LoginInputSchema), async (c) => {
    const { login, password } = c.req.valid('json');
    const now = Date.now();
    const user = await findUserByLogin(c.var.db, login);
    // One counter per account however it is named (username or email); unknown logins count by their text.
    const keys = [user ? `user:${user.id}` : `account:${login}`, `address:${clientAddress(c)}`];
    const wait = await secondsUntilAllowed(c.var.db, keys, LOGIN_THROTTLE, now);
    if (wait > 0) throw rateLimited(wait, 'Too many failed logins; try again later');

    const ok = user
      ? await verifyPassword(password, user.passwordHash, c.env.PASSWORD_PEPPER)
      : await verifyAgainstNobody(password, c.env.PASSWORD_PEPPER);
    if (!user || !ok) {
      await recordFailure(c.var.db, keys, LOGIN_THROTTLE, now);
      throw unauthenticated(WRONG_LOGIN);
    }
    if (user.disabledAt !== null) throw forbidden('This account has been disabled');
    await clearAttempts(c.var.db, [keys[0] as string]);
    await startSession(c, user.id);
    return c.json({ user: toCurrentUser(user) });
  })
  .post('/auth/logout', async (c) => {
    await endSession(c);
    return c.body(null, 204);
  });
