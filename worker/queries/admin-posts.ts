// Data access for the admin's post list: every post of any status, filtered and sorted by a column.
import { and, asc, count, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { adminPostOrder, containsPattern, type AdminPostFilter, type AdminPostOrder } from '../../contracts/admin';
import type { ListPage } from '../../contracts/lists';
import type { PostSummary } from '../../contracts/posts';
import { categories, posts, users } from '../db/schema';
import type { Db } from '../env';
import { pageOffset, toListPage } from './list-page';
import { noIndex, scheduledAfter, visibleToReaders } from './post-visibility';
import { selectSummaries, summaryColumns, toSummary } from './post-summaries';

/** Column references as a filter reads them: plainly (its own index may find the rows) or kept off indexes. */
type ColumnRef = (column: SQLWrapper) => SQLWrapper;
const plain: ColumnRef = (column) => column;

/**
 * The list's status filter. Unary + on published_at keeps the planner off the (status, published_at)
 * index, whose range would leave the rows to sort: it walks (status, updated_at) in the list's order instead.
 */
function statusWhere(status: AdminPostFilter, now: number, col: ColumnRef): SQL {
  // A draft or pending post is one value of status: a range of (status, updated_at).
  if (status === 'draft' || status === 'pending') return sql`${col(posts.status)} = ${status}`;
  const columns = { status: col(posts.status), publishedAt: noIndex(posts.publishedAt) };
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

function adminPostsWhere(f: AdminPostFilters, col: ColumnRef): SQL | undefined {
  const parts: SQL[] = [];
  if (f.status !== undefined) parts.push(statusWhere(f.status, f.now, col));
  // An unknown slug or username makes the subquery NULL, which matches no post: an empty list, not an error.
  if (f.categorySlug !== undefined) {
    parts.push(sql`${col(posts.categoryId)} = (SELECT c2.id FROM categories AS c2 WHERE c2.slug = ${f.categorySlug})`);
  }
  if (f.authorUsername !== undefined) {
    parts.push(sql`${col(posts.authorId)} = (SELECT u2.id FROM users AS u2 WHERE u2.username = ${f.authorUsername})`);
  }
  if (f.q !== undefined) parts.push(sql`${posts.title} LIKE ${containsPattern(f.q)} ESCAPE '\\'`);
  return parts.length > 0 ? and(...parts) : undefined;
}

/** The list's own order: newest updated first. */
const DEFAULT_ORDER = adminPostOrder();

/** Sorting by the column a filter already fixes (one author, one category, one status) is the list's own order. */
function effectiveOrder(f: AdminPostFilters, order: AdminPostOrder): AdminPostOrder {
  const fixed =
    (order.sort === 'status' && f.status !== undefined) ||
    (order.sort === 'author' && f.authorUsername !== undefined) ||
    (order.sort === 'category' && f.categorySlug !== undefined);
  return fixed ? DEFAULT_ORDER : order;
}

/** The author and category orders: the table walked by name, the posts column that names its row, and the other join. */
const OWNERS = {
  author: { owner: users, ref: posts.authorId, name: sql`${users.name} COLLATE NOCASE`, other: categories, otherRef: posts.categoryId },
  category: { owner: categories, ref: posts.categoryId, name: sql`lower(${categories.name})`, other: users, otherRef: posts.authorId },
};

/**
 * A page's rows in `order`, each order one index walk that stops after the page (docs/decisions/030):
 * updated — posts_updated_idx, or the filter's own (status|category|author, updated_at) index;
 * title — posts_admin_title_idx; status — posts_admin_status_idx (ascending) or posts_status_updated_idx
 * (descending, walked backwards); author and category — the authors (users_name_idx) or categories
 * (their lower(name) index) in name order, CROSS JOIN forcing that outer loop, each one's posts newest first
 * from (author_id|category_id, updated_at, …). Outside the updated order the filters are kept off their
 * indexes (unary +): they are checked on the walked index's own copy of status, published_at, category_id
 * and author_id, so no post row is read before it is on the page.
 */
function adminPostRows(db: Db, f: AdminPostFilters, order: AdminPostOrder) {
  const by = order.dir === 'asc' ? asc : desc;
  const newestFirst = [desc(posts.updatedAt), desc(posts.id)];
  if (order.sort === 'updated') return selectSummaries(db).where(adminPostsWhere(f, plain)).orderBy(by(posts.updatedAt), by(posts.id));
  const where = adminPostsWhere(f, noIndex);
  switch (order.sort) {
    case 'title':
      return selectSummaries(db).where(where).orderBy(by(sql`${posts.title} COLLATE NOCASE`), by(posts.id));
    case 'status':
      return selectSummaries(db).where(where).orderBy(by(posts.status), ...newestFirst);
    case 'author':
    case 'category': {
      const { owner, ref, name, other, otherRef } = OWNERS[order.sort];
      return db
        .select(summaryColumns)
        .from(owner)
        .crossJoin(posts)
        .innerJoin(other, eq(other.id, otherRef))
        .where(and(eq(ref, owner.id), where))
        .orderBy(by(name), by(owner.id), ...newestFirst);
    }
  }
}

/** A page of every post matching the filters, in `order` (default: newest updated first), with their count. */
export async function listAdminPosts(
  db: Db,
  filter: AdminPostFilters & { page: number; pageSize: number; order?: AdminPostOrder },
): Promise<ListPage<PostSummary>> {
  const order = effectiveOrder(filter, filter.order ?? DEFAULT_ORDER);
  const [rows, total] = await Promise.all([
    adminPostRows(db, filter, order).limit(filter.pageSize).offset(pageOffset(filter)),
    // Counted on the filters' own indexes, whatever the order.
    db.select({ n: count() }).from(posts).where(adminPostsWhere(filter, plain)),
  ]);
  return toListPage(rows.map(toSummary), total, filter);
}

/** The `limit` most recently updated posts of any status (posts_updated_idx), as a query to run or batch. */
export const latestUpdatedPostsQuery = (db: Db, limit: number) =>
  selectSummaries(db).orderBy(desc(posts.updatedAt), desc(posts.id)).limit(limit);
