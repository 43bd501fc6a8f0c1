// Data access for import and export: look-ups by slug, username, email and name in chunks (≤ 100 bound
// parameters a query), the post statements of one import batch, and everything an export reads.
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { categories, featured, importMedia, media, pages, posts, postSlugs, postTags, redirects, tags, users } from '../db/schema';
import type { Db } from '../env';
import type { NewMedia } from './media';
import { postOwnColumns } from './post-summaries';
import { seoColumnsOf } from './seo-columns';
import type { PostValues } from './posts';

const CHUNK = 90;

async function inChunks<T>(values: string[], read: (part: string[]) => Promise<T[]>): Promise<T[]> {
  const unique = [...new Set(values)];
  const out: T[] = [];
  for (let i = 0; i < unique.length; i += CHUNK) out.push(...(await read(unique.slice(i, i + CHUNK))));
  return out;
}

export const findUsersByUsernames = (db: Db, names: string[]) =>
  inChunks(names, (part) => db.select({ id: users.id, username: users.username, email: users.email }).from(users).where(inArray(users.username, part)));

/** The pages among `slugs` (any status): an import neither adds a page twice nor a redirect one would hide. */
export const findPagesBySlugs = (db: Db, slugs: string[]) =>
  inChunks(slugs, (part) => db.select({ slug: pages.slug }).from(pages).where(inArray(pages.slug, part)));

export const findUsersByEmails = (db: Db, emails: string[]) =>
  inChunks(emails, (part) => db.select({ username: users.username, email: users.email }).from(users).where(inArray(users.email, part)));

export const findCategoriesBySlugs = (db: Db, slugs: string[]) =>
  inChunks(slugs, (part) => db.select({ slug: categories.slug, name: categories.name }).from(categories).where(inArray(categories.slug, part)));

/** Both sides through SQLite's lower(), as the lower(name) unique index compares names. */
const lowerIn = (column: SQL, names: string[]) => sql`lower(${column}) IN (${sql.join(names.map((n) => sql`lower(${n})`), sql`, `)})`;

export const findCategoriesByNames = (db: Db, names: string[]) =>
  inChunks(names, (part) => db.select({ slug: categories.slug, name: categories.name }).from(categories).where(lowerIn(sql`${categories.name}`, part)));

export const findTagsBySlugs = (db: Db, slugs: string[]) =>
  inChunks(slugs, (part) => db.select({ slug: tags.slug, name: tags.name }).from(tags).where(inArray(tags.slug, part)));

export const findTagsByNames = (db: Db, names: string[]) =>
  inChunks(names, (part) => db.select({ slug: tags.slug, name: tags.name }).from(tags).where(lowerIn(sql`${tags.name}`, part)));

export const findPostStatesBySlugs = (db: Db, slugs: string[]) =>
  inChunks(slugs, (part) => db.select({ slug: posts.slug, status: posts.status }).from(posts).where(inArray(posts.slug, part)));

/** Old slugs of posts (post_slugs): each still answers, with a 301 to its post. */
export const findOldPostSlugs = (db: Db, slugs: string[]) =>
  inChunks(slugs, (part) => db.select({ slug: postSlugs.slug }).from(postSlugs).where(inArray(postSlugs.slug, part)));

/** The redirects from these addresses (each a redirectKeyOf key). */
export const findRedirectsFrom = (db: Db, froms: string[]) =>
  inChunks(froms, (part) => db.select({ from: redirects.fromPath, to: redirects.toPath }).from(redirects).where(inArray(redirects.fromPath, part)));

export async function featuredState(db: Db): Promise<{ slugs: string[] }> {
  const rows = await db
    .select({ slug: posts.slug })
    .from(featured)
    .innerJoin(posts, eq(posts.id, featured.postId))
    .orderBy(asc(featured.position));
  return { slugs: rows.map((r) => r.slug) };
}

const idOfCategory = (slug: string) => sql`(SELECT c.id FROM categories AS c WHERE c.slug = ${slug})`;
const idOfUser = (username: string) => sql`(SELECT u.id FROM users AS u WHERE u.username = ${username})`;

/**
 * A post whose category and author are named by slug and username (they may be inserted earlier in the
 * same batch). No ON CONFLICT: a slug taken meanwhile makes D1 refuse the whole batch.
 */
export const insertImportedPostStatement = (db: Db, p: { slug: string; category: string; author: string; values: PostValues; createdAt: Date; updatedAt: Date }) => {
  const { categoryId: _c, authorId: _a, editedBy: _e, ...values } = p.values;
  return db
    .insert(posts)
    .values({ ...values, slug: p.slug, categoryId: idOfCategory(p.category), authorId: idOfUser(p.author), editedBy: idOfUser(p.author), createdAt: p.createdAt, updatedAt: p.updatedAt })
    .returning({ id: posts.id });
};

/** The tags `slugs` names (they may be inserted earlier in the same batch), in order, as the tags of the post `postId` names. */
export const postTagsBySlugsStatement = (db: Db, postId: SQL, slugs: string[]) =>
  db.insert(postTags).select(
    db
      .select({
        postId: sql<number>`${postId}`.as('post_id'),
        tagId: sql<number>`t.id`.as('tag_id'),
        position: sql<number>`j.key`.as('position'),
        publishedAt: sql<null>`NULL`.as('published_at'),
      })
      .from(sql`json_each(${JSON.stringify(slugs)}) AS j JOIN tags AS t ON t.slug = j.value`),
  );

/** Moves every featured entry `by` places down the list, making room at its top. */
export const shiftFeaturedStatement = (db: Db, by: number) => db.update(featured).set({ position: sql`${featured.position} + ${by}` });

/** A featured entry for a post that is published at that moment (else NOT NULL fails and the batch rolls back). */
export const insertFeaturedStatement = (db: Db, slug: string, position: number) =>
  db
    .insert(featured)
    .values({ postId: sql`(SELECT p.id FROM posts AS p WHERE p.slug = ${slug} AND p.status = 'published')`, position })
    .returning({ id: featured.id });

export async function findImportedMedia(db: Db, url: string): Promise<string | null> {
  const [row] = await db.select({ key: importMedia.mediaKey }).from(importMedia).where(eq(importMedia.sourceUrl, url)).limit(1);
  return row?.key ?? null;
}

/** The media row of a copied image and its import record, in one atomic batch. */
export async function recordImportedMedia(db: Db, values: NewMedia, sourceUrl: string | null): Promise<void> {
  const row = db.insert(media).values(values);
  if (sourceUrl === null) await row;
  else await db.batch([row, db.insert(importMedia).values({ sourceUrl, mediaKey: values.key })]);
}

export async function mediaKeyExists(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ id: media.id }).from(media).where(eq(media.key, key)).limit(1);
  return row !== undefined;
}

export async function userIdByUsername(db: Db, username: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  return row?.id ?? null;
}

/** Everything an export holds, each table read once (no password hashes, no sessions). */
export async function readExport(db: Db) {
  const [userRows, categoryRows, tagRows, postRows, postTagRows, featuredRows, mediaRows, oldSlugRows, redirectRows] = await db.batch([
    db
      .select({ id: users.id, username: users.username, name: users.name, email: users.email, bio: users.bio, image: users.image, role: users.role, disabledAt: users.disabledAt, createdAt: users.createdAt })
      .from(users)
      .orderBy(asc(users.id)),
    db.select({ slug: categories.slug, name: categories.name, description: categories.description }).from(categories).orderBy(asc(categories.id)),
    db.select({ slug: tags.slug, name: tags.name }).from(tags).orderBy(asc(tags.id)),
    db
      .select({
        ...postOwnColumns,
        ...seoColumnsOf(posts),
        body: posts.body,
        category: sql<string>`${categories.slug}`.as('category_slug'),
        author: sql<string>`${users.username}`.as('author_username'),
      })
      .from(posts)
      .innerJoin(categories, eq(categories.id, posts.categoryId))
      .innerJoin(users, eq(users.id, posts.authorId))
      .orderBy(asc(posts.id)),
    db.select({ postId: postTags.postId, slug: tags.slug }).from(postTags).innerJoin(tags, eq(tags.id, postTags.tagId)).orderBy(asc(postTags.postId), asc(postTags.position)),
    db.select({ slug: posts.slug }).from(featured).innerJoin(posts, eq(posts.id, featured.postId)).orderBy(asc(featured.position), asc(featured.id)),
    db
      .select({ key: media.key, contentType: media.contentType, size: media.size, owner: users.username, createdAt: media.createdAt })
      .from(media)
      .innerJoin(users, eq(users.id, media.ownerId))
      .orderBy(asc(media.id)),
    db.select({ postId: postSlugs.postId, slug: postSlugs.slug }).from(postSlugs).orderBy(asc(postSlugs.createdAt), asc(postSlugs.slug)),
    db
      .select({ from: redirects.fromPath, to: redirects.toPath, status: redirects.status, source: redirects.source, createdAt: redirects.createdAt })
      .from(redirects)
      .orderBy(asc(redirects.id)),
  ]);
  return { userRows, categoryRows, tagRows, postRows, postTagRows, featuredRows, mediaRows, oldSlugRows, redirectRows };
}
