// Data access for tags: as readers see them (visible counts from post_counts), the admin's list and
// changes, and the tags a post write names. Answers data, never HTTP errors.
import { and, count, eq, notExists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { ListPage } from '../../contracts/lists';
import type { AdminTag, Tag, TagRef } from '../../contracts/tags';
import { uniqueViolationOf } from '../db/constraint-failure';
import { postTags, tags } from '../db/schema';
import type { Db } from '../env';
import { pageOffset, toListPage, type PageRequest } from './list-page';
import { tagPublishedCount } from './post-counts';
import { insertWithFreeSlug } from './slug-insert';

export interface TagRow extends TagRef {
  id: number;
}

const BY_NAME = sql`lower(${tags.name})`;

/** A tag as readers see it, with its count of visible published posts (post_counts, less the scheduled). */
const tagColumns = (now: number) => ({ slug: tags.slug, name: tags.name, postCount: tagPublishedCount(now) });

const toTag = <T extends { postCount: unknown }>(row: T): T & { postCount: number } => ({ ...row, postCount: Number(row.postCount) });

/**
 * Tags that have a visible published post, sorted by name (the lower(name) unique index gives the order).
 * A tag only drafts or scheduled posts carry is not listed: readers never learn of it before they can read it.
 */
export async function listTags(db: Db, input: PageRequest & { now: number }): Promise<ListPage<Tag>> {
  const visible = sql`${tagPublishedCount(input.now)} > 0`;
  const [rows, total] = await db.batch([
    db.select(tagColumns(input.now)).from(tags).where(visible).orderBy(BY_NAME).limit(input.pageSize).offset(pageOffset(input)),
    db.select({ n: count() }).from(tags).where(visible),
  ]);
  return toListPage(rows.map(toTag), total, input);
}

/** One tag by slug with its visible count (its page and feed), or null. */
export async function findTagBySlug(db: Db, slug: string, now: number): Promise<(Tag & { id: number }) | null> {
  const [row] = await db
    .select({ id: tags.id, ...tagColumns(now) })
    .from(tags)
    .where(eq(tags.slug, slug))
    .limit(1);
  return row ? toTag(row) : null;
}

/** A tag as the admin sees it: its visible count and its count of posts of any status. */
const adminTagColumns = (now: number) => ({
  ...tagColumns(now),
  allPostCount: sql<number>`(SELECT count(*) FROM post_tags AS apt WHERE apt.tag_id = ${tags.id})`,
});

const toAdminTag = (row: TagRef & { postCount: unknown; allPostCount: unknown }): AdminTag => ({
  ...toTag(row),
  allPostCount: Number(row.allPostCount),
});

/** Every tag for the admin, sorted by name, with its visible count and its count of posts of any status. */
export async function listAdminTags(db: Db, input: PageRequest & { now: number }): Promise<ListPage<AdminTag>> {
  const [rows, total] = await db.batch([
    db.select(adminTagColumns(input.now)).from(tags).orderBy(BY_NAME).limit(input.pageSize).offset(pageOffset(input)),
    db.select({ n: count() }).from(tags),
  ]);
  return toListPage(rows.map(toAdminTag), total, input);
}

/** One tag by slug as the admin sees it (tags_slug_unique), or null. */
export async function findAdminTag(db: Db, slug: string, now: number): Promise<AdminTag | null> {
  const [row] = await db.select(adminTagColumns(now)).from(tags).where(eq(tags.slug, slug)).limit(1);
  return row ? toAdminTag(row) : null;
}

/** The tags whose names are `names`, compared case-insensitively as the tags_name_unique index does. */
export async function findTagsByNames(db: Db, names: string[]): Promise<TagRow[]> {
  if (names.length === 0) return [];
  return db
    .select({ id: tags.id, slug: tags.slug, name: tags.name })
    .from(tags)
    .where(sql`${BY_NAME} IN (${sql.join(names.map((n) => sql`lower(${n})`), sql`, `)})`);
}

/**
 * Creates a tag named `name` with the first free slug of `base`; answers null when a tag of that name
 * (case-insensitively) was created meanwhile, so the caller reads that one instead.
 */
export async function insertTag(db: Db, name: string, base: string): Promise<string | null> {
  try {
    return await insertWithFreeSlug(db, 'tags', { name }, { base });
  } catch (err) {
    if (uniqueViolationOf(err) !== null) return null;
    throw err;
  }
}

/** Renames a tag; answers which of name or slug another tag already has, or null when done. */
export async function updateTag(db: Db, id: number, values: { name?: string; slug?: string }, now: number): Promise<'name' | 'slug' | null> {
  try {
    await db
      .update(tags)
      .set({ ...values, updatedAt: new Date(now) })
      .where(eq(tags.id, id));
    return null;
  } catch (err) {
    if (uniqueViolationOf(err) === null) throw err;
    if (values.slug === undefined) return 'name';
    const [other] = await db.select({ id: tags.id }).from(tags).where(eq(tags.slug, values.slug)).limit(1);
    return other && other.id !== id ? 'slug' : 'name';
  }
}

/** Deletes a tag; its post_tags rows go with it (ON DELETE CASCADE), and with them its counts. */
export async function deleteTag(db: Db, id: number): Promise<void> {
  await db.delete(tags).where(eq(tags.id, id));
}

/**
 * Gives every post of tag `fromId` the tag `intoId` instead, in one atomic batch: a post that already
 * has `intoId` keeps its row (no duplicate), and `fromId` is deleted with whatever rows it still has.
 */
export async function mergeTags(db: Db, fromId: number, intoId: number): Promise<void> {
  const other = alias(postTags, 'other');
  await db.batch([
    db
      .update(postTags)
      .set({ tagId: intoId })
      .where(
        and(
          eq(postTags.tagId, fromId),
          notExists(db.select({ one: sql`1` }).from(other).where(and(eq(other.postId, postTags.postId), eq(other.tagId, intoId)))),
        ),
      ),
    db.delete(tags).where(eq(tags.id, fromId)),
  ]);
}

/**
 * The statements that make `tagIds` (in order) the tags of the post `postId` names, for a write's batch.
 * `guard` is an SQL condition (e.g. "the post still has the version the editor loaded"): when it is false
 * neither statement changes anything. The rows' published_at mirror is set by migration 0009's trigger.
 */
export function replacePostTagsQueries(db: Db, postId: SQL, tagIds: number[], guard: SQL) {
  const listed = db
    .select({
      postId: sql<number>`${postId}`.as('post_id'),
      tagId: sql<number>`j.value`.as('tag_id'),
      position: sql<number>`j.key`.as('position'),
      publishedAt: sql<null>`NULL`.as('published_at'),
    })
    .from(sql`json_each(${JSON.stringify(tagIds)}) AS j`)
    .where(guard);
  return [db.delete(postTags).where(and(eq(postTags.postId, postId), guard)), db.insert(postTags).select(listed)] as const;
}

/** Slugs of the tags with a visible published post (by name), for the sitemap. */
export function listTagSlugs(db: Db, input: { now: number; limit: number }) {
  return db
    .select({ slug: tags.slug, updatedAt: tags.updatedAt })
    .from(tags)
    .where(sql`${tagPublishedCount(input.now)} > 0`)
    .orderBy(BY_NAME)
    .limit(input.limit);
}
