// Data access for posts: the lists the API and feeds ask for, one post, and versioned writes. A post as
// lists show it is post-summaries.ts; the pages of visible published posts are published-posts.ts.
import { and, count, desc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { ListPage } from '../../contracts/lists';
import type { Post, PostStatus, PostSummary } from '../../contracts/posts';
import { builtOnce, runBuilt, runBuiltTogether } from '../db/built-once';
import { categories, featured, posts, users } from '../db/schema';
import type { Db } from '../env';
import { uniqueViolationOf } from '../db/constraint-failure';
import { pageOffset, toListPage } from './list-page';
import { selectSummaries, summaryColumns, toSummary, type SummaryRow } from './post-summaries';
import { visibleToReaders } from './post-visibility';
import { movedPostQuery, type MovedPost } from './post-slugs';
import { answeredPageSize, postsPerPageRead } from './posts-per-page';
import { publishedPageQueries, type PublishedPageFilter } from './published-posts';
import { insertWithFreeSlug, type SlugChoice } from './slug-insert';
import { seoColumnsOf, seoFromColumns, type SeoColumns } from './seo-columns';

export interface PostRow extends SummaryRow, SeoColumns {
  body: string;
  /** Null for rows written before migration 0004 (rendered and stored on their first read). */
  bodyHtml: string | null;
  bodyHtmlVersion: number | null;
  /** Who wrote the current content (null for rows older than migration 0009). */
  editedBy: number | null;
}

export function toPost(row: PostRow, bodyHtml: string): Post {
  return { ...toSummary(row), body: row.body, bodyHtml, seo: seoFromColumns(row) };
}

/** A page of visible published posts and their total, in one round trip. */
export async function listPublishedPosts(db: Db, filter: PublishedPageFilter): Promise<ListPage<PostSummary>> {
  const [rows, total, perPage] = await runBuiltTogether(db, [...publishedPageQueries(filter), postsPerPageRead()]);
  return toListPage(rows.map(toSummary), total, { page: filter.page, pageSize: answeredPageSize(filter.pageSize, perPage) });
}

/** Every post of one author, any status, newest updated first (index posts_author_updated_idx). */
export async function listPostsOfAuthor(
  db: Db,
  input: { authorId: number; page: number; pageSize: number },
): Promise<ListPage<PostSummary>> {
  const where = eq(posts.authorId, input.authorId);
  const [rows, total] = await db.batch([
    selectSummaries(db)
      .where(where)
      .orderBy(desc(posts.updatedAt), desc(posts.id))
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    db.select({ n: count() }).from(posts).where(where),
  ]);
  return toListPage(rows.map(toSummary), total, input);
}

/** The latest visible published posts, for the feeds (the site's, a category's, a tag's or an author's). */
export async function listLatestPublished(
  db: Db,
  input: { now: number; limit: number; categorySlug?: string; tagSlug?: string; authorUsername?: string },
): Promise<PostSummary[]> {
  const [rows] = publishedPageQueries({ ...input, page: 1, pageSize: input.limit });
  return (await runBuilt(db, rows)).map(toSummary);
}

/**
 * What a full-text feed needs to show the posts `slugs` name: the stored HTML and its rules version, and the
 * Markdown only when that HTML is not by the current rules (`body` '' otherwise), so a feed reads no Markdown it
 * does not need (services/body-html.ts renders and stores a stale one).
 */
export async function listBodyHtml(
  db: Db,
  slugs: string[],
  rulesVersion: number,
): Promise<{ slug: string; id: number; version: number; body: string; bodyHtml: string | null; bodyHtmlVersion: number | null }[]> {
  if (slugs.length === 0) return [];
  // The slugs as one JSON array value, so the statement's text is the same for any number of them (built once).
  const read = builtOnce('body-html-of-slugs', { slugs: JSON.stringify(slugs), rulesVersion }, (db, p) => {
    const current = sql`${posts.bodyHtml} IS NOT NULL AND ${posts.bodyHtmlVersion} = ${p.rulesVersion}`;
    return db
      .select({
        slug: posts.slug,
        id: posts.id,
        version: posts.version,
        body: sql<string>`CASE WHEN ${current} THEN '' ELSE ${posts.body} END`,
        bodyHtml: sql<string | null>`CASE WHEN ${current} THEN ${posts.bodyHtml} END`,
        bodyHtmlVersion: posts.bodyHtmlVersion,
      })
      .from(posts)
      .where(sql`${posts.slug} IN (SELECT value FROM json_each(${p.slugs}))`);
  });
  return runBuilt(db, read);
}

/**
 * Slug and dates of the visible published posts with ids from `fromId` to `toId`, in id order, at
 * most `limit`: a sitemap's posts, one range of the primary key (a post marked noindex is left out). NOT
 * INDEXED keeps SQLite on that range: otherwise it picks the status index and sorts every published post by id.
 */
export async function listPublishedSlugs(db: Db, input: { now: number; fromId: number; toId: number; limit: number }) {
  const rows = await db.all<{ slug: string; published_at: number | null; updated_at: number }>(sql`
    SELECT slug, published_at, updated_at FROM ${posts} NOT INDEXED
    WHERE ${posts.id} BETWEEN ${input.fromId} AND ${input.toId} AND ${visibleToReaders(input.now)} AND ${posts.noindex} = 0
    ORDER BY ${posts.id} LIMIT ${input.limit}`);
  return rows.map((r) => ({ slug: r.slug, publishedAt: r.published_at === null ? null : new Date(r.published_at), updatedAt: new Date(r.updated_at) }));
}

/** The highest id of a visible published post (0 when there is none): how far the sitemap's ranges go. */
export async function newestPublishedId(db: Db, now: number): Promise<number> {
  const [row] = await db.all<{ id: number }>(
    sql`SELECT ${posts.id} AS id FROM ${posts} NOT INDEXED WHERE ${visibleToReaders(now)} ORDER BY ${posts.id} DESC LIMIT 1`,
  );
  return row?.id ?? 0;
}

const postBySlugQuery = (db: Db, slug: string | Placeholder) =>
  db
    .select({
      ...summaryColumns,
      body: posts.body,
      bodyHtml: posts.bodyHtml,
      bodyHtmlVersion: posts.bodyHtmlVersion,
      editedBy: posts.editedBy,
      ...seoColumnsOf(posts),
    })
    .from(posts)
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(eq(posts.slug, slug))
    .limit(1);

/** One post by slug with its body, whatever its status; the caller decides who may see it. */
export async function findPostBySlug(db: Db, slug: string): Promise<PostRow | null> {
  const [row] = await postBySlugQuery(db, slug);
  return row ?? null;
}

/**
 * One post by slug as findPostBySlug, or else the post that slug used to name (post_slugs), in one round
 * trip: `{ post }`, `{ moved }` or neither.
 */
export async function findPostOrMoved(db: Db, slug: string): Promise<{ post?: PostRow; moved?: MovedPost }> {
  const [[post], [moved]] = await runBuiltTogether(db, [
    builtOnce('post-by-slug', { slug }, (db, p) => postBySlugQuery(db, p.slug)),
    builtOnce('moved-post', { slug }, (db, p) => movedPostQuery(db, p.slug)),
  ]);
  if (post) return { post };
  return moved ? { moved } : {};
}

async function postExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, id)).limit(1);
  return row !== undefined;
}

/** Whether a post has `slug` as its current slug. */
export async function slugInUse(db: Db, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.slug, slug)).limit(1);
  return row !== undefined;
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row !== undefined;
}

/** The columns a write sets; slug and version are handled by the write itself. */
export interface PostValues extends SeoColumns {
  title: string;
  body: string;
  excerpt: string;
  coverImage: string | null;
  coverAlt: string;
  coverDecorative: boolean;
  commentsOpen: boolean;
  categoryId: number;
  authorId: number;
  status: PostStatus;
  publishedAt: Date | null;
  readingMinutes: number;
  /** The body rendered by worker/lib/markdown.ts at write time, and the version of its rules. */
  bodyHtml: string;
  bodyHtmlVersion: number;
  /** Who is writing this content (a revision of it will name them). */
  editedBy: number;
}

export class SlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`slug ${slug} is taken`);
  }
}

const isSlugViolation = (err: unknown): boolean => {
  const column = uniqueViolationOf(err);
  return column !== null && (column === '' || column.includes('slug'));
};

/** PostValues as SQL columns of `posts`. */
const postColumns = (v: PostValues): Record<string, unknown> => ({
  title: v.title,
  body: v.body,
  excerpt: v.excerpt,
  cover_image: v.coverImage,
  cover_alt: v.coverAlt,
  cover_decorative: v.coverDecorative ? 1 : 0,
  comments_open: v.commentsOpen ? 1 : 0,
  category_id: v.categoryId,
  author_id: v.authorId,
  status: v.status,
  published_at: v.publishedAt,
  reading_minutes: v.readingMinutes,
  body_html: v.bodyHtml,
  body_html_version: v.bodyHtmlVersion,
  edited_by: v.editedBy,
  seo_title: v.seoTitle,
  seo_description: v.seoDescription,
  seo_image: v.seoImage,
  canonical_url: v.canonicalUrl,
  noindex: v.noindex ? 1 : 0,
  version: 1,
});

/**
 * Inserts a post and answers its slug. A hand-set slug that is taken throws SlugTakenError; a slug made
 * from the title is the first free one of `base`, `base-2`, … chosen by the INSERT itself, so any number
 * of concurrent creates each get their own.
 */
export async function insertPost(db: Db, values: PostValues, slug: SlugChoice): Promise<string> {
  const inserted = await insertWithFreeSlug(db, 'posts', postColumns(values), slug);
  if (inserted === null) throw new SlugTakenError('handSet' in slug ? slug.handSet : slug.base);
  return inserted;
}

/**
 * Stores the HTML rendered from the body the row was read with, unless the post changed meanwhile
 * (same version) — the read path's one-time fill for rows written before body_html existed.
 */
export async function storeBodyHtml(db: Db, input: { id: number; version: number; bodyHtml: string; bodyHtmlVersion: number }): Promise<void> {
  await db
    .update(posts)
    .set({ bodyHtml: input.bodyHtml, bodyHtmlVersion: input.bodyHtmlVersion })
    .where(and(eq(posts.id, input.id), eq(posts.version, input.version)));
}

export type UpdateOutcome = { ok: true } | { ok: false; reason: 'stale' | 'gone' };

/**
 * Updates a post only if it still has `version` (`UPDATE … WHERE id = ? AND version = ?`); the
 * version goes up by one. In the same atomic batch: `before` (statements that read the post as it was —
 * its revision, its tags, its old slug — each guarded by the same version), and after it a post that is
 * no longer published (a draft, pending) leaves the featured list.
 */
export async function updatePostVersioned(
  db: Db,
  input: { id: number; version: number; slug: string; values: PostValues; now: number; before?: BatchItem<'sqlite'>[] },
): Promise<UpdateOutcome> {
  const before = input.before ?? [];
  let result;
  try {
    result = await db.batch([
      ...(before as [BatchItem<'sqlite'>]),
      db
        .update(posts)
        .set({ ...input.values, slug: input.slug, version: sql`${posts.version} + 1`, updatedAt: new Date(input.now) })
        .where(and(eq(posts.id, input.id), eq(posts.version, input.version)))
        .returning({ id: posts.id }),
      db
        .delete(featured)
        .where(
          and(
            eq(featured.postId, input.id),
            sql`(SELECT p2.status FROM posts AS p2 WHERE p2.id = ${input.id}) <> 'published'`,
          ),
        ),
    ]);
  } catch (err) {
    if (isSlugViolation(err)) throw new SlugTakenError(input.slug);
    throw err;
  }
  const updated = result[before.length] as { id: number }[];
  if (updated.length === 1) return { ok: true };
  return { ok: false, reason: (await postExists(db, input.id)) ? 'stale' : 'gone' };
}

/** Deletes a post and its place in the featured list, atomically. */
export async function deletePost(db: Db, id: number): Promise<void> {
  await db.batch([db.delete(featured).where(eq(featured.postId, id)), db.delete(posts).where(eq(posts.id, id))]);
}

/** Deletes a post (and its featured entry) only if it still has `version`; false when it changed or went meanwhile. */
export async function deletePostVersioned(db: Db, id: number, version: number): Promise<boolean> {
  const [, deleted] = await db.batch([
    db.delete(featured).where(and(eq(featured.postId, id), sql`EXISTS (SELECT 1 FROM posts AS p2 WHERE p2.id = ${id} AND p2.version = ${version})`)),
    db
      .delete(posts)
      .where(and(eq(posts.id, id), eq(posts.version, version)))
      .returning({ id: posts.id }),
  ]);
  return deleted.length === 1;
}
