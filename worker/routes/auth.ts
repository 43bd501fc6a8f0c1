// Accounts: register (as the registration policy has it, behind the honeypot and Turnstile), login (with
// new-device verification while an account is under attack, and for staff always when the setting says so),
// logout and the session check the client makes at start.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { VerifyDeviceInputSchema, type LoginVerificationRequired } from '../../contracts/device-verification';
import { caughtByHoneypot } from '../../contracts/honeypot';
import { can } from '../../contracts/permissions';
import type { RegistrationTerms } from '../../contracts/registration-policy';
import type { Role } from '../../contracts/roles';
import { LoginInputSchema, RegisterInputSchema, type CurrentUserResponse } from '../../contracts/users';
import { CurrentUserResponseSchema, LoginVerificationRequiredSchema, RegistrationTermsSchema } from '../../contracts/user-responses';
import type { AppEnv } from '../env';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { clientNetwork } from '../lib/client-address';
import { isKnownDevice, rememberDevice } from '../lib/device-cookie';
import { DEVICE_CODE_TRIES, DEVICE_CODE_TTL_MS, hashDeviceCode, newDeviceCode } from '../lib/device-code';
import { forbidden, HttpError, rateLimited, unauthenticated } from '../lib/http-error';
import { deviceCodeMail } from '../lib/mail-messages';
import { hashPassword, verifyAgainstNobody, verifyPassword } from '../lib/password';
import { refuseCommonPassword } from '../lib/password-common';
import { writeSessionCookie } from '../lib/session-cookie';
import { newSessionToken } from '../lib/session-token';
import { requireTurnstilePass, turnstileSiteKey } from '../lib/turnstile';
import { endSession, startSession } from '../services/sign-in';
import { storeDeviceCodeIf, useDeviceCode } from '../queries/device-codes';
import { clearAttempts, countAttempt, refundAttempt, type Throttle } from '../queries/login-attempts';
import { findUserByLogin, toCurrentUser, type UserRow } from '../queries/users';
import { readContextOf } from '../services/read-context';
import { readRegistrationTerms, requireNewAccountRole } from '../services/registration';
import { readAdminSettings } from '../services/settings';
import { createAccount } from '../services/user-writes';
import { authorTag, touchCacheTags } from '../lib/cache-tags';
import { mailAfterResponse } from '../services/site-mail';

const WINDOW_MS = 15 * 60 * 1000;
// Decision 008: guesses at one account from one network, and everything from one network, each have a limit.
const LOGIN_ACCOUNT_THROTTLE: Throttle = { limit: 5, windowMs: WINDOW_MS };
const LOGIN_NETWORK_THROTTLE: Throttle = { limit: 50, windowMs: WINDOW_MS };
// Decision 026: past 10 failures on one account from anywhere, a browser it has not seen must confirm by mail.
const ACCOUNT_UNDER_ATTACK: Throttle = { limit: 10, windowMs: WINDOW_MS };
const REGISTER_THROTTLE: Throttle = { limit: 20, windowMs: 60 * 60 * 1000 };
/** No account has id 0 (ids start at 1): what the honeypot's device cookie names. */
const NO_ACCOUNT = 0;
const WRONG_LOGIN = 'That username or email and password do not match';
const INVALID_CODE = 'That code is not right or has expired. Sign in again for a new one.';

/** One counter per account however it is named (username or email); unknown logins count by their text. */
const accountOf = (user: UserRow | undefined, login: string) => (user ? `user:${user.id}` : `name:${login}`);
const accountNetworkKey = (account: string, network: string) => `login:${account}@${network}`;

/**
 * The answer to a login from a browser the account under attack has not seen: 202 whatever the password, after
 * the same work either way (the password checked, a code made and hashed, one conditional insert). Only when
 * the password was right (and the account enabled) is the code stored and mailed to the account's owner.
 */
async function askForDeviceCode(c: Context<AppEnv>, user: UserRow | undefined, passwordOk: boolean) {
  const code = newDeviceCode();
  const userId = user?.id ?? 0;
  const mailIt = user !== undefined && passwordOk && user.disabledAt === null;
  const codeHash = await hashDeviceCode(c.env.PASSWORD_PEPPER, userId, code);
  await storeDeviceCodeIf(c.var.db, mailIt, { userId, codeHash, now: Date.now(), ttlMs: DEVICE_CODE_TTL_MS, tries: DEVICE_CODE_TRIES });
  if (mailIt) mailAfterResponse(c, deviceCodeMail(user, code, DEVICE_CODE_TTL_MS));
  return c.json<LoginVerificationRequired>({ verification: 'email' }, 202);
}

/**
 * product.md §15's setting: with `deviceVerification: always`, a browser without the account's device cookie
 * confirms by mail whenever the account is staff — whoever may open the admin area (`admin.dashboard`:
 * admins and editors). Authors and contributors never; `risk` leaves only the under-attack case.
 */
async function staffNewDevice(c: Context<AppEnv>, user: UserRow): Promise<boolean> {
  if (!can(user, 'admin.dashboard')) return false;
  const { deviceVerification } = await readAdminSettings(c.var);
  return deviceVerification === 'always' && !(await isKnownDevice(c, user.id));
}

/**
 * Under `invite` and `closed` nobody registers: 403 `registration_closed` before the body is checked, so a
 * visitor is not asked to correct fields first. The body is read anyway (wrangler dev's proxy stumbles on an
 * unread one, security.md).
 */
const refuseClosedRegistration = createMiddleware<AppEnv>(async (c, next) => {
  try {
    await requireNewAccountRole(c.var.db);
  } catch (err) {
    await c.req.raw.arrayBuffer().catch(() => undefined);
    throw err;
  }
  await next();
});

/**
 * The honeypot's answer (contracts/honeypot.ts): what a registration answers — 201, the user, the session and
 * device cookies — but the session cookie names no session, the device cookie no account (id 0), and nothing
 * is stored.
 */
async function answerAsRegistered(c: Context<AppEnv>, input: { username: string; name: string }, role: Role) {
  await writeSessionCookie(c, newSessionToken());
  await rememberDevice(c, NO_ACCOUNT);
  return c.json<CurrentUserResponse>({ user: { username: input.username, name: input.name, bio: '', image: null, role } }, 201);
}

const verifyRoute = apiRoute({
  method: 'get',
  path: '/verify',
  summary: 'The signed-in user, or 401',
  tags: ['auth'],
  responses: { 200: CurrentUserResponseSchema },
  errors: { 401: 'No session: `unauthenticated`' },
});

const registrationTermsRoute = apiRoute({
  method: 'get',
  path: '/auth/registration',
  summary: 'What the register page offers: the registration policy and the Turnstile site key (null: no widget)',
  tags: ['auth'],
  responses: { 200: RegistrationTermsSchema },
});

const registerRoute = apiRoute({
  method: 'post',
  path: '/auth/register',
  summary: 'Create an account (an author under `open`, a contributor under `review`) and sign this browser in',
  description:
    'A filled honeypot field `website` gets the same 201 and creates nothing (its cookie names no session). With Turnstile on (TURNSTILE_SECRET), `turnstileToken` is checked first.',
  tags: ['auth'],
  middleware: [refuseClosedRegistration],
  json: RegisterInputSchema,
  responses: { 201: CurrentUserResponseSchema },
  errors: {
    400: 'Turnstile is on and `turnstileToken` is missing or refused: `bad_request` with fields.turnstileToken',
    403: 'The policy is `invite` or `closed`: `registration_closed`',
    409: 'The username or email is taken: `conflict` with the field',
    429: 'Too many sign-ups from this network: `rate_limited`, Retry-After',
  },
});

const loginRoute = apiRoute({
  method: 'post',
  path: '/auth/login',
  summary: 'Sign in with a username or email and the password',
  description:
    'While the account is under attack, a browser it has not seen gets 202 and a code by mail (then `/auth/verify-device`); with the setting `deviceVerification: always`, so does every login of an admin or editor from such a browser.',
  tags: ['auth'],
  json: LoginInputSchema,
  responses: { 200: CurrentUserResponseSchema, 202: LoginVerificationRequiredSchema },
  errors: {
    401: 'The login and password do not match: `unauthenticated`',
    403: 'The account is disabled: `forbidden`',
    429: 'Too many failed logins: `rate_limited`, Retry-After',
  },
});

const verifyDeviceRoute = apiRoute({
  method: 'post',
  path: '/auth/verify-device',
  summary: 'Complete a login answered with 202, with the code mailed to the account',
  tags: ['auth'],
  json: VerifyDeviceInputSchema,
  responses: { 200: CurrentUserResponseSchema },
  errors: { 400: 'The code is wrong or expired (`invalid_code`), or the input is not valid', 403: 'The account is disabled: `forbidden`' },
});

const logoutRoute = apiRoute({ method: 'post', path: '/auth/logout', summary: 'End this session', tags: ['auth'], responses: { 204: null } });

export const authRoutes = new ApiRouter()
  .endpoint(verifyRoute, (c) => {
    if (!c.var.user) throw unauthenticated();
    return c.json<CurrentUserResponse>({ user: toCurrentUser(c.var.user) });
  })
  .endpoint(registrationTermsRoute, async (c) => c.json<RegistrationTerms>(await readRegistrationTerms(readContextOf(c), turnstileSiteKey(c.env))))
  .endpoint(registerRoute, async (c) => {
    const input = c.req.valid('json');
    await refuseCommonPassword(input.password, 'password'); // a rule of the input: refused before it counts
    const counters = [{ key: `register:${clientNetwork(c)}`, throttle: REGISTER_THROTTLE }]; // every sign-up counts
    const { waitSeconds } = await countAttempt(c.var.db, counters, Date.now());
    if (waitSeconds > 0) throw rateLimited(waitSeconds, 'Too many sign-ups from this address; try again later');
    await requireTurnstilePass(c, input.turnstileToken);
    const role = await requireNewAccountRole(c.var.db); // the gate's answer, read again where it is used
    if (caughtByHoneypot(input)) return answerAsRegistered(c, input, role);
    const user = await createAccount(c.var.db, {
      username: input.username,
      name: input.name,
      email: input.email,
      passwordHash: await hashPassword(input.password, c.env.PASSWORD_PEPPER),
      role,
    });
    touchCacheTags(c, [authorTag(user.username)]); // the new author's page now answers
    await startSession(c, user.id);
    return c.json<CurrentUserResponse>({ user: toCurrentUser(user) }, 201);
  })
  .endpoint(loginRoute, async (c) => {
    const { login, password } = c.req.valid('json');
    const db = c.var.db;
    const user = await findUserByLogin(db, login);
    const network = clientNetwork(c);
    const account = accountOf(user, login);
    const accountKey = accountNetworkKey(account, network);
    const attempt = await countAttempt(
      db,
      [
        { key: accountKey, throttle: LOGIN_ACCOUNT_THROTTLE },
        { key: `login-network:${network}`, throttle: LOGIN_NETWORK_THROTTLE },
        { key: `login-account:${account}`, throttle: ACCOUNT_UNDER_ATTACK, overLimit: 'report' },
      ],
      Date.now(),
    );
    if (attempt.waitSeconds > 0) throw rateLimited(attempt.waitSeconds, 'Too many failed logins; try again later');

    const ok = user
      ? await verifyPassword(password, user.passwordHash, c.env.PASSWORD_PEPPER)
      : await verifyAgainstNobody(password, c.env.PASSWORD_PEPPER);
    const underAttack = attempt.reported.length > 0;
    if (underAttack && !(user && (await isKnownDevice(c, user.id)))) return askForDeviceCode(c, user, ok);
    if (!user || !ok) throw unauthenticated(WRONG_LOGIN);
    // A correct password was no guess: the account's count here starts again, the others take it back.
    await clearAttempts(db, [accountKey]);
    await refundAttempt(db, attempt.counted.filter((counted) => counted.key !== accountKey));
    if (user.disabledAt !== null) throw forbidden('This account has been disabled');
    if (await staffNewDevice(c, user)) return askForDeviceCode(c, user, true);
    await startSession(c, user.id);
    return c.json<CurrentUserResponse>({ user: toCurrentUser(user) });
  })
  /** Completes a login answered with 202: the code mailed to the account signs this browser in (decision 026). */
  .endpoint(verifyDeviceRoute, async (c) => {
    const { login, code } = c.req.valid('json');
    const db = c.var.db;
    const user = await findUserByLogin(db, login.toLowerCase());
    const codeHash = await hashDeviceCode(c.env.PASSWORD_PEPPER, user?.id ?? 0, code);
    if (!user || !(await useDeviceCode(db, { userId: user.id, codeHash, now: Date.now() }))) {
      throw new HttpError(400, 'invalid_code', INVALID_CODE);
    }
    if (user.disabledAt !== null) throw forbidden('This account has been disabled');
    // The owner proved it: their failures from this network are forgiven, as a right password's are.
    await clearAttempts(db, [accountNetworkKey(accountOf(user, login), clientNetwork(c))]);
    await startSession(c, user.id);
    return c.json<CurrentUserResponse>({ user: toCurrentUser(user) });
  })
  .endpoint(logoutRoute, async (c) => {
    await endSession(c);
    return c.body(null, 204);
  });
