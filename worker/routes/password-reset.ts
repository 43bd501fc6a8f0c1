// Password reset by mail: ask for a link, then use it once to set a new password.
import {
  INVALID_RESET_TOKEN,
  PASSWORD_RESET_ACCEPTED,
  PASSWORD_RESET_PER_EMAIL_PER_HOUR,
  PASSWORD_RESET_PER_NETWORK_PER_HOUR,
  PASSWORD_RESET_TOKEN,
  PASSWORD_RESET_TTL_MS,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  type PasswordResetAccepted,
} from '../../contracts/password-reset';
import { PasswordResetCheckQuerySchema, type PasswordResetCheck } from '../../contracts/password-reset-check';
import { isPasswordIdentity, PASSWORD_IS_IDENTITY } from '../../contracts/users';
import { MessageSchema, PasswordResetCheckSchema } from '../../contracts/user-responses';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { clientNetwork } from '../lib/client-address';
import { HttpError, rateLimited, validationFailed } from '../lib/http-error';
import { passwordChangedMail } from '../lib/mail-messages';
import { hashPassword } from '../lib/password';
import { refuseCommonPassword } from '../lib/password-common';
import { newResetToken } from '../lib/password-reset';
import { mailAfterResponse, mailResetLink } from '../services/site-mail';
import { hashToken } from '../lib/session-token';
import { readPasswordResetCheck } from '../services/account-reads';
import { readContextOf } from '../services/read-context';
import { startSession } from '../services/sign-in';
import { countAttempt, type Throttle } from '../queries/login-attempts';
import { createResetForEmail, findResetAccount, useReset } from '../queries/password-resets';

const HOUR = 60 * 60 * 1000;
const RESET_EMAIL_THROTTLE: Throttle = { limit: PASSWORD_RESET_PER_EMAIL_PER_HOUR, windowMs: HOUR };
const RESET_NETWORK_THROTTLE: Throttle = { limit: PASSWORD_RESET_PER_NETWORK_PER_HOUR, windowMs: HOUR };

const invalidToken = () => new HttpError(400, 'invalid_token', INVALID_RESET_TOKEN);

const resetRequestRoute = apiRoute({
  method: 'post',
  path: '/auth/password-reset',
  summary: 'Ask for a link to choose a new password (the same answer whether or not the address has an account)',
  tags: ['auth'],
  json: PasswordResetRequestSchema,
  responses: { 202: MessageSchema },
  errors: { 429: 'Too many requests for this address or from this network: `rate_limited`, Retry-After' },
});

const resetCheckRoute = apiRoute({
  method: 'get',
  path: '/auth/password-reset/check',
  summary: 'Whether a reset link still works, without using it',
  tags: ['auth'],
  query: PasswordResetCheckQuerySchema,
  responses: { 200: PasswordResetCheckSchema },
});

const resetConfirmRoute = apiRoute({
  method: 'post',
  path: '/auth/password-reset/confirm',
  summary: 'Set the new password with the link, end every session of the account and sign this browser in',
  tags: ['auth'],
  json: PasswordResetConfirmSchema,
  responses: { 204: null },
  errors: { 400: 'The link is unknown, used or expired (`invalid_token`), or the input is not valid' },
});

export const passwordResetRoutes = new ApiRouter()
  /**
   * The same 202 and the same work whether or not the address has an account (or a disabled one): the
   * throttle counts the address either way, a token is made and hashed either way, the look-up and the
   * conditional insert run either way, and the mail goes out after the answer.
   */
  .endpoint(resetRequestRoute, async (c) => {
    const { email } = c.req.valid('json');
    const db = c.var.db;
    const now = Date.now();
    const { waitSeconds } = await countAttempt(
      db,
      [
        { key: `reset-email:${email}`, throttle: RESET_EMAIL_THROTTLE },
        { key: `reset-network:${clientNetwork(c)}`, throttle: RESET_NETWORK_THROTTLE },
      ],
      now,
    );
    if (waitSeconds > 0) throw rateLimited(waitSeconds, 'Too many reset requests; try again later');
    const { token, tokenHash } = await newResetToken();
    const recipient = await createResetForEmail(db, { email, tokenHash, now, ttlMs: PASSWORD_RESET_TTL_MS });
    if (recipient) mailResetLink(c, recipient, token);
    return c.json<PasswordResetAccepted>(PASSWORD_RESET_ACCEPTED, 202);
  })

  /** Whether a link still works, without using it: its page says so as it opens. */
  .endpoint(resetCheckRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json<PasswordResetCheck>(await readPasswordResetCheck(readContextOf(c), c.req.valid('query')));
  })

  /** Sets the new password, ends every session of the account and signs this browser in afresh (decision 012). */
  .endpoint(resetConfirmRoute, async (c) => {
    const { token, password } = c.req.valid('json');
    if (!PASSWORD_RESET_TOKEN.test(token)) throw invalidToken();
    const db = c.var.db;
    const now = Date.now();
    const tokenHash = await hashToken(token);
    const account = await findResetAccount(db, tokenHash, now);
    if (!account) throw invalidToken();
    // A password refused by the rules leaves the link usable for a better one.
    if (isPasswordIdentity(password, account)) throw validationFailed({ password: PASSWORD_IS_IDENTITY });
    await refuseCommonPassword(password, 'password');
    const passwordHash = await hashPassword(password, c.env.PASSWORD_PEPPER);
    const userId = await useReset(db, { tokenHash, passwordHash, now });
    if (userId === null) throw invalidToken(); // used (or expired) meanwhile: nothing changed
    await startSession(c, userId);
    mailAfterResponse(c, passwordChangedMail(account));
    return c.body(null, 204);
  });
