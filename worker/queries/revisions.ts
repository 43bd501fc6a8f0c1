// Data access for revisions (post_revisions, migration 0009): the content a post had before each update
// of its title, excerpt or body, the newest REVISIONS_KEPT a post. Answers data, never HTTP errors.
import { and, desc, eq, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { REVISIONS_KEPT } from '../../contracts/limits';
import type { Revision, RevisionSummary } from '../../contracts/revisions';
import { NOW_MS, postRevisions, posts, users } from '../db/schema';
import type { Db } from '../env';

const summaryColumns = {
  id: postRevisions.id,
  version: postRevisions.version,
  title: postRevisions.title,
  createdAt: postRevisions.createdAt,
  authorUsername: users.username,
  authorName: users.name,
};

type SummaryRow = { id: number; version: number; title: string; createdAt: Date; authorUsername: string | null; authorName: string | null };

const toSummary = (r: SummaryRow): RevisionSummary => ({
  id: r.id,
  version: r.version,
  title: r.title,
  createdAt: r.createdAt.toISOString(),
  author: r.authorUsername !== null && r.authorName !== null ? { username: r.authorUsername, name: r.authorName } : null,
});

/** A post's revisions, newest first (index post_revisions_post_idx; at most REVISIONS_KEPT rows). */
export async function listRevisions(db: Db, postId: number): Promise<RevisionSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(postRevisions)
    .leftJoin(users, eq(users.id, postRevisions.authorId))
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.id))
    .limit(REVISIONS_KEPT);
  return rows.map(toSummary);
}

/** One revision of the post `postId`, or null (unknown, or a revision of another post). */
export async function findRevision(db: Db, postId: number, id: number): Promise<Revision | null> {
  const [row] = await db
    .select({ ...summaryColumns, excerpt: postRevisions.excerpt, body: postRevisions.body })
    .from(postRevisions)
    .leftJoin(users, eq(users.id, postRevisions.authorId))
    .where(and(eq(postRevisions.id, id), eq(postRevisions.postId, postId)))
    .limit(1);
  return row ? { ...toSummary(row), excerpt: row.excerpt, body: row.body } : null;
}

/**
 * For an update's batch, before the posts UPDATE: keeps the post's current content as a revision when
 * the post still has `version` and the new title, excerpt or body differs; then drops all but the newest
 * REVISIONS_KEPT of the post. Both read the post as it is before the update in the same atomic batch.
 */
export function keepRevisionQueries(db: Db, input: { postId: number; version: number; title: string; excerpt: string; body: string }) {
  const previous = db
    .select({
      id: sql<null>`NULL`.as('id'),
      postId: posts.id,
      version: posts.version,
      title: posts.title,
      excerpt: posts.excerpt,
      body: posts.body,
      authorId: sql<number>`coalesce(${posts.editedBy}, ${posts.authorId})`.as('author_id'),
      createdAt: NOW_MS.as('created_at'),
    })
    .from(posts)
    .where(
      and(
        eq(posts.id, input.postId),
        eq(posts.version, input.version),
        or(ne(posts.title, input.title), ne(posts.excerpt, input.excerpt), ne(posts.body, input.body)),
      ),
    );
  const oldestKept = sql`(SELECT r.id FROM post_revisions AS r WHERE r.post_id = ${input.postId} ORDER BY r.id DESC LIMIT 1 OFFSET ${REVISIONS_KEPT - 1})`;
  return [
    db.insert(postRevisions).select(previous),
    db.delete(postRevisions).where(and(eq(postRevisions.postId, input.postId), lt(postRevisions.id, oldestKept))),
  ] as const;
}

/** "The post still has the version the editor loaded", as a condition for the statements of its update's batch. */
export const postHasVersion = (postId: number, version: number): SQL =>
  sql`EXISTS (SELECT 1 FROM posts AS vp WHERE vp.id = ${postId} AND vp.version = ${version})`;
