// Every list query of this issue uses an index: the SQL the query functions really send is recorded and
// run through EXPLAIN QUERY PLAN, which must show no full table scan and no sort of posts in a temp B-tree.
import { describe, expect, it } from 'vitest';
import type { createDb } from '../../worker/db/client';
import { listCategories, listCategorySlugs } from '../../worker/queries/categories';
import { listFeaturedPosts } from '../../worker/queries/featured';
import { findPostBySlug, listLatestPublished, listPostsOfAuthor, listPublishedPosts, listPublishedSlugs, newestPublishedId } from '../../worker/queries/posts';
import { findPublicUser, listPublishingAuthors } from '../../worker/queries/profile';
import { searchPublishedPosts } from '../../worker/queries/search';
import { findTagBySlug, listTags, listTagSlugs } from '../../worker/queries/tags';
import { createCategory, createPost, createUser } from './factories';
import { expectIndexed, plansOf } from './query-plan-kit';

describe('EXPLAIN QUERY PLAN of the list queries', () => {
  it('uses indexes for every list and lookup', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category, { body: 'indexed words here' });
    const now = Date.now();
    const cases: [string, (db: ReturnType<typeof createDb>) => Promise<unknown>][] = [
      ['published list', (db) => listPublishedPosts(db, { now, page: 2, pageSize: 12 })],
      ['published list by category', (db) => listPublishedPosts(db, { now, page: 1, pageSize: 12, categorySlug: category.slug })],
      ['published list by author name', (db) => listPublishedPosts(db, { now, page: 1, pageSize: 12, authorUsername: author.username })],
      ['published list by author id', (db) => listPublishedPosts(db, { now, page: 1, pageSize: 12, authorId: author.id })],
      ['own posts', (db) => listPostsOfAuthor(db, { authorId: author.id, page: 1, pageSize: 12 })],
      ['rss', (db) => listLatestPublished(db, { now, limit: 20 })],
      ['sitemap posts', (db) => listPublishedSlugs(db, { now, fromId: 1001, toId: 2000, limit: 1000 })],
      ['sitemap categories', (db) => listCategorySlugs(db)],
      ['sitemap authors', (db) => listPublishingAuthors(db, now)],
      ['categories', (db) => listCategories(db, { now, page: 1, pageSize: 100 })],
      ['featured', (db) => listFeaturedPosts(db, now)],
      ['post by slug', (db) => findPostBySlug(db, post.slug)],
      ['author by username', (db) => findPublicUser(db, author.username)],
      ['search', (db) => searchPublishedPosts(db, { query: { whole: '"indexed"', partial: null }, now, page: 1, pageSize: 12, categorySlug: category.slug })],
    ];
    for (const [label, run] of cases) {
      const plans = await plansOf(run);
      expectIndexed(plans.map((p) => ({ ...p, sql: `[${label}] ${p.sql}` })));
    }
    // A post sitemap is one range of the primary key, whatever the size of the site.
    const [sitemap] = await plansOf((db) => listPublishedSlugs(db, { now, fromId: 1001, toId: 2000, limit: 1000 }));
    expect(sitemap!.plan, sitemap!.sql).toEqual(['SEARCH posts USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)']);
    // Where the ranges end: the table read backwards from the newest row, stopped at the first visible one.
    const [end] = await plansOf((db) => newestPublishedId(db, now));
    expect(end!.plan, end!.sql).toEqual(['SCAN posts']);
    expect(end!.sql).toMatch(/ORDER BY "posts"\."id" DESC LIMIT 1$/);
  });

  it('a tag’s page is one range of post_tags_tag_published_idx, newest first, without a sort', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category, { tags: ['planned tag'] });
    const tagSlug = post.tags[0]!.slug;
    const now = Date.now();
    const plans = await plansOf((db) => listPublishedPosts(db, { now, page: 2, pageSize: 12, tagSlug }));
    expectIndexed(plans);
    const [rows, total] = plans;
    expect(rows!.plan.join('\n'), rows!.sql).toMatch(/SEARCH post_tags USING (COVERING )?INDEX post_tags_tag_published_idx \(tag_id=\? AND published_at<\?\)/);
    expect(rows!.plan.join('\n'), rows!.sql).not.toMatch(/TEMP B-TREE/);
    // The total is the stored count less the scheduled: a seek and a range of the same index.
    expect(total!.plan.join('\n'), total!.sql).toMatch(/post_tags_tag_published_idx \(tag_id=\? AND published_at>\?\)/);
    for (const [label, run] of [
      ['tags', (db) => listTags(db, { now, page: 1, pageSize: 100 })],
      ['tag by slug', (db) => findTagBySlug(db, tagSlug, now)],
      ['sitemap tags', (db) => listTagSlugs(db, { now, limit: 4000 })],
      ['search by tag', (db) => searchPublishedPosts(db, { query: { whole: '"planned"', partial: null }, now, page: 1, pageSize: 12, tagSlug })],
    ] as [string, (db: ReturnType<typeof createDb>) => Promise<unknown>][]) {
      const found = await plansOf(run);
      expectIndexed(found.map((p) => ({ ...p, sql: `[${label}] ${p.sql}` })));
      for (const { plan, sql } of found) expect(plan.join('\n'), `[${label}] ${sql}`).not.toMatch(/^SCAN (post_tags|tags)$/m);
    }
  });

  it('search goes through the FTS index, and the prefix only when whole words match nothing', async () => {
    const query = { whole: '"wordnotthere"', partial: '"wordnotthere"*' };
    const plans = await plansOf((db) => searchPublishedPosts(db, { query, now: Date.now(), page: 1, pageSize: 12 }));
    expect(plans.map((p) => p.sql.includes('posts_fts MATCH'))).toEqual([true, true]);
    for (const { plan } of plans) expect(plan.join('\n')).toMatch(/VIRTUAL TABLE INDEX/);
  });
});
