// Old slugs of posts (post_slugs, migration 0009): a request for one is redirected to the post's
// current slug. Answers data, never HTTP errors.
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PostStatus } from '../../contracts/posts';
import { NOW_MS, posts, postSlugs } from '../db/schema';
import type { Db } from '../env';

export interface MovedPost {
  /** The post's current slug. */
  slug: string;
  authorId: number;
  status: PostStatus;
  publishedAt: Date | null;
}

/** The post an old slug belonged to, with what the visibility rule reads (no row when none), for a batch. */
export const movedPostQuery = (db: Db, oldSlug: string | Placeholder) =>
  db
    .select({ slug: posts.slug, authorId: posts.authorId, status: posts.status, publishedAt: posts.publishedAt })
    .from(postSlugs)
    .innerJoin(posts, eq(posts.id, postSlugs.postId))
    .where(eq(postSlugs.slug, oldSlug))
    .limit(1);

/**
 * For a write's batch: `oldSlug` now redirects to the post `postId` (an id, or SQL naming it) — an old
 * slug another post had before moves to this one — when `guard` holds.
 */
export const keepOldSlugQuery = (db: Db, input: { postId: number | SQL; oldSlug: string; guard: SQL }) =>
  db
    .insert(postSlugs)
    .select(
      db
        .select({ slug: sql<string>`${input.oldSlug}`.as('slug'), postId: posts.id, createdAt: NOW_MS.as('created_at') })
        .from(posts)
        .where(and(eq(posts.id, input.postId), input.guard)),
    )
    .onConflictDoUpdate({ target: postSlugs.slug, set: { postId: sql`excluded.post_id`, createdAt: sql`excluded.created_at` } });

/** For a write's batch: `slug` is a post's current slug now, so it no longer redirects anywhere. */
export const releaseOldSlugQuery = (db: Db, slug: string, guard: SQL = sql`1`) =>
  db.delete(postSlugs).where(and(eq(postSlugs.slug, slug), guard));
