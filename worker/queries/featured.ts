// Data access for the featured list: as readers see it, as the admin edits it, and replacing it.
import { asc, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import { FEATURED_MAX, HOME_FEATURED_COUNT, type PostStatus, type PostSummary } from '../../contracts/posts';
import { builtOnce, runBuilt } from '../db/built-once';
import { featured, posts } from '../db/schema';
import { constraintFailureOf } from '../db/constraint-failure';
import type { Db } from '../env';
import { noIndex, visibleToReaders } from './post-visibility';
import { selectSummariesVia, toSummary } from './post-summaries';

// The featured posts readers see, in the admin's order: the rule the list and the home's section share.
// Unary + keeps the planner from driving this from the posts index (every published post): it walks
// the ≤ 12 featured rows in position order instead and checks each post by its primary key.
const visibleFeatured = (now: number | Placeholder) =>
  visibleToReaders(now, { status: noIndex(posts.status), publishedAt: noIndex(posts.publishedAt) });
const FEATURED_ORDER = [asc(featured.position), asc(featured.id)];

/**
 * The featured posts in the admin's order (index featured_position_idx): for readers the visible
 * published ones only; with `includeScheduled` (the admin's view) scheduled ones too, which readers
 * see from their publish time on without anyone touching the list.
 */
export async function listFeaturedPosts(db: Db, now: number, opts: { includeScheduled?: boolean } = {}): Promise<PostSummary[]> {
  const view = opts.includeScheduled ? 'with-scheduled' : 'readers';
  const rows = await runBuilt(
    db,
    builtOnce(`featured:${view}`, { now }, (db, p) =>
      selectSummariesVia(db, featured)
        .where(opts.includeScheduled ? sql`+${posts.status} = 'published'` : visibleFeatured(p.now))
        .orderBy(...FEATURED_ORDER)
        .limit(FEATURED_MAX),
    ),
  );
  return rows.map(toSummary);
}

/** The ids of the posts the home's featured section shows at `now` (its first HOME_FEATURED_COUNT), as a subquery. */
export const homeFeaturedIds = (db: Db, now: number | Placeholder) =>
  db
    .select({ id: featured.postId })
    .from(featured)
    .innerJoin(posts, eq(posts.id, featured.postId))
    .where(visibleFeatured(now))
    .orderBy(...FEATURED_ORDER)
    .limit(HOME_FEATURED_COUNT);

/** The posts that `slugs` name (≤ FEATURED_MAX bound parameters), for checking a new list. */
export function findPostsBySlugs(db: Db, slugs: string[]): Promise<{ id: number; slug: string; title: string; status: PostStatus }[]> {
  if (slugs.length === 0) return Promise.resolve([]);
  return db.select({ id: posts.id, slug: posts.slug, title: posts.title, status: posts.status }).from(posts).where(inArray(posts.slug, slugs));
}

/**
 * Replaces the whole list with `postIds` in this order, in one atomic batch. Each row takes its post
 * id from a subquery that yields NULL unless the post is still published at that moment, so a post
 * unpublished or deleted since it was checked fails the NOT NULL of featured.post_id and the whole
 * batch rolls back: answers false and the old list stays.
 */
export async function replaceFeatured(db: Db, postIds: number[]): Promise<boolean> {
  const inserts = postIds.map((id, i) =>
    db.insert(featured).values({
      postId: sql`(SELECT p.id FROM posts AS p WHERE p.id = ${id} AND p.status = 'published')`,
      position: i + 1,
    }),
  );
  try {
    await db.batch([db.delete(featured), ...inserts]);
    return true;
  } catch (err) {
    if (constraintFailureOf(err)?.kind === 'not_null') return false;
    throw err;
  }
}
