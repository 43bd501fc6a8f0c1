// Flat at scale: the queries a page cache miss makes read an index, and no count reads more than the
// posts still scheduled. EXPLAIN QUERY PLAN of the SQL the query functions really send (batches too).
import { describe, expect, it } from 'vitest';
import type { createDb } from '../../worker/db/client';
import { findCategoryBySlug, listCategories } from '../../worker/queries/categories';
import { listFeaturedPosts } from '../../worker/queries/featured';
import { visiblePublishedCountQuery } from '../../worker/queries/post-counts';
import { listHomeLatest } from '../../worker/queries/home';
import { listPublishedPosts } from '../../worker/queries/posts';
import { findAuthorPage } from '../../worker/queries/profile';
import { createCategory, createPost, createUser } from './factories';
import { expectIndexed, plansOf } from './query-plan-kit';

type Run = (db: ReturnType<typeof createDb>) => Promise<unknown>;

// A count of published posts that walks them (instead of the few scheduled ones) reads a range that
// starts at the oldest post: `published_at<?`. The scheduled range is `published_at>?`.
const COUNTS_VISIBLE_ROWS = /USING (COVERING )?INDEX posts_\w+ \([^)]*published_at<\?\)/;

async function plans(run: Run) {
  const all = await plansOf(run);
  expectIndexed(all);
  return all;
}

describe('EXPLAIN QUERY PLAN of a page cache miss', () => {
  it('home: the latest page in index order and its total from post_counts less the scheduled range', async () => {
    const now = Date.now();
    const [rows, total] = await plans((db) => listPublishedPosts(db, { now, page: 1, pageSize: 12 }));
    expect(rows!.plan.join('\n')).toMatch(/SEARCH posts USING INDEX posts_status_published_idx \(status=\? AND published_at<\?\)/);
    const count = total!.plan.join('\n');
    expect(count, total!.sql).toMatch(/SEARCH (post_counts|pc) USING PRIMARY KEY \(scope=\? AND ref_id=\?\)/);
    expect(count, total!.sql).toMatch(/SEARCH ps USING COVERING INDEX posts_status_published_idx \(status=\? AND published_at>\?\)/);
    expect(count).not.toMatch(COUNTS_VISIBLE_ROWS);
    expect(count).not.toMatch(/SCAN posts/);
  });

  it('home latest: the posts index less the ≤ 6 ids of the featured section (walked from featured); its total from post_counts less those', async () => {
    const now = Date.now();
    const [rows, total] = await plans((db) => listHomeLatest(db, { now, page: 1, pageSize: 12 }));
    const rowsPlan = rows!.plan.join('\n');
    expect(rowsPlan).toMatch(/SEARCH posts USING INDEX posts_status_published_idx \(status=\? AND published_at<\?\)/);
    expect(rowsPlan).toMatch(/LIST SUBQUERY/);
    expect(rowsPlan).toMatch(/SCAN featured USING INDEX featured_position_idx/);
    const count = total!.plan.join('\n');
    expect(count).toMatch(/SEARCH (post_counts|pc) USING PRIMARY KEY \(scope=\? AND ref_id=\?\)/);
    expect(count).toMatch(/SCAN featured USING INDEX featured_position_idx/);
    expect(count).not.toMatch(COUNTS_VISIBLE_ROWS);
  });

  it('category: its page on the category index and its total from post_counts less its scheduled range', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    await createPost(author, category);
    const now = Date.now();
    const [rows, total] = await plans((db) => listPublishedPosts(db, { now, page: 1, pageSize: 12, categorySlug: category.slug }));
    expect(rows!.plan.join('\n')).toMatch(/posts_category_status_published_idx \(category_id=\? AND status=\? AND published_at<\?\)/);
    const count = total!.plan.join('\n');
    expect(count).toMatch(/SEARCH pc USING PRIMARY KEY \(scope=\? AND ref_id=\?\)/);
    expect(count).toMatch(/posts_category_status_published_idx \(category_id=\? AND status=\? AND published_at>\?\)/);
    expect(count).not.toMatch(COUNTS_VISIBLE_ROWS);
  });

  it('author: user, page and total in one batch, each on an index', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    await createPost(author, category);
    const now = Date.now();
    const all = await plans((db) => findAuthorPage(db, { username: author.username, now, page: 1, pageSize: 12 }));
    // The fourth: the settings' posts per page for the answer (the page's LIMIT reads it in its own statement).
    expect(all).toHaveLength(4);
    const [user, rows, total, perPage] = all;
    expect(perPage!.plan.join('\n')).toMatch(/SEARCH settings USING INTEGER PRIMARY KEY/);
    expect(user!.plan.join('\n')).toMatch(/users_username_unique/);
    expect(rows!.plan.join('\n')).toMatch(/posts_author_status_published_idx \(author_id=\? AND status=\? AND published_at<\?\)/);
    const count = total!.plan.join('\n');
    expect(count).toMatch(/SEARCH pc USING PRIMARY KEY \(scope=\? AND ref_id=\?\)/);
    expect(count).toMatch(/posts_author_status_published_idx \(author_id=\? AND status=\? AND published_at>\?\)/);
    expect(count).not.toMatch(COUNTS_VISIBLE_ROWS);
  });

  it('categories with their counts: post_counts by key and only the scheduled range of each', async () => {
    const category = await createCategory();
    const now = Date.now();
    for (const run of [
      (db) => listCategories(db, { now, page: 1, pageSize: 100 }),
      (db) => findCategoryBySlug(db, category.slug, now),
    ] satisfies Run[]) {
      const [first] = await plans(run);
      const plan = first!.plan.join('\n');
      expect(plan).toMatch(/SEARCH pc USING PRIMARY KEY \(scope=\? AND ref_id=\?\)/);
      expect(plan).toMatch(/posts_category_status_published_idx \(category_id=\? AND status=\? AND published_at>\?\)/);
      expect(plan).not.toMatch(COUNTS_VISIBLE_ROWS);
    }
  });

  it('every list total is read from post_counts, never by counting visible posts', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const now = Date.now();
    for (const of of [{ all: true as const }, { categorySlug: category.slug }, { authorUsername: author.username }, { authorId: author.id }]) {
      const [count] = await plans((db) => visiblePublishedCountQuery(db, now, of));
      const plan = count!.plan.join('\n');
      expect(plan, JSON.stringify(of)).toMatch(/USING PRIMARY KEY \(scope=\? AND ref_id=\?\)/);
      expect(plan, JSON.stringify(of)).not.toMatch(COUNTS_VISIBLE_ROWS);
    }
  });

  it('featured: the few featured rows in position order, each post by its primary key', async () => {
    const [featured] = await plans((db) => listFeaturedPosts(db, Date.now()));
    const plan = featured!.plan.join('\n');
    expect(plan).toMatch(/featured_position_idx/);
    expect(plan).toMatch(/SEARCH posts USING INTEGER PRIMARY KEY \(rowid=\?\)/);
  });
});
