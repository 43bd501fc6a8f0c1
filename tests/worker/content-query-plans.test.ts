// Every list query of this issue uses an index: the SQL the query functions really send is recorded and
// run through EXPLAIN QUERY PLAN, which must show no full table scan and no sort of posts in a temp B-tree.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import { listCategories, listCategorySlugs } from '../../worker/queries/categories';
import { listFeaturedPosts } from '../../worker/queries/featured';
import { findPostBySlug, listLatestPublished, listPostsOfAuthor, listPublishedPosts, listPublishedSlugs } from '../../worker/queries/posts';
import { findPublicUser, listPublishingAuthors } from '../../worker/queries/profile';
import { searchPublishedPosts } from '../../worker/queries/search';
import { createCategory, createPost, createUser } from './factories';

interface Recorded {
  sql: string;
  params: unknown[];
}

/** A D1 binding that records each statement drizzle binds, then runs it for real. */
function recordingD1(seen: Recorded[]): D1Database {
  return new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (sql: string) => {
          const stmt = target.prepare(sql);
          return new Proxy(stmt, {
            get(s, p) {
              if (p === 'bind') {
                return (...params: unknown[]) => {
                  seen.push({ sql, params });
                  return s.bind(...params);
                };
              }
              const v = Reflect.get(s, p, s) as unknown;
              return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(s) : v;
            },
          });
        };
      }
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

async function plansOf(run: (db: ReturnType<typeof createDb>) => Promise<unknown>): Promise<{ sql: string; plan: string[] }[]> {
  const seen: Recorded[] = [];
  await run(createDb(recordingD1(seen)));
  expect(seen.length).toBeGreaterThan(0);
  const out = [];
  for (const { sql, params } of seen) {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    out.push({ sql, plan: results.map((r) => r.detail) });
  }
  return out;
}

const FULL_SCAN = /^SCAN (posts|users|categories|featured|sessions|media)( AS \w+)?$/;

function expectIndexed(plans: { sql: string; plan: string[] }[]): void {
  for (const { sql, plan } of plans) {
    const context = `${sql}\n  ${plan.join('\n  ')}`;
    for (const step of plan) expect(step, context).not.toMatch(FULL_SCAN);
    if (/\bposts\b/.test(sql) && /ORDER BY/i.test(sql) && !/posts_fts/.test(sql)) {
      expect(plan.join('\n'), context).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    }
  }
}

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
      ['sitemap posts', (db) => listPublishedSlugs(db, { now, limit: 45_000 })],
      ['sitemap categories', (db) => listCategorySlugs(db)],
      ['sitemap authors', (db) => listPublishingAuthors(db, now)],
      ['categories', (db) => listCategories(db, { now, page: 1, pageSize: 100 })],
      ['featured', (db) => listFeaturedPosts(db, now)],
      ['post by slug', (db) => findPostBySlug(db, post.slug)],
      ['author by username', (db) => findPublicUser(db, author.username)],
      ['search', (db) => searchPublishedPosts(db, { query: '"indexed"', now, page: 1, pageSize: 12, categorySlug: category.slug })],
    ];
    for (const [label, run] of cases) {
      const plans = await plansOf(run);
      expectIndexed(plans.map((p) => ({ ...p, sql: `[${label}] ${p.sql}` })));
    }
  });

  it('search goes through the FTS index', async () => {
    const plans = await plansOf((db) => searchPublishedPosts(db, { query: '"word"*', now: Date.now(), page: 1, pageSize: 12 }));
    for (const { plan } of plans) expect(plan.join('\n')).toMatch(/VIRTUAL TABLE INDEX/);
  });
});
