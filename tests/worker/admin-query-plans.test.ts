// The admin API's list and look-up queries use indexes: the SQL they really send is run through
// EXPLAIN QUERY PLAN, which must show no full table scan and no sort of posts in a temp B-tree.
import { describe, expect, it } from 'vitest';
import { ADMIN_POST_SORTS, SORT_DIRECTIONS } from '../../contracts/admin';
import type { createDb } from '../../worker/db/client';
import { findAdminCategory, listAdminCategories, takenCategoryFields } from '../../worker/queries/admin-categories';
import { listAdminPosts, type AdminPostFilters } from '../../worker/queries/admin-posts';
import { readAdminStats } from '../../worker/queries/admin-stats';
import { findAdminUser, listAdminUsers } from '../../worker/queries/admin-users';
import { findPostsBySlugs, listFeaturedPosts } from '../../worker/queries/featured';
import { createCategory, createPost, createUser } from './factories';
import { expectIndexed, plansOf } from './query-plan-kit';

describe('EXPLAIN QUERY PLAN of the admin queries', () => {
  it('uses indexes for every admin list and look-up', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    await createPost(author, category, { status: 'draft' });
    const now = Date.now();
    const page = { page: 2, pageSize: 25, now };
    type Case = [string, (db: ReturnType<typeof createDb>) => Promise<unknown>, { scanAllowed?: string }?];
    // A title, name or email substring (LIKE '%…%') can only be found by reading them: its count reads the
    // table once, and its page still walks an index in list order and stops after the page.
    const substring = (table: string) => ({ scanAllowed: table });
    const cases: Case[] = [
      ['admin posts', (db) => listAdminPosts(db, page)],
      ['admin posts: drafts', (db) => listAdminPosts(db, { ...page, status: 'draft' })],
      ['admin posts: pending review', (db) => listAdminPosts(db, { ...page, status: 'pending' })],
      ['admin posts: published', (db) => listAdminPosts(db, { ...page, status: 'published' })],
      ['admin posts: scheduled', (db) => listAdminPosts(db, { ...page, status: 'scheduled' })],
      ['admin posts: category', (db) => listAdminPosts(db, { ...page, categorySlug: category.slug })],
      ['admin posts: author', (db) => listAdminPosts(db, { ...page, authorUsername: author.username })],
      ['admin posts: title', (db) => listAdminPosts(db, { ...page, q: 'post' }), substring('posts')],
      ['admin posts: category + drafts', (db) => listAdminPosts(db, { ...page, categorySlug: category.slug, status: 'draft' })],
      ['admin posts: author + published', (db) => listAdminPosts(db, { ...page, authorUsername: author.username, status: 'published' })],
      ['admin posts: everything', (db) => listAdminPosts(db, { ...page, categorySlug: category.slug, authorUsername: author.username, status: 'scheduled', q: 'x' })],
      ['admin posts: drafts + title', (db) => listAdminPosts(db, { ...page, status: 'draft', q: 'x' })],
      ['stats', (db) => readAdminStats(db, now, 'UTC')],
      ['admin users', (db) => listAdminUsers(db, { page: 1, pageSize: 25 })],
      ['admin users: role', (db) => listAdminUsers(db, { page: 1, pageSize: 25, role: 1 })],
      ['admin users: search', (db) => listAdminUsers(db, { page: 1, pageSize: 25, q: 'writer' }), substring('users')],
      ['admin users: role + search', (db) => listAdminUsers(db, { page: 1, pageSize: 25, role: 0, q: 'writer' })],
      ['admin user', (db) => findAdminUser(db, author.username)],
      ['admin categories', (db) => listAdminCategories(db, now)],
      ['admin category', (db) => findAdminCategory(db, category.slug, now)],
      ['category slug/name taken', (db) => takenCategoryFields(db, { slug: category.slug, name: category.name }, category.id)],
      ['admin featured', (db) => listFeaturedPosts(db, now, { includeScheduled: true })],
      ['featured candidates', (db) => findPostsBySlugs(db, [post.slug, 'another-slug'])],
    ];
    for (const [label, run, opts] of cases) {
      const plans = await plansOf(run);
      expectIndexed(
        plans.map((p) => ({ ...p, sql: `[${label}] ${p.sql}` })),
        opts,
      );
    }
  });
});

describe('EXPLAIN QUERY PLAN of the admin posts list sorted by a column', () => {
  it('walks one index in the asked order for every sort, direction and filter: no table scan, no sort, filters checked in the index', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    await createPost(author, category);
    await createPost(author, category, { status: 'draft' });
    const now = Date.now();
    const filterSets: [string, Partial<AdminPostFilters>][] = [
      ['no filter', {}],
      ['drafts', { status: 'draft' }],
      ['pending review', { status: 'pending' }],
      ['published', { status: 'published' }],
      ['scheduled', { status: 'scheduled' }],
      ['category', { categorySlug: category.slug }],
      ['author', { authorUsername: author.username }],
      ['category + drafts', { categorySlug: category.slug, status: 'draft' }],
      ['author + published', { authorUsername: author.username, status: 'published' }],
    ];
    for (const sort of ADMIN_POST_SORTS) {
      for (const dir of SORT_DIRECTIONS) {
        for (const [label, filters] of [...filterSets, ['title', { q: 'post' }] as const]) {
          const plans = await plansOf((db) => listAdminPosts(db, { now, page: 3, pageSize: 25, ...filters, order: { sort, dir } }));
          const tagged = plans.map((p) => ({ ...p, sql: `[${sort} ${dir}, ${label}] ${p.sql}` }));
          expectIndexed(tagged, 'q' in filters ? { scanAllowed: 'posts' } : {});
          // Any sort at all (not only of posts) would read every matching row before the page.
          for (const p of tagged) expect(p.plan.join('\n'), `${p.sql}\n  ${p.plan.join('\n  ')}`).not.toMatch(/TEMP B-TREE/);
        }
      }
    }
  });
});
