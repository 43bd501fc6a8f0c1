// Counts of visible published posts without counting posts: post_counts (migration 0007) holds, per
// scope, the published posts with a publish time — kept by triggers on every write, whoever writes — and
// readers' counts subtract the ones still scheduled after `now`, a range of the (…, status, published_at)
// indexes that holds only the few future posts (docs/decisions/010-cheap-misses.md).
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { categories, tags, users } from '../db/schema';
import type { Db } from '../env';
import { postsAlias, postTagsMirror, scheduledAfter } from './post-visibility';

// Declared here, not in db/schema.ts: like posts_fts, the table and its triggers are migration 0007's SQL,
// which drizzle-kit must not try to manage. Its ('all', 0) row always exists (the migration makes it).
const postCounts = sqliteTable('post_counts', {
  scope: text({ enum: ['all', 'category', 'author', 'tag'] }).notNull(),
  refId: integer().notNull(),
  published: integer().notNull(),
});

export type CountScope = 'all' | 'category' | 'author' | 'tag';

// The posts column a scope's ref_id names (posts_category_status_published_idx, posts_author_…).
const SCOPE_COLUMN = { category: sql.raw('ps.category_id'), author: sql.raw('ps.author_id') } as const;

/**
 * The visible published posts of a scope at `now`, as an SQL expression: its stored count less its posts
 * still scheduled after `now`. `refId` is the category or author id — a number, or an SQL expression
 * qualified by table name (e.g. "categories"."id"), since the subqueries have a posts alias; 'all' takes 0.
 */
function visiblePublishedCount(now: number | Placeholder, scope: CountScope, refId: SQL | number): SQL<number> {
  return sql<number>`(coalesce((SELECT pc.published FROM post_counts AS pc WHERE pc.scope = ${scope} AND pc.ref_id = ${refId}), 0)
    - ${scheduledCount(now, scope, refId)})`;
}

/** The scope's posts still scheduled after `now`: a range of posts' (…, status, published_at) or post_tags' (tag_id, published_at) index. */
function scheduledCount(now: number | Placeholder, scope: CountScope, refId: SQL | number): SQL<number> {
  if (scope === 'tag') {
    return sql<number>`(SELECT count(*) FROM post_tags AS pts WHERE pts.tag_id = ${refId} AND ${scheduledAfter(now, postTagsMirror('pts'))})`;
  }
  const inScope = scope === 'all' ? sql`` : sql`${SCOPE_COLUMN[scope]} = ${refId} AND `;
  return sql<number>`(SELECT count(*) FROM posts AS ps WHERE ${inScope}${scheduledAfter(now, postsAlias('ps'))})`;
}

const CATEGORY_ID = sql.raw('"categories"."id"');
const USER_ID = sql.raw('"users"."id"');
const TAG_ID = sql.raw('"tags"."id"');

/**
 * A list total as a query of its own, for a batch: `[{ n }]`, read on the row the list is about (the
 * category by slug, the author by username or id, or the ('all', 0) count), or no row when that is unknown.
 */
export function visiblePublishedCountQuery(
  db: Db,
  now: number | Placeholder,
  of:
    | { all: true }
    | { categorySlug: string | Placeholder }
    | { authorUsername: string | Placeholder }
    | { authorId: number | Placeholder }
    | { tagSlug: string | Placeholder },
) {
  if ('tagSlug' in of) {
    return db.select({ n: visiblePublishedCount(now, 'tag', TAG_ID) }).from(tags).where(eq(tags.slug, of.tagSlug));
  }
  if ('categorySlug' in of) {
    return db.select({ n: visiblePublishedCount(now, 'category', CATEGORY_ID) }).from(categories).where(eq(categories.slug, of.categorySlug));
  }
  if ('authorUsername' in of) {
    return db.select({ n: visiblePublishedCount(now, 'author', USER_ID) }).from(users).where(eq(users.username, of.authorUsername));
  }
  if ('authorId' in of) {
    return db.select({ n: visiblePublishedCount(now, 'author', USER_ID) }).from(users).where(eq(users.id, of.authorId));
  }
  return db
    .select({ n: visiblePublishedCount(now, 'all', 0) })
    .from(postCounts)
    .where(and(eq(postCounts.scope, 'all'), eq(postCounts.refId, 0)));
}

/** A category's count in a select from categories. */
export const categoryPublishedCount = (now: number | Placeholder): SQL<number> => visiblePublishedCount(now, 'category', CATEGORY_ID);

/** A tag's count in a select from tags. */
export const tagPublishedCount = (now: number): SQL<number> => visiblePublishedCount(now, 'tag', TAG_ID);

/** Every visible published post's count, as an expression for a select of any table. */
export const allPublishedCount = (now: number | Placeholder): SQL<number> => visiblePublishedCount(now, 'all', 0);
