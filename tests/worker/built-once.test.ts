/// <reference types="vite/client" />
// Statements built once per isolate (worker/db/built-once.ts): the SQL text is built on first use and
// kept; every call binds its own values — run alone or together in one round trip, on any db (the
// Worker's or a render's) — and a list built that way answers each filter, page and moment. Statements
// are built and bound through drizzle's public API only (docs/decisions/035-drizzle-public-api.md); how their
// rows are mapped reads drizzle's field list, checked in row-mapping.test.ts (decision 077).
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { builtOnce, runBuilt, runBuiltTogether } from '../../worker/db/built-once';
import { createDb } from '../../worker/db/client';
import { createRenderDb } from '../../worker/db/coalesced-reads';
import { categories } from '../../worker/db/schema';
import { listPublishedPosts } from '../../worker/queries/posts';
import { createCategory, createPost, createUser, uid } from './factories';
import { countingD1 } from './page-cost-kit';

const WORKER_SOURCES = Object.entries(
  import.meta.glob<string>('/worker/**/*.ts', { query: '?raw', import: 'default', eager: true }),
).map(([path, text]) => ({ path: path.slice(1), text }));

describe('a statement built once', () => {
  it('answers each call with its own values, run alone and together', async () => {
    const db = createDb(env.DB);
    const [a, b] = await Promise.all([createCategory(), createCategory()]);
    const key = `test-category-by-slug-${uid()}`;
    const bySlug = (slug: string) =>
      builtOnce(key, { slug }, (qb, p) => qb.select({ name: categories.name }).from(categories).where(eq(categories.slug, p.slug)));
    expect(await runBuilt(db, bySlug(a.slug))).toEqual([{ name: a.name }]);
    expect(await runBuilt(db, bySlug(b.slug))).toEqual([{ name: b.name }]);
    const together = await runBuiltTogether(db, [bySlug(b.slug), bySlug(a.slug), bySlug('no-such-category')]);
    expect(together).toEqual([[{ name: b.name }], [{ name: a.name }], []]);
  });

  it('is built on first use only, and then runs on any db: the Worker’s and a render’s', async () => {
    const category = await createCategory();
    const key = `test-category-built-once-${uid()}`;
    let builds = 0;
    const bySlug = (slug: string) =>
      builtOnce(key, { slug }, (qb, p) => {
        builds += 1;
        return qb.select({ id: categories.id, createdAt: categories.createdAt }).from(categories).where(eq(categories.slug, p.slug));
      });
    const [onWorkerDb] = await runBuilt(createDb(env.DB), bySlug(category.slug));
    const [onRenderDb] = await runBuilt(createRenderDb(env.DB), bySlug(category.slug));
    const [onAnotherBinding] = await runBuiltTogether(createDb(countingD1({ trips: [] })), [bySlug(category.slug)]);
    expect(builds).toBe(1);
    // Rows are mapped as drizzle maps the builder's: a timestamp column is a Date.
    expect(onWorkerDb!.createdAt).toBeInstanceOf(Date);
    expect(onRenderDb).toEqual(onWorkerDb);
    expect(onAnotherBinding).toEqual([onWorkerDb]);
  });

  it('statements run together make one round trip', async () => {
    const seen = { trips: [] as string[][] };
    const db = createDb(countingD1(seen));
    const key = `test-category-count-${uid()}`;
    const named = (slug: string) => builtOnce(key, { slug }, (qb, p) => qb.select({ id: categories.id }).from(categories).where(eq(categories.slug, p.slug)));
    await runBuiltTogether(db, [named('a'), named('b'), named('c')]);
    expect(seen.trips).toHaveLength(1);
    expect(seen.trips[0]).toHaveLength(3);
  });

  it('a list of published posts answers each category, page and moment of its own', async () => {
    const db = createDb(env.DB);
    const author = await createUser();
    const [one, two] = await Promise.all([createCategory(), createCategory()]);
    const older = await createPost(author, one, { publishedAt: new Date(Date.now() - 60_000).toISOString() });
    const newer = await createPost(author, one);
    const other = await createPost(author, two);
    const now = Date.now();
    const slugs = async (filter: Parameters<typeof listPublishedPosts>[1]) => {
      const page = await listPublishedPosts(db, filter);
      return { slugs: page.items.map((p) => p.slug), total: page.total };
    };
    expect(await slugs({ now, categorySlug: one.slug, page: 1, pageSize: 10 })).toEqual({ slugs: [newer.slug, older.slug], total: 2 });
    expect(await slugs({ now, categorySlug: two.slug, page: 1, pageSize: 10 })).toEqual({ slugs: [other.slug], total: 1 });
    expect(await slugs({ now, categorySlug: one.slug, page: 2, pageSize: 1 })).toEqual({ slugs: [older.slug], total: 2 });
    // Before the newer post's publish time it is scheduled: neither listed nor counted.
    const before = Date.parse(newer.publishedAt!) - 1;
    expect(await slugs({ now: before, categorySlug: one.slug, page: 1, pageSize: 10 })).toEqual({ slugs: [older.slug], total: 1 });
  });
});

describe('drizzle is used through its public API only', () => {
  it('reads the sources it checks', () => {
    expect(WORKER_SOURCES.map((f) => f.path)).toEqual(expect.arrayContaining(['worker/db/built-once.ts', 'worker/queries/posts.ts']));
  });

  it('no Worker code calls drizzle internals (_prepare, the session, prepareOneTimeQuery) or casts to reach $client', () => {
    const PRIVATE = /\b_prepare\b|prepareOneTimeQuery|\.session\.|\bas unknown as \{[^}]*\$client/;
    expect(WORKER_SOURCES.filter((f) => PRIVATE.test(f.text)).map((f) => f.path)).toEqual([]);
  });
});
