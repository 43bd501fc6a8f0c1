// Data access for posts: the visible-to-readers rule, lists, one post, and versioned writes.
import { and, count, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { ListPage } from '../../contracts/lists';
import type { Post, PostStatus, PostSummary } from '../../contracts/posts';
import { categories, featured, posts, postTags, users } from '../db/schema';
import type { Db } from '../env';
import { builtOnce } from '../db/built-once';
import { uniqueViolationOf } from '../db/constraint-failure';
import { visiblePublishedCountQuery } from './post-counts';
import { pageOffset, toListPage } from './list-page';
import { noIndex, postTagsMirror, visibleToReaders } from './post-visibility';
import { tagsFromJson, tagsJsonOf } from './post-tags';
import { movedPostQuery, type MovedPost } from './post-slugs';
import { insertWithFreeSlug, type SlugChoice } from './slug-insert';

/** A post's own columns that every read of it shows (lists, the editor, the export). */
export const postOwnColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  coverImage: posts.coverImage,
  coverAlt: posts.coverAlt,
  status: posts.status,
  publishedAt: posts.publishedAt,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
};

export const summaryColumns = {
  ...postOwnColumns,
  version: posts.version,
  readingMinutes: posts.readingMinutes,
  authorId: posts.authorId,
  categoryId: posts.categoryId,
  // Named apart from posts.slug and each other: in a D1 batch rows come back keyed by column name.
  categorySlug: sql<string>`${categories.slug}`.as('category_slug'),
  categoryName: sql<string>`${categories.name}`.as('category_name'),
  authorUsername: sql<string>`${users.username}`.as('author_username'),
  authorName: sql<string>`${users.name}`.as('author_name'),
  authorImage: sql<string | null>`${users.image}`.as('author_image'),
  tagsJson: tagsJsonOf(sql.raw('"posts"."id"')).as('tags_json'),
};

export interface SummaryRow {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  coverImage: string | null;
  coverAlt: string;
  status: PostStatus;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  readingMinutes: number;
  authorId: number;
  categoryId: number;
  categorySlug: string;
  categoryName: string;
  authorUsername: string;
  authorName: string;
  authorImage: string | null;
  /** The post's tags as `tagsJsonOf` answers them. */
  tagsJson: string | null;
}

export interface PostRow extends SummaryRow {
  body: string;
  /** Null for rows written before migration 0004 (rendered and stored on their first read). */
  bodyHtml: string | null;
  bodyHtmlVersion: number | null;
  /** Who wrote the current content (null for rows older than migration 0009). */
  editedBy: number | null;
}

export function toSummary(row: SummaryRow): PostSummary {
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    coverImage: row.coverImage,
    coverAlt: row.coverAlt,
    status: row.status,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    readingMinutes: row.readingMinutes,
    category: { slug: row.categorySlug, name: row.categoryName },
    author: { username: row.authorUsername, name: row.authorName, image: row.authorImage },
    tags: tagsFromJson(row.tagsJson),
  };
}

export function toPost(row: PostRow, bodyHtml: string): Post {
  return { ...toSummary(row), body: row.body, bodyHtml };
}

/** Post summaries with their category and author, for any list to filter, order and page. */
export const selectSummaries = (db: Db) =>
  db
    .select(summaryColumns)
    .from(posts)
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .innerJoin(users, eq(users.id, posts.authorId));

/**
 * Post summaries of the posts a list table names (featured, post_tags), for a list read in that table's
 * index order: each post, its category and author are then fetched by primary key.
 */
export const selectSummariesVia = (db: Db, via: typeof featured | typeof postTags) =>
  db
    .select(summaryColumns)
    .from(via)
    .innerJoin(posts, eq(posts.id, via.postId))
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .innerJoin(users, eq(users.id, posts.authorId));

// Subqueries in raw SQL with their own aliases, so no column can bind to the outer query by accident.
const categoryIdOf = (slug: string | Placeholder) => sql`(SELECT c2.id FROM categories AS c2 WHERE c2.slug = ${slug})`;
const userIdOf = (username: string | Placeholder) => sql`(SELECT u2.id FROM users AS u2 WHERE u2.username = ${username})`;

export interface PublishedFilter {
  now: number;
  categorySlug?: string;
  authorUsername?: string;
  authorId?: number;
  /** A tag's slug: the list is read from post_tags (see tagPageRows). */
  tagSlug?: string;
}

/** A filter as a statement is built from it: each value that is present as its placeholder (built-once.ts). */
type FilterSql = { [K in keyof PublishedFilter]: PublishedFilter[K] | Placeholder };

function publishedWhere(f: FilterSql): SQL {
  const parts: SQL[] = [visibleToReaders(f.now)];
  if (f.categorySlug !== undefined) parts.push(eq(posts.categoryId, categoryIdOf(f.categorySlug)));
  if (f.authorUsername !== undefined) parts.push(eq(posts.authorId, userIdOf(f.authorUsername)));
  if (f.authorId !== undefined) parts.push(eq(posts.authorId, f.authorId));
  return and(...parts) as SQL;
}

/** The count of visible published posts that `f` selects: a stored count when one scope (or none) is asked. */
function publishedTotal(db: Db, f: FilterSql) {
  if (f.tagSlug !== undefined) return visiblePublishedCountQuery(db, f.now, { tagSlug: f.tagSlug });
  const byAuthor = f.authorId !== undefined || f.authorUsername !== undefined;
  // No page asks for a category and an author at once; the API allows it, counted over the category's index range.
  if (f.categorySlug !== undefined && byAuthor) return db.select({ n: count() }).from(posts).where(publishedWhere(f));
  if (f.categorySlug !== undefined) return visiblePublishedCountQuery(db, f.now, { categorySlug: f.categorySlug });
  if (f.authorId !== undefined) return visiblePublishedCountQuery(db, f.now, { authorId: f.authorId });
  if (f.authorUsername !== undefined) return visiblePublishedCountQuery(db, f.now, { authorUsername: f.authorUsername });
  return visiblePublishedCountQuery(db, f.now, { all: true });
}

export type PublishedPageFilter = PublishedFilter & { page: number; pageSize: number };

const FILTER_KEYS = ['categorySlug', 'authorUsername', 'authorId', 'tagSlug'] as const;

/** A page's values, bound to its statements' placeholders: the filters present, the time, LIMIT and OFFSET. */
type PageValues = PublishedFilter & { limit: number; offset: number };

/**
 * The two queries of a page of visible published posts, newest first — its rows (index
 * posts_status_published_idx or its category/author twins) and its total (post_counts) — for one batch.
 * Their SQL is built once per isolate for each combination of filters present (built-once.ts).
 */
export function publishedPageQueries(db: Db, filter: PublishedPageFilter) {
  const values: PageValues = { now: filter.now, limit: filter.pageSize, offset: pageOffset(filter) };
  for (const key of FILTER_KEYS) if (filter[key] !== undefined) Object.assign(values, { [key]: filter[key] });
  const shape = FILTER_KEYS.filter((key) => key in values).join('+');
  const total = builtOnce(`published-total:${shape}`, db, values, (p) => publishedTotal(db, p));
  if (filter.tagSlug !== undefined) {
    const rows = builtOnce(`published-rows:${shape}`, db, values, (p) => tagPageRows(db, { ...p, tagSlug: p.tagSlug! }));
    return [rows, total] as [typeof rows, typeof total];
  }
  const rows = builtOnce(`published-rows:${shape}`, db, values, (p) =>
    selectSummaries(db).where(publishedWhere(p)).orderBy(desc(posts.publishedAt), desc(posts.id)).limit(p.limit).offset(p.offset),
  );
  return [rows, total] as [typeof rows, typeof total];
}

/**
 * A tag's page of visible published posts, newest first, read from post_tags_tag_published_idx alone
 * (tag_id, published_at, then post_id as the key's tail): post_tags' copy of the publish time holds the
 * visibility rule, so the page is one index range and each post is then fetched by its primary key.
 * Unary + keeps posts' own indexes out of the plan.
 */
function tagPageRows(db: Db, f: FilterSql & { tagSlug: Placeholder; limit: Placeholder; offset: Placeholder }) {
  return selectSummariesVia(db, postTags)
    .where(
      and(
        eq(postTags.tagId, sql`(SELECT tg2.id FROM tags AS tg2 WHERE tg2.slug = ${f.tagSlug})`),
        visibleToReaders(f.now, postTagsMirror('"post_tags"')),
        sql`${noIndex(posts.status)} = 'published'`,
      ),
    )
    .orderBy(desc(postTags.publishedAt), desc(postTags.postId))
    .limit(f.limit)
    .offset(f.offset);
}

/** A page of visible published posts and their total, in one round trip. */
export async function listPublishedPosts(db: Db, filter: PublishedPageFilter): Promise<ListPage<PostSummary>> {
  const [rows, total] = await db.batch(publishedPageQueries(db, filter));
  return toListPage(rows.map(toSummary), total, filter);
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

/** The latest visible published posts, for the RSS feeds (the site's, a category's or a tag's). */
export async function listLatestPublished(
  db: Db,
  input: { now: number; limit: number; categorySlug?: string; tagSlug?: string },
): Promise<PostSummary[]> {
  const [rows] = publishedPageQueries(db, { ...input, page: 1, pageSize: input.limit });
  return (await rows).map(toSummary);
}

/**
 * Slug and dates of the visible published posts with ids from `fromId` to `toId`, in id order, at
 * most `limit`: a sitemap's posts, one range of the primary key. NOT INDEXED keeps SQLite on that
 * range: otherwise it picks the status index and sorts every published post by id.
 */
export async function listPublishedSlugs(db: Db, input: { now: number; fromId: number; toId: number; limit: number }) {
  const rows = await db.all<{ slug: string; published_at: number | null; updated_at: number }>(sql`
    SELECT slug, published_at, updated_at FROM ${posts} NOT INDEXED
    WHERE ${posts.id} BETWEEN ${input.fromId} AND ${input.toId} AND ${visibleToReaders(input.now)}
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

const postBySlugQuery = (db: Db, slug: string) =>
  db
    .select({ ...summaryColumns, body: posts.body, bodyHtml: posts.bodyHtml, bodyHtmlVersion: posts.bodyHtmlVersion, editedBy: posts.editedBy })
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
  const [[post], [moved]] = await db.batch([postBySlugQuery(db, slug), movedPostQuery(db, slug)]);
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
export interface PostValues {
  title: string;
  body: string;
  excerpt: string;
  coverImage: string | null;
  coverAlt: string;
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
  category_id: v.categoryId,
  author_id: v.authorId,
  status: v.status,
  published_at: v.publishedAt,
  reading_minutes: v.readingMinutes,
  body_html: v.bodyHtml,
  body_html_version: v.bodyHtmlVersion,
  edited_by: v.editedBy,
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
 * now a draft leaves the featured list.
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
            sql`(SELECT p2.status FROM posts AS p2 WHERE p2.id = ${input.id}) = 'draft'`,
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
