// The signed-in user's own profile: details and own posts of every status, edits (a new email with the current
// password, confirmed by a mailed link), password change, and the sessions they can see and end.
import type { Context } from 'hono';
import { PageQuerySchema } from '../../contracts/lists';
import {
  EMAIL_CHANGE_TTL_MS,
  PasswordChangeSchema,
  ProfileUpdateSchema,
  SessionIdParamSchema,
  type ProfileResponse,
  type ProfileSessionList,
  type ProfileUpdateResponse,
} from '../../contracts/profile';
import { isPasswordIdentity, PASSWORD_IS_IDENTITY } from '../../contracts/users';
import { ProfileResponseSchema, ProfileSessionListSchema, ProfileUpdateResponseSchema } from '../../contracts/user-responses';
import type { AppEnv, SessionUser } from '../env';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { notFound, rateLimited, unauthenticated, validationFailed } from '../lib/http-error';
import { emailChangeRequestedMail, emailConfirmMail, passwordChangedMail } from '../lib/mail-messages';
import { hashPassword, verifyPassword } from '../lib/password';
import { refuseCommonPassword } from '../lib/password-common';
import { signedInUser } from '../lib/permissions';
import { clearSessionCookie } from '../lib/session-cookie';
import { newHashedToken } from '../lib/session-token';
import { readProfile, readSessions } from '../services/account-reads';
import { readContextOf } from '../services/read-context';
import { newSession, sendSessionCookie } from '../services/sign-in';
import { requireUser } from '../middleware/require-user';
import { clearAttempts, countAttempt, type Throttle } from '../queries/login-attempts';
import { changePassword, findPasswordHash, updateProfile } from '../queries/profile';
import { deleteOtherSessions, deleteSessionOfUser } from '../queries/sessions';
import { emailTakenConflict } from '../services/account-taken';
import { createEmailChange } from '../queries/email-changes';
import { isEmailTaken } from '../queries/users';
import { mailAfterResponse } from '../services/site-mail';

// Guessing the current password from a stolen session is throttled like logins are.
const PASSWORD_THROTTLE: Throttle = { limit: 5, windowMs: 15 * 60 * 1000 };
// Each email change mails an address the user names: a few an hour, so no one's inbox is flooded from here.
const EMAIL_CHANGE_THROTTLE: Throttle = { limit: 5, windowMs: 60 * 60 * 1000 };

/**
 * The current password that confirms a sensitive change (new password, new email): wrong → 422
 * fields.currentPassword, and every wrong one counts (5 in 15 minutes → 429).
 */
async function confirmCurrentPassword<E extends AppEnv>(c: Context<E>, user: SessionUser, currentPassword: string, now: number): Promise<void> {
  const db = c.var.db;
  const key = `password:${user.id}`;
  const { waitSeconds } = await countAttempt(db, [{ key, throttle: PASSWORD_THROTTLE }], now);
  if (waitSeconds > 0) throw rateLimited(waitSeconds, 'Too many wrong passwords; try again later');
  const stored = await findPasswordHash(db, user.id);
  if (stored === null) throw unauthenticated();
  if (!(await verifyPassword(currentPassword, stored, c.env.PASSWORD_PEPPER))) {
    throw validationFailed({ currentPassword: 'That is not your current password' });
  }
  await clearAttempts(db, [key]);
}

const WRONG_PASSWORD = 'Five wrong current passwords within 15 minutes: `rate_limited`, Retry-After';

const profileRoute = apiRoute({
  method: 'get',
  path: '/profile',
  summary: 'The signed-in user and their own posts of every status, newest updated first',
  tags: ['profile'],
  access: 'user',
  query: PageQuerySchema,
  responses: { 200: ProfileResponseSchema },
});

const profileUpdateRoute = apiRoute({
  method: 'patch',
  path: '/profile',
  summary: 'Change name, bio and image; a new email (with the current password) waits for the link mailed to it',
  tags: ['profile'],
  access: 'user',
  json: ProfileUpdateSchema,
  responses: { 200: ProfileUpdateResponseSchema },
  errors: { 409: 'The new email is taken: `conflict` with fields.email', 429: `${WRONG_PASSWORD}; or too many email changes within an hour` },
});

const passwordChangeRoute = apiRoute({
  method: 'post',
  path: '/profile/password',
  summary: 'Change the password: every other session ends and this one is replaced',
  tags: ['profile'],
  access: 'user',
  json: PasswordChangeSchema,
  responses: { 204: null },
  errors: { 429: WRONG_PASSWORD },
});

const sessionListRoute = apiRoute({
  method: 'get',
  path: '/profile/sessions',
  summary: "The user's live sessions, most recently seen first",
  tags: ['profile'],
  access: 'user',
  responses: { 200: ProfileSessionListSchema },
});

const sessionRevokeRoute = apiRoute({
  method: 'post',
  path: '/profile/sessions/revoke',
  summary: 'Log out everywhere else',
  tags: ['profile'],
  access: 'user',
  responses: { 204: null },
});

const sessionDeleteRoute = apiRoute({
  method: 'delete',
  path: '/profile/sessions/:id',
  summary: 'End one session (the current one logs out)',
  tags: ['profile'],
  access: 'user',
  params: SessionIdParamSchema,
  responses: { 204: null },
  errors: { 404: "Not one of the user's live sessions: `not_found`" },
});

export const profileRoutes = new ApiRouter()
  .guard(['/profile', '/profile/*'], requireUser)

  .endpoint(profileRoute, async (c) => {
    return c.json<ProfileResponse>(await readProfile(readContextOf(c), c.req.valid('query')));
  })

  /** Name, bio and image change at once; a new email waits for the link mailed to it (product.md §11). */
  .endpoint(profileUpdateRoute, async (c) => {
    const user = signedInUser(c);
    const { currentPassword, email, ...patch } = c.req.valid('json');
    const now = Date.now();
    const newEmail = email !== undefined && email !== user.email ? email : undefined;
    if (newEmail !== undefined) {
      await confirmCurrentPassword(c, user, currentPassword ?? '', now);
      if (isPasswordIdentity(currentPassword ?? '', { username: user.username, email: newEmail })) {
        throw validationFailed({ email: PASSWORD_IS_IDENTITY.replace('Password', 'Your password') });
      }
      if (await isEmailTaken(c.var.db, newEmail, user.id)) throw emailTakenConflict();
      const { waitSeconds } = await countAttempt(c.var.db, [{ key: `email-change:${user.id}`, throttle: EMAIL_CHANGE_THROTTLE }], now);
      if (waitSeconds > 0) throw rateLimited(waitSeconds, 'Too many email changes; try again later');
    }
    const updated = await updateProfile(c.var.db, user.id, patch, now);
    if (!updated) throw unauthenticated();
    if (newEmail === undefined) return c.json<ProfileUpdateResponse>({ user: updated });

    const { token, tokenHash } = await newHashedToken('eml_');
    await createEmailChange(c.var.db, { userId: user.id, newEmail, tokenHash, now, ttlMs: EMAIL_CHANGE_TTL_MS });
    mailAfterResponse(c, emailConfirmMail({ name: updated.name, email: newEmail }, token, EMAIL_CHANGE_TTL_MS));
    mailAfterResponse(c, emailChangeRequestedMail({ name: updated.name, email: user.email }, newEmail));
    return c.json<ProfileUpdateResponse>({ user: updated, pendingEmail: newEmail });
  })

  .endpoint(passwordChangeRoute, async (c) => {
    const user = signedInUser(c);
    const { currentPassword, newPassword } = c.req.valid('json');
    const now = Date.now();
    await confirmCurrentPassword(c, user, currentPassword, now);
    if (isPasswordIdentity(newPassword, user)) throw validationFailed({ newPassword: PASSWORD_IS_IDENTITY });
    await refuseCommonPassword(newPassword, 'newPassword');
    // This session is replaced too (new id, new cookie), in the batch that sets the password.
    const session = await newSession(c, user.id, now);
    await changePassword(c.var.db, {
      userId: user.id,
      passwordHash: await hashPassword(newPassword, c.env.PASSWORD_PEPPER),
      newSession: session.row,
      now,
    });
    await sendSessionCookie(c, session);
    mailAfterResponse(c, passwordChangedMail(user));
    return c.body(null, 204);
  })

  .endpoint(sessionListRoute, async (c) => c.json<ProfileSessionList>(await readSessions(readContextOf(c))))

  /** "Log out everywhere else". */
  .endpoint(sessionRevokeRoute, async (c) => {
    const user = signedInUser(c);
    const current = c.var.sessionId;
    if (current === null) throw unauthenticated();
    await deleteOtherSessions(c.var.db, user.id, current);
    return c.body(null, 204);
  })

  .endpoint(sessionDeleteRoute, async (c) => {
    const user = signedInUser(c);
    const ended = await deleteSessionOfUser(c.var.db, user.id, c.req.valid('param').id);
    if (ended === null) throw notFound('No such session');
    if (ended === c.var.sessionId) clearSessionCookie(c);
    return c.body(null, 204);
  });
