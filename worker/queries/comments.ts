// Data access for comments (migration 0026, decision 068): each read is one indexed query (their plans are
// checked in tests/worker/comments-query-plans.test.ts); writes leave counts and the edge cache's generation
// to the triggers.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AdminComment, CommentCounts, CommentStatus, PublicComment } from '../../contracts/comments';
import { builtOnce, runBuilt } from '../db/built-once';
import { comments, posts, users } from '../db/schema';
import type { Db } from '../env';
import { pageOffset } from './list-page';
import { visibleToReaders } from './post-visibility';

/** A post as commenting needs it: who wrote it (the mail, byAuthor, moderation), whether it is shown and open. */
export interface CommentablePost {
  id: number;
  slug: string;
  title: string;
  status: 'draft' | 'pending' | 'published';
  publishedAt: Date | null;
  commentsOpen: boolean;
  authorId: number;
  authorName: string;
  authorEmail: string;
}

export async function findCommentablePost(db: Db, slug: string): Promise<CommentablePost | undefined> {
  const [row] = await db
    .select({
      id: posts.id,
      slug: posts.slug,
      title: posts.title,
      status: posts.status,
      publishedAt: posts.publishedAt,
      commentsOpen: posts.commentsOpen,
      authorId: posts.authorId,
      authorName: users.name,
      authorEmail: users.email,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(eq(posts.slug, slug))
    .limit(1);
  return row;
}

const byAuthor = sql<number>`coalesce(${comments.userId} = ${posts.authorId}, 0)`.mapWith((v: unknown) => v === 1 || v === true);

/** A post's approved comments, oldest first (a page shows them threaded): by its id, or by its slug while readers see it. */
export async function listApprovedComments(db: Db, post: { postId: number } | { slug: string; now: number }): Promise<PublicComment[]> {
  const approvedOf = (built: Db, ofPost: SQL) =>
    built
      .select({ id: comments.id, parentId: comments.parentId, name: comments.name, bodyHtml: comments.bodyHtml, createdAt: comments.createdAt, byAuthor })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(and(ofPost, eq(comments.status, 'approved')))
      .orderBy(comments.id);
  // A post page's read (by slug) is built once per isolate; the other (by id) follows a write, as before.
  const rows =
    'postId' in post
      ? await approvedOf(db, eq(comments.postId, post.postId))
      : await runBuilt(
          db,
          builtOnce('approved-comments-by-slug', post, (built, p) => approvedOf(built, and(eq(posts.slug, p.slug), visibleToReaders(p.now))!)),
        );
  return rows.map((r) => ({ ...r, byAuthor: Boolean(r.byAuthor), createdAt: r.createdAt.toISOString() }));
}

/** Whether an email (its key) already has an approved comment: its next one is approved at once. */
export async function emailHasApprovedComment(db: Db, emailKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.emailKey, emailKey), eq(comments.status, 'approved')))
    .limit(1);
  return row !== undefined;
}

/** A comment with what deciding about it needs: its post, that post's author and slug. */
export interface CommentAccessRow {
  id: number;
  postId: number;
  parentId: number | null;
  status: CommentStatus;
  postAuthorId: number;
  postSlug: string;
}

const accessColumns = {
  id: comments.id,
  postId: comments.postId,
  parentId: comments.parentId,
  status: comments.status,
  postAuthorId: posts.authorId,
  postSlug: posts.slug,
};

export async function findCommentAccess(db: Db, id: number): Promise<CommentAccessRow | undefined> {
  const [row] = await db.select(accessColumns).from(comments).innerJoin(posts, eq(posts.id, comments.postId)).where(eq(comments.id, id)).limit(1);
  return row;
}

export const findCommentsAccess = (db: Db, ids: number[]): Promise<CommentAccessRow[]> =>
  db.select(accessColumns).from(comments).innerJoin(posts, eq(posts.id, comments.postId)).where(inArray(comments.id, ids));

export interface NewComment {
  postId: number;
  parentId: number | null;
  userId: number | null;
  name: string;
  email: string;
  emailKey: string;
  body: string;
  bodyHtml: string;
  status: CommentStatus;
}

export async function insertComment(db: Db, values: NewComment): Promise<number> {
  const [row] = await db.insert(comments).values(values).returning({ id: comments.id });
  return row!.id;
}

export async function updateComment(db: Db, id: number, set: { status?: CommentStatus; body?: string; bodyHtml?: string }): Promise<void> {
  await db
    .update(comments)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(comments.id, id));
}

export async function setCommentsStatus(db: Db, ids: number[], status: CommentStatus): Promise<number> {
  const done = await db.update(comments).set({ status, updatedAt: new Date() }).where(inArray(comments.id, ids)).returning({ id: comments.id });
  return done.length;
}

export async function deleteComments(db: Db, ids: number[]): Promise<number> {
  const done = await db.delete(comments).where(inArray(comments.id, ids)).returning({ id: comments.id });
  return done.length;
}

/** Which comments a moderator's list holds: every post's, or only the posts of `authorId`; one post's when named (already in scope). */
export interface ModeratedScope {
  authorId: number | null;
  postId: number | null;
}

/** The posts a scope covers, as a condition on comments.post_id (the author's posts by their index). */
function scopeCondition(scope: ModeratedScope): SQL | undefined {
  if (scope.postId !== null) return eq(comments.postId, scope.postId);
  if (scope.authorId !== null) return inArray(comments.postId, sql`(SELECT ${posts.id} FROM ${posts} WHERE ${posts.authorId} = ${scope.authorId})`);
  return undefined;
}

/** One page of comments with `status` in a scope, newest first, and the scope's count of each status. */
export async function listModeratedComments(
  db: Db,
  input: { scope: ModeratedScope; status: CommentStatus; page: number; pageSize: number; withEmail: boolean },
): Promise<{ items: AdminComment[]; total: number; counts: CommentCounts }> {
  const inScope = scopeCondition(input.scope);
  const [rows, countRows] = await db.batch([
    db
      .select({
        id: comments.id,
        parentId: comments.parentId,
        name: comments.name,
        email: comments.email,
        body: comments.body,
        bodyHtml: comments.bodyHtml,
        status: comments.status,
        createdAt: comments.createdAt,
        byAuthor,
        postSlug: posts.slug,
        postTitle: posts.title,
      })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(and(eq(comments.status, input.status), inScope))
      .orderBy(desc(comments.id))
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    db
      .select({ status: comments.status, n: sql<number>`count(*)` })
      .from(comments)
      .where(and(inArray(comments.status, ['pending', 'approved', 'spam', 'trash']), inScope))
      .groupBy(comments.status),
  ]);
  const counts: CommentCounts = { pending: 0, approved: 0, spam: 0, trash: 0 };
  for (const { status, n } of countRows) counts[status] = n;
  return {
    total: counts[input.status],
    counts,
    items: rows.map((r) => ({
      id: r.id,
      parentId: r.parentId,
      name: r.name,
      email: input.withEmail ? r.email : null,
      body: r.body,
      bodyHtml: r.bodyHtml,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      byAuthor: Boolean(r.byAuthor),
      post: { slug: r.postSlug, title: r.postTitle },
    })),
  };
}

/** A post's id by its slug (the admin list's `?post=` filter), among `authorId`'s posts when named. */
export async function findPostIdBySlug(db: Db, slug: string, authorId: number | null): Promise<number | null> {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.slug, slug), authorId === null ? undefined : eq(posts.authorId, authorId)))
    .limit(1);
  return row?.id ?? null;
}
