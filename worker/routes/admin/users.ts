// `/api/admin/users`: accounts listed and searched; create with a role; edit, disable, set a password;
// delete when they have nothing — and never without an active admin left.
import {
  AdminUserCreateSchema,
  AdminUserQuerySchema,
  AdminUserUpdateSchema,
  PASSWORD_IS_USER_IDENTITY,
  type AdminPasswordResetSent,
  type AdminUserList,
  type AdminUserResponse,
  type PostAuthorList,
} from '../../../contracts/admin';
import { AdminPasswordResetSentSchema, AdminUserListSchema, AdminUserResponseSchema, PostAuthorListSchema } from '../../../contracts/admin-responses';
import { UsernameParamSchema } from '../../../contracts/profile';
import { isPasswordIdentity } from '../../../contracts/users';
import { ROLE_AUTHOR } from '../../../contracts/roles';
import { apiRoute, ApiRouter } from '../../lib/api-router';
import { conflict, notFound, validationFailed } from '../../lib/http-error';
import { accountTakenConflict } from '../../services/account-taken';
import { passwordChangedMail } from '../../lib/mail-messages';
import { hashPassword } from '../../lib/password';
import { refuseCommonPassword } from '../../lib/password-common';
import { newResetToken } from '../../lib/password-reset';
import { mailAfterResponse, mailResetLink } from '../../services/site-mail';
import { signedInUser } from '../../lib/permissions';
import { startSession } from '../../services/sign-in';
import { createAccount } from '../../services/user-writes';
import { loadUser, readAdminUser, readAdminUsers, readPostAuthors } from '../../services/admin-reads';
import { readContextOf } from '../../services/read-context';
import {
  deleteAdminUser,
  toAdminUser,
  updateAdminUser,
  type AdminUserPatch,
} from '../../queries/admin-users';
import { createResetForUser } from '../../queries/password-resets';
import { PASSWORD_RESET_TTL_MS } from '../../../contracts/password-reset';

const LAST_ADMIN = 'There must always be at least one active admin';

const NO_SUCH_USER = 'No such user: `not_found`';

const authorListRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Every account that has a post, by name: the choices of the posts list author filter',
  tags: ['admin'],
  access: 'admin',
  responses: { 200: PostAuthorListSchema },
});

const userListRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Accounts, newest first (25 a page), searched by username, name or email, filtered by role',
  tags: ['admin'],
  access: 'admin',
  query: AdminUserQuerySchema,
  responses: { 200: AdminUserListSchema },
});

const userCreateRoute = apiRoute({
  method: 'post',
  path: '/',
  summary: 'Create an account with a role',
  tags: ['admin'],
  access: 'admin',
  json: AdminUserCreateSchema,
  responses: { 201: AdminUserResponseSchema },
  errors: { 409: 'The username or email is taken: `conflict` with the field' },
});

const userRoute = apiRoute({
  method: 'get',
  path: '/:username',
  summary: 'One account',
  tags: ['admin'],
  access: 'admin',
  params: UsernameParamSchema,
  responses: { 200: AdminUserResponseSchema },
  errors: { 404: NO_SUCH_USER },
});

const userUpdateRoute = apiRoute({
  method: 'patch',
  path: '/:username',
  summary: 'Change any of name, email, bio, image, role, disabled, password',
  description: 'Disabling or a new password ends every session of the user.',
  tags: ['admin'],
  access: 'admin',
  params: UsernameParamSchema,
  json: AdminUserUpdateSchema,
  responses: { 200: AdminUserResponseSchema },
  errors: { 404: NO_SUCH_USER, 409: 'The email is taken, or this would leave no active admin: `conflict` with the field' },
});

const userResetRoute = apiRoute({
  method: 'post',
  path: '/:username/password-reset',
  summary: 'Mail the user a link to choose a new password',
  tags: ['admin'],
  access: 'admin',
  params: UsernameParamSchema,
  responses: { 202: AdminPasswordResetSentSchema },
  errors: { 404: NO_SUCH_USER, 409: 'The account is disabled: `conflict`' },
});

const userDeleteRoute = apiRoute({
  method: 'delete',
  path: '/:username',
  summary: 'Delete an account that has no posts and no uploads',
  tags: ['admin'],
  access: 'admin',
  params: UsernameParamSchema,
  responses: { 204: null },
  errors: { 404: NO_SUCH_USER, 409: 'The user has posts or uploads (disable them instead), or is the last active admin: `conflict`' },
});

/** `/api/admin/authors`: the accounts the posts list can be filtered by (its own path: `users/:username` takes any name). */
export const adminAuthorRoutes = new ApiRouter().endpoint(authorListRoute, async (c) =>
  c.json<PostAuthorList>(await readPostAuthors(readContextOf(c))),
);

export const adminUserRoutes = new ApiRouter()
  .endpoint(userListRoute, async (c) => {
    return c.json<AdminUserList>(await readAdminUsers(readContextOf(c), c.req.valid('query')));
  })

  .endpoint(userCreateRoute, async (c) => {
    const input = c.req.valid('json');
    await refuseCommonPassword(input.password, 'password');
    const row = await createAccount(c.var.db, {
      username: input.username,
      name: input.name,
      email: input.email,
      passwordHash: await hashPassword(input.password, c.env.PASSWORD_PEPPER),
      role: input.role,
      bio: input.bio ?? '',
    });
    return c.json<AdminUserResponse>({ user: toAdminUser({ ...row, postCount: 0 }) }, 201);
  })

  .endpoint(userRoute, async (c) =>
    c.json<AdminUserResponse>({ user: await readAdminUser(readContextOf(c), c.req.valid('param')) }),
  )

  /**
   * Any of name, email, bio, image, role, disabled, password. Disabling ends every session of the user
   * at once; so does a new password — an admin who sets their own gets a fresh session in place of
   * theirs, as a password change from the profile does. Demoting or disabling the last active admin
   * → 409, nothing changes.
   */
  .endpoint(userUpdateRoute, async (c) => {
    const db = c.var.db;
    const me = signedInUser(c);
    const target = await loadUser(db, c.req.valid('param').username);
    const { password, ...fields } = c.req.valid('json');
    const patch: AdminUserPatch = { ...fields };
    if (password !== undefined) {
      if (isPasswordIdentity(password, target) || isPasswordIdentity(password, { email: fields.email })) {
        throw validationFailed({ password: PASSWORD_IS_USER_IDENTITY });
      }
      await refuseCommonPassword(password, 'password');
      patch.passwordHash = await hashPassword(password, c.env.PASSWORD_PEPPER);
    }
    let outcome;
    try {
      outcome = await updateAdminUser(db, {
        id: target.id,
        patch,
        now: Date.now(),
      });
    } catch (err) {
      throw accountTakenConflict(err) ?? err;
    }
    if (!outcome.ok) {
      if (outcome.reason === 'gone') throw notFound('No such user');
      const field = patch.role === ROLE_AUTHOR ? 'role' : 'disabled';
      throw conflict(LAST_ADMIN, { [field]: `${LAST_ADMIN}; make another admin first` });
    }
    if (patch.passwordHash !== undefined && target.id === me.id && patch.disabled !== true) await startSession(c, me.id);
    const user = await loadUser(db, target.username);
    if (patch.passwordHash !== undefined) mailAfterResponse(c, passwordChangedMail(user));
    return c.json<AdminUserResponse>({ user: toAdminUser(user) });
  })

  /** "Send a reset link": the user chooses their own new password; the admin never learns it. */
  .endpoint(userResetRoute, async (c) => {
    const target = await loadUser(c.var.db, c.req.valid('param').username);
    if (target.disabledAt !== null) throw conflict('This account is disabled; enable it before sending a reset link');
    const { token, tokenHash } = await newResetToken();
    await createResetForUser(c.var.db, { userId: target.id, tokenHash, now: Date.now(), ttlMs: PASSWORD_RESET_TTL_MS });
    mailResetLink(c, target, token);
    return c.json<AdminPasswordResetSent>({ message: `A reset link is on its way to ${target.email}.` }, 202);
  })

  .endpoint(userDeleteRoute, async (c) => {
    const target = await loadUser(c.var.db, c.req.valid('param').username);
    const outcome = await deleteAdminUser(c.var.db, target.id);
    if (!outcome.ok) {
      if (outcome.reason === 'gone') throw notFound('No such user');
      if (outcome.reason === 'has_posts') {
        const n = outcome.posts;
        throw conflict(`${target.name} has ${n} ${n === 1 ? 'post' : 'posts'}; disable the account instead`);
      }
      if (outcome.reason === 'has_media') throw conflict(`${target.name} has uploaded images; disable the account instead`);
      throw conflict(LAST_ADMIN);
    }
    return c.body(null, 204);
  });
