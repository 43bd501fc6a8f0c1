// Data access for the admin's view of accounts: lists, one account, edits and deletion, with the rule
// that there is always at least one active admin enforced by the writes themselves (race-safe).
import { and, count, desc, eq, or, sql, type Column, type SQL } from 'drizzle-orm';
import { containsPattern, type AdminUser } from '../../contracts/admin';
import type { ListPage } from '../../contracts/lists';
import { ROLE_ADMIN, ROLE_AUTHOR, toRole, type Role } from '../../contracts/roles';
import { sessions, users } from '../db/schema';
import type { Db } from '../env';
import { pageOffset, toListPage } from './list-page';
import { closeResetsQuery } from './password-resets';

// Raw SQL with its own alias: drizzle leaves columns unqualified in single-table selects.
const postCountOfUser = sql<number>`(SELECT count(*) FROM posts AS p WHERE p.author_id = "users"."id")`;

const adminUserColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  bio: users.bio,
  image: users.image,
  role: users.role,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
  postCount: postCountOfUser,
};

export interface AdminUserRow {
  id: number;
  username: string;
  name: string;
  email: string;
  bio: string;
  image: string | null;
  role: number;
  disabledAt: Date | null;
  createdAt: Date;
  postCount: number;
}

export const toAdminUser = (r: AdminUserRow): AdminUser => ({
  username: r.username,
  name: r.name,
  email: r.email,
  bio: r.bio,
  image: r.image,
  role: toRole(r.role),
  disabled: r.disabledAt !== null,
  createdAt: r.createdAt.toISOString(),
  postCount: Number(r.postCount),
});

/** Every account with at least one post (any status), by name: the admin posts list's author choices. */
export function listPostAuthors(db: Db): Promise<{ username: string; name: string }[]> {
  return db
    .select({ username: users.username, name: users.name })
    .from(users)
    .where(sql`EXISTS (SELECT 1 FROM posts AS p WHERE p.author_id = "users"."id")`)
    .orderBy(users.name, users.username);
}

/** The `limit` newest accounts (users_created_idx), as a query to run or batch. */
export const latestUsersQuery = (db: Db, limit: number) =>
  db.select(adminUserColumns).from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(limit);

export interface AdminUserFilter {
  role?: Role;
  /** A plain substring of the username, name or email. */
  q?: string;
}

function adminUsersWhere(f: AdminUserFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.role !== undefined) parts.push(eq(users.role, f.role));
  if (f.q !== undefined) {
    const pattern = containsPattern(f.q);
    const like = (column: Column) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
    parts.push(or(like(users.username), like(users.name), like(users.email)) as SQL);
  }
  return parts.length > 0 ? and(...parts) : undefined;
}

/** A page of accounts, newest first (users_created_idx, or users_role_created_idx with a role). */
export async function listAdminUsers(db: Db, filter: AdminUserFilter & { page: number; pageSize: number }): Promise<ListPage<AdminUser>> {
  const where = adminUsersWhere(filter);
  const [rows, total] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(filter.pageSize)
      .offset(pageOffset(filter)),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return toListPage(rows.map(toAdminUser), total, filter);
}

/** One account by username, enabled or not; unknown → null. */
export async function findAdminUser(db: Db, username: string): Promise<(AdminUserRow & { passwordHash: string }) | null> {
  const [row] = await db
    .select({ ...adminUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.username, username))
    .limit(1);
  return row ?? null;
}

/**
 * True unless the row is an active admin and no other active admin exists. A write that would take
 * an active admin away (demote, disable, delete) carries it in its own WHERE, so two such writes
 * racing each other can never both succeed: D1 runs each statement atomically, one after another.
 */
const keepsAnActiveAdmin = (id: number): SQL =>
  sql`(NOT (${users.role} = ${ROLE_ADMIN} AND ${users.disabledAt} IS NULL)
    OR (SELECT count(*) FROM users AS u2 WHERE u2.role = ${ROLE_ADMIN} AND u2.disabled_at IS NULL AND u2.id != ${id}) > 0)`;

export interface AdminUserPatch {
  name?: string;
  email?: string;
  bio?: string;
  image?: string | null;
  role?: Role;
  disabled?: boolean;
  passwordHash?: string;
}

export type AdminUserWriteOutcome = { ok: true } | { ok: false; reason: 'gone' | 'last_admin' };

/**
 * Applies an admin's edit in one atomic batch. Disabling sets disabled_at (kept if already set) and
 * deletes every session of the user; so does a new password. The session deletes are conditioned
 * on the new state, so an edit refused as the last admin's ends nothing. A new password or email also
 * closes the user's open reset links.
 */
export async function updateAdminUser(
  db: Db,
  input: { id: number; patch: AdminUserPatch; now: number },
): Promise<AdminUserWriteOutcome> {
  const { id, patch, now } = input;
  const removesAnAdmin = patch.role === ROLE_AUTHOR || patch.disabled === true;
  const where = removesAnAdmin ? and(eq(users.id, id), keepsAnActiveAdmin(id)) : eq(users.id, id);
  const disabledAt =
    patch.disabled === true ? sql`coalesce(${users.disabledAt}, ${now})` : patch.disabled === false ? null : undefined;

  const update = db
    .update(users)
    .set({
      name: patch.name,
      email: patch.email,
      bio: patch.bio,
      image: patch.image,
      role: patch.role,
      passwordHash: patch.passwordHash,
      disabledAt,
      updatedAt: new Date(now),
    })
    .where(where)
    .returning({ id: users.id });

  const endSessions: ReturnType<typeof deleteSessionsWhen>[] = [];
  if (patch.disabled === true) {
    endSessions.push(deleteSessionsWhen(db, id, sql`u2.disabled_at IS NOT NULL`));
  }
  if (patch.passwordHash !== undefined) {
    endSessions.push(deleteSessionsWhen(db, id, sql`u2.password_hash = ${patch.passwordHash}`));
  }
  // A new password or email closes open reset links: one mailed before must not undo the admin's change.
  const closeResets = patch.passwordHash !== undefined || patch.email !== undefined ? [closeResetsQuery(db, id, now)] : [];
  const [updated] = await db.batch([update, ...endSessions, ...closeResets]);
  if (updated.length === 1) return { ok: true };
  return { ok: false, reason: (await userExists(db, id)) ? 'last_admin' : 'gone' };
}

/** Deletes the user's sessions only if the user row now satisfies `state` (alias u2). */
function deleteSessionsWhen(db: Db, userId: number, state: SQL) {
  return db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), sql`EXISTS (SELECT 1 FROM users AS u2 WHERE u2.id = ${userId} AND ${state})`));
}

async function userExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row !== undefined;
}

export type AdminUserDeleteOutcome =
  | { ok: true }
  | { ok: false; reason: 'gone' | 'last_admin' | 'has_media' }
  | { ok: false; reason: 'has_posts'; posts: number };

/**
 * Deletes an account that has no posts and no uploads and is not the last active admin, all checked
 * by the DELETE itself; their sessions go with it (ON DELETE CASCADE). On refusal, says why.
 */
export async function deleteAdminUser(db: Db, id: number): Promise<AdminUserDeleteOutcome> {
  const deleted = await db
    .delete(users)
    .where(
      and(
        eq(users.id, id),
        sql`NOT EXISTS (SELECT 1 FROM posts AS p WHERE p.author_id = ${id})`,
        sql`NOT EXISTS (SELECT 1 FROM media AS m WHERE m.owner_id = ${id})`,
        keepsAnActiveAdmin(id),
      ),
    )
    .returning({ id: users.id });
  if (deleted.length === 1) return { ok: true };

  const [row] = await db
    .select({
      posts: sql<number>`(SELECT count(*) FROM posts AS p WHERE p.author_id = ${id})`,
      media: sql<number>`(SELECT count(*) FROM media AS m WHERE m.owner_id = ${id})`,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!row) return { ok: false, reason: 'gone' };
  if (Number(row.posts) > 0) return { ok: false, reason: 'has_posts', posts: Number(row.posts) };
  if (Number(row.media) > 0) return { ok: false, reason: 'has_media' };
  return { ok: false, reason: 'last_admin' };
}
