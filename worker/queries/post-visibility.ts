// The visibility rule in SQL, written once: a post is visible to readers when it is published and its
// publish time is not after now; published with a later time, it is scheduled (authors and admins only).
import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { posts } from '../db/schema';

/** The two posts columns the rule reads, as the query at hand names them. */
export interface VisibilityColumns {
  status: SQLWrapper;
  publishedAt: SQLWrapper;
}

const POSTS: VisibilityColumns = { status: posts.status, publishedAt: posts.publishedAt };

/** The columns of a posts alias in a raw subquery (`FROM posts AS p` → postsAlias('p')). */
export const postsAlias = (alias: string): VisibilityColumns => ({
  status: sql.raw(`${alias}.status`),
  publishedAt: sql.raw(`${alias}.published_at`),
});

/**
 * post_tags' copy of its post's publish time (`published_at`, migration 0009), set only while the post is
 * published: the rule read from post_tags alone, so a tag's page is one range of (tag_id, published_at).
 */
export const postTagsMirror = (alias: string): VisibilityColumns => ({
  status: sql`'published'`,
  publishedAt: sql.raw(`${alias}.published_at`),
});

/** Unary + on a column keeps SQLite's planner from using an index on it (the rule is unchanged). */
export const noIndex = (column: SQLWrapper): SQL => sql`+${column}`;

/** Published and not scheduled: `status = 'published' AND published_at <= now`. */
export const visibleToReaders = (now: number | Placeholder, c: VisibilityColumns = POSTS): SQL =>
  sql`(${c.status} = 'published' AND ${c.publishedAt} <= ${now})`;

/** Published with a publish time after now: readers see it from that moment on. */
export const scheduledAfter = (now: number | Placeholder, c: VisibilityColumns = POSTS): SQL =>
  sql`(${c.status} = 'published' AND ${c.publishedAt} > ${now})`;

/** Published with a publish time in (from, to]: the posts whose scheduled moment came in that window. */
export const scheduledMomentBetween = (from: number, to: number, c: VisibilityColumns = POSTS): SQL =>
  sql`(${c.status} = 'published' AND ${c.publishedAt} > ${from} AND ${c.publishedAt} <= ${to})`;
