// Data access for the admin's post list: every post of any status, filtered, newest updated first.
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { containsPattern, type AdminPostFilter } from '../../contracts/admin';
import type { ListPage } from '../../contracts/lists';
import type { PostSummary } from '../../contracts/posts';
import { posts } from '../db/schema';
import type { Db } from '../env';
import { pageOffset, toListPage } from './list-page';
import { noIndex, scheduledAfter, visibleToReaders } from './post-visibility';
import { selectSummaries, toSummary } from './posts';

/**
 * The list's status filter. Unary + on published_at keeps the planner off the (status, published_at)
 * index, whose range would leave the rows to sort: it walks (status, updated_at) in the list's order instead.
 */
function statusWhere(status: AdminPostFilter, now: number): SQL {
  if (status === 'draft') return eq(posts.status, 'draft');
  const columns = { status: posts.status, publishedAt: noIndex(posts.publishedAt) };
  return status === 'published' ? visibleToReaders(now, columns) : scheduledAfter(now, columns);
}

export interface AdminPostFilters {
  now: number;
  status?: AdminPostFilter;
  categorySlug?: string;
  authorUsername?: string;
  /** A plain substring of the title. */
  q?: string;
}

function adminPostsWhere(f: AdminPostFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (f.status !== undefined) parts.push(statusWhere(f.status, f.now));
  // An unknown slug or username makes the subquery NULL, which matches no post: an empty list, not an error.
  if (f.categorySlug !== undefined) {
    parts.push(eq(posts.categoryId, sql`(SELECT c2.id FROM categories AS c2 WHERE c2.slug = ${f.categorySlug})`));
  }
  if (f.authorUsername !== undefined) {
    parts.push(eq(posts.authorId, sql`(SELECT u2.id FROM users AS u2 WHERE u2.username = ${f.authorUsername})`));
  }
  if (f.q !== undefined) parts.push(sql`${posts.title} LIKE ${containsPattern(f.q)} ESCAPE '\\'`);
  return parts.length > 0 ? and(...parts) : undefined;
}

/**
 * A page of every post matching the filters, newest updated first (posts_updated_idx, or its
 * author/category/status twins when one of those filters is set).
 */
export async function listAdminPosts(
  db: Db,
  filter: AdminPostFilters & { page: number; pageSize: number },
): Promise<ListPage<PostSummary>> {
  const where = adminPostsWhere(filter);
  const [rows, total] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(desc(posts.updatedAt), desc(posts.id))
      .limit(filter.pageSize)
      .offset(pageOffset(filter)),
    db.select({ n: count() }).from(posts).where(where),
  ]);
  return toListPage(rows.map(toSummary), total, filter);
}

/** The `limit` most recently updated posts of any status (posts_updated_idx), as a query to run or batch. */
export const latestUpdatedPostsQuery = (db: Db, limit: number) =>
  selectSummaries(db).orderBy(desc(posts.updatedAt), desc(posts.id)).limit(limit);
