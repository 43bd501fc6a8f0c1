// Invites (decision 055): sending, resending and revoking them (who may invite which role is the permission
// table's `invitableRoles`), and accepting one, which creates the account under every registration policy.
import type { Context } from 'hono';
import { INVALID_INVITE_TOKEN, INVITE_TOKEN, INVITE_TTL_MS, INVITES_PER_HOUR, type InviteCheck, type InviteCreated, type InviteList } from '../../contracts/invites';
import { ADMIN_PAGE_SIZE } from '../../contracts/list-page';
import { invitableRoles } from '../../contracts/permissions';
import { roleLabel, type Role } from '../../contracts/roles';
import { isPasswordIdentity, PASSWORD_IS_IDENTITY } from '../../contracts/users';
import type { AppEnv, Db, SessionUser } from '../env';
import { conflict, forbidden, HttpError, notFound, rateLimited, validationFailed } from '../lib/http-error';
import { inviteMail } from '../lib/mail-messages';
import { hashPassword } from '../lib/password';
import { refuseCommonPassword } from '../lib/password-common';
import { hashToken, newHashedToken } from '../lib/session-token';
import { uniqueViolationOf } from '../db/constraint-failure';
import { acceptInvite, deleteInvite, findInvite, findLiveInvite, insertInvite, listInvites, renewInvite, type InviteRow } from '../queries/invites';
import { isEmailTaken, type UserRow } from '../queries/users';
import { countAttempt } from '../queries/login-attempts';
import { accountTakenConflict } from './account-taken';
import type { ReadContext } from './read-context';
import { mailAfterResponse } from './site-mail';

export const invalidInviteToken = () => new HttpError(400, 'invalid_token', INVALID_INVITE_TOKEN);

const INVITE_PENDING = 'An invite to that address is already waiting; resend or revoke it instead';
const HAS_ACCOUNT = 'That email already has an account';

/** The role, if `user` may invite it (and so resend or revoke an invite to it); else 403. */
function requireInvitable(user: SessionUser, role: Role): void {
  if (!invitableRoles(user).includes(role)) throw forbidden(`Your role may not invite ${roleLabel(role).toLowerCase()}s`);
}

const created = (row: InviteRow): InviteCreated => ({ id: row.id, email: row.email, role: row.role, expiresAt: row.expiresAt.toISOString() });

function mailInvite<E extends AppEnv>(c: Context<E>, inviter: SessionUser, row: InviteRow, token: string): void {
  mailAfterResponse(
    c,
    inviteMail({ email: row.email, role: roleLabel(row.role), inviter: inviter.name, token, expiresAt: row.expiresAt, validMs: INVITE_TTL_MS }),
  );
}

const newInviteToken = () => newHashedToken('inv_');

/** Each invite mail counts against its sender's hour; past INVITES_PER_HOUR → 429 with Retry-After, nothing sent. */
async function countInviteMail(db: Db, inviter: SessionUser): Promise<void> {
  const counter = { key: `invite-mail:${inviter.id}`, throttle: { limit: INVITES_PER_HOUR, windowMs: 60 * 60 * 1000 } };
  const { waitSeconds } = await countAttempt(db, [counter], Date.now());
  if (waitSeconds > 0) throw rateLimited(waitSeconds, 'Too many invites sent in the last hour; try again later');
}

/** `POST /api/admin/invites`: stores the invite and mails its link; 403 for a role the inviter may not give, 409 for a taken or invited address. */
export async function sendInvite(c: Context<AppEnv>, inviter: SessionUser, input: { email: string; role: Role }): Promise<InviteCreated> {
  requireInvitable(inviter, input.role);
  const db = c.var.db;
  if (await isEmailTaken(db, input.email, 0)) throw conflict(HAS_ACCOUNT, { email: HAS_ACCOUNT });
  await countInviteMail(db, inviter);
  const { token, tokenHash } = await newInviteToken();
  let row: InviteRow;
  try {
    row = await insertInvite(db, { ...input, tokenHash, invitedBy: inviter.id, now: Date.now(), ttlMs: INVITE_TTL_MS });
  } catch (err) {
    if (uniqueViolationOf(err)?.includes('email')) throw conflict(INVITE_PENDING, { email: INVITE_PENDING });
    throw err;
  }
  mailInvite(c, inviter, row, token);
  return created(row);
}

/** The invite `id` if `user` may act on it (its role is one they may invite), else 404 / 403. */
async function loadInvite(db: Db, user: SessionUser, id: number): Promise<InviteRow> {
  const invite = await findInvite(db, id);
  if (!invite) throw notFound('No such invite');
  requireInvitable(user, invite.role);
  return invite;
}

/** `POST /api/admin/invites/:id/resend`: a new link (the old one stops working), 7 more days, the mail again. */
export async function resendInvite(c: Context<AppEnv>, user: SessionUser, id: number): Promise<InviteCreated> {
  await loadInvite(c.var.db, user, id);
  await countInviteMail(c.var.db, user);
  const { token, tokenHash } = await newInviteToken();
  const row = await renewInvite(c.var.db, { id, tokenHash, now: Date.now(), ttlMs: INVITE_TTL_MS });
  if (!row) throw notFound('No such invite'); // accepted or revoked meanwhile
  mailInvite(c, user, row, token);
  return created(row);
}

/** `DELETE /api/admin/invites/:id`: the link stops working. */
export async function revokeInvite(db: Db, user: SessionUser, id: number): Promise<void> {
  await loadInvite(db, user, id);
  if (!(await deleteInvite(db, id))) throw notFound('No such invite');
}

export const readInvites = ({ db, now }: ReadContext, { page }: { page: number }): Promise<InviteList> =>
  listInvites(db, { page, pageSize: ADMIN_PAGE_SIZE, now });

/** The live invite a link names, or null (malformed, unknown, used, revoked, replaced or expired alike). */
async function liveInviteOf(db: Db, token: string, now: number): Promise<{ invite: InviteRow; tokenHash: string } | null> {
  if (!INVITE_TOKEN.test(token)) return null;
  const tokenHash = await hashToken(token);
  const invite = await findLiveInvite(db, tokenHash, now);
  return invite ? { invite, tokenHash } : null;
}

/** `GET /api/auth/invite?token=`: the address and role the accept page shows; nothing more for a link that does not work. */
export async function readInviteCheck({ db, now }: ReadContext, { token }: { token: string }): Promise<InviteCheck> {
  const live = await liveInviteOf(db, token, now);
  return live ? { valid: true, email: live.invite.email, role: live.invite.role } : { valid: false };
}

/**
 * `POST /api/auth/invite/accept`: the account with the invite's email and role, made once; the
 * caller signs the browser in. Answers the account; a bad link → 400 `invalid_token`; register's username and password rules apply
 * (the link stays usable after a refused password or a taken username).
 */
export async function acceptInviteLink(
  c: Context<AppEnv>,
  input: { token: string; username: string; name: string; password: string },
): Promise<UserRow> {
  const db = c.var.db;
  const now = Date.now();
  const live = await liveInviteOf(db, input.token, now);
  if (!live) throw invalidInviteToken();
  if (isPasswordIdentity(input.password, { username: input.username, email: live.invite.email })) {
    throw validationFailed({ password: PASSWORD_IS_IDENTITY });
  }
  await refuseCommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password, c.env.PASSWORD_PEPPER);
  let user: UserRow | null;
  try {
    user = await acceptInvite(db, { tokenHash: live.tokenHash, now, username: input.username, name: input.name, passwordHash });
  } catch (err) {
    throw accountTakenConflict(err) ?? err;
  }
  if (user === null) throw invalidInviteToken(); // used, revoked or resent meanwhile: nothing changed
  return user;
}
