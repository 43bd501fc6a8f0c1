// Data access for posts: the visible-to-readers rule, lists, one post, and versioned writes.
import { and, count, desc, eq, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { ListPage } from '../../contracts/lists';
import type { Post, PostStatus, PostSummary } from '../../contracts/posts';
import { categories, featured, posts, users } from '../db/schema';
import type { Db } from '../env';
import { uniqueViolationOf } from '../lib/http-error';
import { SLUG_MAX, uniqueSlug } from '../lib/slug';

/** Published and not scheduled, decided by the query itself: `status = 'published' AND published_at <= now`. */
export const visibleToReaders = (now: number): SQL =>
  and(eq(posts.status, 'published'), lte(posts.publishedAt, new Date(now))) as SQL;

export const summaryColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  coverImage: posts.coverImage,
  status: posts.status,
  publishedAt: posts.publishedAt,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  version: posts.version,
  readingMinutes: posts.readingMinutes,
  authorId: posts.authorId,
  categoryId: posts.categoryId,
  categorySlug: categories.slug,
  categoryName: categories.name,
  authorUsername: users.username,
  authorName: users.name,
  authorImage: users.image,
};

export interface SummaryRow {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  coverImage: string | null;
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
}

export interface PostRow extends SummaryRow {
  body: string;
}

export function toSummary(row: SummaryRow): PostSummary {
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    coverImage: row.coverImage,
    status: row.status,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    readingMinutes: row.readingMinutes,
    category: { slug: row.categorySlug, name: row.categoryName },
    author: { username: row.authorUsername, name: row.authorName, image: row.authorImage },
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

// Subqueries in raw SQL with their own aliases, so no column can bind to the outer query by accident.
const categoryIdOf = (slug: string) => sql`(SELECT c2.id FROM categories AS c2 WHERE c2.slug = ${slug})`;
const userIdOf = (username: string) => sql`(SELECT u2.id FROM users AS u2 WHERE u2.username = ${username})`;

export interface PublishedFilter {
  now: number;
  categorySlug?: string;
  authorUsername?: string;
  authorId?: number;
}

function publishedWhere(f: PublishedFilter): SQL {
  const parts: SQL[] = [visibleToReaders(f.now)];
  if (f.categorySlug !== undefined) parts.push(eq(posts.categoryId, categoryIdOf(f.categorySlug)));
  if (f.authorUsername !== undefined) parts.push(eq(posts.authorId, userIdOf(f.authorUsername)));
  if (f.authorId !== undefined) parts.push(eq(posts.authorId, f.authorId));
  return and(...parts) as SQL;
}

/** Visible published posts, newest first (index posts_status_published_idx or its category/author twins). */
export async function listPublishedPosts(
  db: Db,
  filter: PublishedFilter & { page: number; pageSize: number },
): Promise<ListPage<PostSummary>> {
  const where = publishedWhere(filter);
  const [rows, [total]] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(desc(posts.publishedAt), desc(posts.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(posts).where(where),
  ]);
  return { items: rows.map(toSummary), page: filter.page, pageSize: filter.pageSize, total: total?.n ?? 0 };
}

/** Every post of one author, any status, newest updated first (index posts_author_updated_idx). */
export async function listPostsOfAuthor(
  db: Db,
  input: { authorId: number; page: number; pageSize: number },
): Promise<ListPage<PostSummary>> {
  const where = eq(posts.authorId, input.authorId);
  const [rows, [total]] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(desc(posts.updatedAt), desc(posts.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(posts).where(where),
  ]);
  return { items: rows.map(toSummary), page: input.page, pageSize: input.pageSize, total: total?.n ?? 0 };
}

/** The latest visible published posts, for the RSS feed. */
export async function listLatestPublished(db: Db, input: { now: number; limit: number }): Promise<PostSummary[]> {
  const rows = await selectSummaries(db)
    .where(visibleToReaders(input.now))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(input.limit);
  return rows.map(toSummary);
}

/** Slug and dates of every visible published post, for the sitemap. */
export function listPublishedSlugs(db: Db, input: { now: number; limit: number }) {
  return db
    .select({ slug: posts.slug, publishedAt: posts.publishedAt, updatedAt: posts.updatedAt })
    .from(posts)
    .where(visibleToReaders(input.now))
    .orderBy(desc(posts.publishedAt))
    .limit(input.limit);
}

/** One post by slug with its body, whatever its status; the caller decides who may see it. */
export async function findPostBySlug(db: Db, slug: string): Promise<PostRow | null> {
  const [row] = await db
    .select({ ...summaryColumns, body: posts.body })
    .from(posts)
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(eq(posts.slug, slug))
    .limit(1);
  return row ?? null;
}

export async function postExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, id)).limit(1);
  return row !== undefined;
}

/** The columns a write sets; slug and version are handled by the write itself. */
export interface PostValues {
  title: string;
  body: string;
  excerpt: string;
  coverImage: string | null;
  categoryId: number;
  authorId: number;
  status: PostStatus;
  publishedAt: Date | null;
  readingMinutes: number;
}

/** The tables whose rows carry a unique `slug` made by the rules of product.md §3. */
export type SlugTable = typeof posts | typeof categories;

/** Which of `candidates` are taken by rows of `table` other than `exceptId` (one query, ≤ 50 bound slugs). */
async function takenSlugs(db: Db, table: SlugTable, candidates: string[], exceptId?: number): Promise<Set<string>> {
  const where = exceptId === undefined ? inArray(table.slug, candidates) : and(inArray(table.slug, candidates), ne(table.id, exceptId));
  const rows: { slug: string }[] = await db.select({ slug: table.slug }).from(table as typeof posts).where(where);
  return new Set(rows.map((r) => r.slug));
}

function slugCandidates(root: string, from: number, howMany: number): string[] {
  const out: string[] = [];
  for (let n = from; n < from + howMany; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    out.push(n === 1 ? root : root.slice(0, SLUG_MAX - suffix.length).replace(/-+$/g, '') + suffix);
  }
  return out;
}

/** The first free slug of `base`, `base-2`, `base-3`, … among `table`'s rows (product.md §3), checked 50 candidates a query. */
export async function freeSlug(db: Db, base: string, exceptId?: number, table: SlugTable = posts): Promise<string> {
  const root = base || 'untitled';
  const BATCH = 50;
  const taken = new Set<string>();
  const checked = new Set<string>();
  for (let from = 1; ; from += BATCH) {
    const candidates = slugCandidates(root, from, BATCH);
    for (const s of await takenSlugs(db, table, candidates, exceptId)) taken.add(s);
    candidates.forEach((s) => checked.add(s));
    const pick = uniqueSlug(root, taken);
    if (checked.has(pick)) return pick;
  }
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

/**
 * Inserts a post. A hand-set slug that is taken throws SlugTakenError; a slug made from the title
 * is retried with the next free one when a concurrent insert took it first (UNIQUE is the arbiter).
 */
export async function insertPost(db: Db, values: PostValues, slug: { handSet: string } | { base: string }): Promise<string> {
  const MAX_ATTEMPTS = 6;
  for (let attempt = 1; ; attempt++) {
    const candidate = 'handSet' in slug ? slug.handSet : await freeSlug(db, slug.base);
    try {
      await db.insert(posts).values({ ...values, slug: candidate, version: 1 });
      return candidate;
    } catch (err) {
      if (!isSlugViolation(err)) throw err;
      if ('handSet' in slug) throw new SlugTakenError(candidate);
      if (attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}

export type UpdateOutcome = { ok: true } | { ok: false; reason: 'stale' | 'gone' };

/**
 * Updates a post only if it still has `version` (`UPDATE … WHERE id = ? AND version = ?`); the
 * version goes up by one. In the same atomic batch, a post that is now a draft leaves the featured list.
 */
export async function updatePostVersioned(
  db: Db,
  input: { id: number; version: number; slug: string; values: PostValues; now: number },
): Promise<UpdateOutcome> {
  let result;
  try {
    result = await db.batch([
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
  if (result[0].length === 1) return { ok: true };
  return { ok: false, reason: (await postExists(db, input.id)) ? 'stale' : 'gone' };
}

/** Deletes a post and its place in the featured list, atomically. */
export async function deletePost(db: Db, id: number): Promise<void> {
  await db.batch([db.delete(featured).where(eq(featured.postId, id)), db.delete(posts).where(eq(posts.id, id))]);
}
