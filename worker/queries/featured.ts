// Data access for the featured list as readers see it.
import { asc, eq, sql } from 'drizzle-orm';
import { FEATURED_MAX, type PostSummary } from '../../contracts/posts';
import { categories, featured, posts, users } from '../db/schema';
import type { Db } from '../env';
import { summaryColumns, toSummary } from './posts';

/** The featured posts in the admin's order, visible published ones only (index featured_position_idx). */
export async function listFeaturedPosts(db: Db, now: number): Promise<PostSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(featured)
    .innerJoin(posts, eq(posts.id, featured.postId))
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .innerJoin(users, eq(users.id, posts.authorId))
    // Unary + keeps the planner from driving this from the posts index (every published post): it walks
    // the ≤ 12 featured rows in position order instead and checks each post by its primary key.
    .where(sql`+${posts.status} = 'published' AND +${posts.publishedAt} <= ${now}`)
    .orderBy(asc(featured.position), asc(featured.id))
    .limit(FEATURED_MAX);
  return rows.map(toSummary);
}
