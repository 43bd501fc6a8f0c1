// The signed-in user's own profile: details and own posts of every status, edits, password change.
import { Hono } from 'hono';
import { PageQuerySchema, PUBLIC_PAGE_SIZE } from '../../contracts/lists';
import {
  PasswordChangeSchema,
  ProfileUpdateSchema,
  type ProfileResponse,
  type ProfileUpdateResponse,
} from '../../contracts/profile';
import type { AppEnv } from '../env';
import { rateLimited, unauthenticated, validationFailed } from '../lib/http-error';
import { hashPassword, verifyPassword } from '../lib/password';
import { signedInUser } from '../lib/permissions';
import { newSession, sendSessionCookie } from '../lib/sign-in';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/require-user';
import { clearAttempts, countAttempt, type Throttle } from '../queries/login-attempts';
import { listPostsOfAuthor } from '../queries/posts';
import { changePassword, findPasswordHash, toProfileUser, updateProfile } from '../queries/profile';

// Guessing the current password from a stolen session is throttled like logins are.
const PASSWORD_THROTTLE: Throttle = { limit: 5, windowMs: 15 * 60 * 1000 };

export const profileRoutes = new Hono<AppEnv>()
  .use('/profile', requireUser)
  .use('/profile/*', requireUser)

  .get('/profile', validate('query', PageQuerySchema), async (c) => {
    const user = signedInUser(c);
    const { page } = c.req.valid('query');
    const posts = await listPostsOfAuthor(c.var.db, { authorId: user.id, page, pageSize: PUBLIC_PAGE_SIZE });
    return c.json<ProfileResponse>({ user: toProfileUser(user), posts });
  })

  .patch('/profile', validate('json', ProfileUpdateSchema), async (c) => {
    const user = signedInUser(c);
    const patch = c.req.valid('json');
    const updated = await updateProfile(c.var.db, user.id, patch, Date.now());
    if (!updated) throw unauthenticated();
    return c.json<ProfileUpdateResponse>({ user: updated });
  })

  .post('/profile/password', validate('json', PasswordChangeSchema), async (c) => {
    const user = signedInUser(c);
    const { currentPassword, newPassword } = c.req.valid('json');
    const db = c.var.db;
    const now = Date.now();
    const key = `password:${user.id}`;
    const { waitSeconds } = await countAttempt(db, [{ key, throttle: PASSWORD_THROTTLE }], now);
    if (waitSeconds > 0) throw rateLimited(waitSeconds, 'Too many wrong passwords; try again later');

    const stored = await findPasswordHash(db, user.id);
    if (stored === null) throw unauthenticated();
    if (!(await verifyPassword(currentPassword, stored, c.env.PASSWORD_PEPPER))) {
      throw validationFailed({ currentPassword: 'That is not your current password' });
    }
    await clearAttempts(db, [key]);
    const lowered = newPassword.toLowerCase();
    if (lowered === user.username.toLowerCase() || lowered === user.email.toLowerCase()) {
      throw validationFailed({ newPassword: 'Password must not be your username or email' });
    }
    // This session is replaced too (new id, new cookie), in the batch that sets the password.
    const session = await newSession(c, user.id, now);
    await changePassword(db, {
      userId: user.id,
      passwordHash: await hashPassword(newPassword, c.env.PASSWORD_PEPPER),
      newSession: session.row,
      now,
    });
    await sendSessionCookie(c, session);
    return c.body(null, 204);
  });
