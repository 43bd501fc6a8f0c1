// Data access for people as readers and as themselves: author pages, own profile edits, password change.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ProfileUser } from '../../contracts/profile';
import type { ListPage } from '../../contracts/lists';
import type { PostSummary } from '../../contracts/posts';
import { toRole, type PublicUser } from '../../contracts/roles';
import { builtOnce, runBuilt, runBuiltTogether } from '../db/built-once';
import { sessions, users } from '../db/schema';
import type { Db } from '../env';
import { toListPage } from './list-page';
import { closeResetsQuery } from './password-resets';
import { postsAlias, visibleToReaders } from './post-visibility';
import { toSummary } from './post-summaries';
import { answeredPageSize, postsPerPageRead, type ListPageSize } from './posts-per-page';
import { publishedPageQueries } from './published-posts';
import { insertSessionQuery, type NewSession } from './sessions';

const publicColumns = { id: users.id, username: users.username, name: users.name, bio: users.bio, image: users.image };

const publicUser = (username: string) =>
  builtOnce('public-user', { username }, (db, p) =>
    db
      .select(publicColumns)
      .from(users)
      .where(and(eq(users.username, p.username), isNull(users.disabledAt)))
      .limit(1),
  );

/** An enabled user by username, with the public fields only; disabled or unknown → null. */
export async function findPublicUser(db: Db, username: string): Promise<(PublicUser & { id: number }) | null> {
  const [row] = await runBuilt(db, publicUser(username));
  return row ?? null;
}

/**
 * An author page in one round trip: the enabled user by username and a page of their visible published
 * posts with its total; an unknown or disabled user → null.
 */
export async function findAuthorPage(
  db: Db,
  input: { username: string; now: number; page: number; pageSize: ListPageSize },
): Promise<{ user: PublicUser; posts: ListPage<PostSummary> } | null> {
  const filter = { now: input.now, page: input.page, pageSize: input.pageSize, authorUsername: input.username };
  const [found, rows, total, perPage] = await runBuiltTogether(db, [publicUser(input.username), ...publishedPageQueries(filter), postsPerPageRead()]);
  const user = found[0];
  if (!user) return null;
  return { user: toPublicUser(user), posts: toListPage(rows.map(toSummary), total, { page: input.page, pageSize: answeredPageSize(input.pageSize, perPage) }) };
}

const toPublicUser = (u: PublicUser): PublicUser => ({ username: u.username, name: u.name, bio: u.bio, image: u.image });

export const toProfileUser = (u: PublicUser & { email: string; role: number }): ProfileUser => ({
  ...toPublicUser(u),
  email: u.email,
  role: toRole(u.role),
});

/** Applies the profile patch (the email changes only by a confirmed link: queries/email-changes.ts). */
export async function updateProfile(
  db: Db,
  userId: number,
  patch: { name?: string; bio?: string; image?: string | null },
  now: number,
): Promise<ProfileUser | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date(now) })
    .where(eq(users.id, userId))
    .returning({ username: users.username, name: users.name, bio: users.bio, image: users.image, email: users.email, role: users.role });
  return row ? toProfileUser(row) : null;
}

export async function findPasswordHash(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.hash ?? null;
}

/**
 * Sets a new password hash and, in the same atomic batch, ends every session of the user (the
 * current one too) and stores `newSession` in its place: a session id never outlives a password.
 * Open reset links close too: one mailed before the change must not undo it.
 */
export async function changePassword(
  db: Db,
  input: { userId: number; passwordHash: string; newSession: NewSession; now: number },
): Promise<void> {
  await db.batch([
    db.update(users).set({ passwordHash: input.passwordHash, updatedAt: new Date(input.now) }).where(eq(users.id, input.userId)),
    db.delete(sessions).where(eq(sessions.userId, input.userId)),
    insertSessionQuery(db, input.newSession),
    closeResetsQuery(db, input.userId, input.now),
  ]);
}

/**
 * Enabled authors with at least one visible published post, for the sitemap: users in username order
 * (its unique index), each checked and dated through the (author_id, status, published_at) index.
 */
export function listPublishingAuthors(db: Db, now: number) {
  const visible = sql`p.author_id = "users"."id" AND ${visibleToReaders(now, postsAlias('p'))}`;
  return db
    .select({
      username: users.username,
      lastPublishedAt: sql<number>`(SELECT max(p.published_at) FROM posts AS p WHERE ${visible})`,
    })
    .from(users)
    .where(and(isNull(users.disabledAt), sql`EXISTS (SELECT 1 FROM posts AS p WHERE ${visible})`))
    .orderBy(asc(users.username));
}
