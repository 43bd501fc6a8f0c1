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
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/require-user';
import { clearAttempts, recordFailure, secondsUntilAllowed, type Throttle } from '../queries/login-attempts';
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
    c.header('Cache-Control', 'private, no-store');
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
    const keys = [`password:${user.id}`];
    const wait = await secondsUntilAllowed(db, keys, PASSWORD_THROTTLE, now);
    if (wait > 0) throw rateLimited(wait, 'Too many wrong passwords; try again later');

    const stored = await findPasswordHash(db, user.id);
    if (stored === null) throw unauthenticated();
    if (!(await verifyPassword(currentPassword, stored, c.env.PASSWORD_PEPPER))) {
      await recordFailure(db, keys, PASSWORD_THROTTLE, now);
      throw validationFailed({ currentPassword: 'That is not your current password' });
    }
    const lowered = newPassword.toLowerCase();
    if (lowered === user.username.toLowerCase() || lowered === user.email.toLowerCase()) {
      throw validationFailed({ newPassword: 'Password must not be your username or email' });
    }
    await clearAttempts(db, keys);
    await changePassword(db, {
      userId: user.id,
      passwordHash: await hashPassword(newPassword, c.env.PASSWORD_PEPPER),
      keepSessionId: c.var.sessionId,
      now,
    });
    return c.body(null, 204);
  });
