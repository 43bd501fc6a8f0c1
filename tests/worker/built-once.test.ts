// Statements built once per isolate (worker/db/built-once.ts): the SQL text is kept, every call binds its
// own values — awaited or in a batch — and a list built that way answers each filter, page and moment.
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { builtOnce } from '../../worker/db/built-once';
import { createDb } from '../../worker/db/client';
import { categories } from '../../worker/db/schema';
import { listPublishedPosts } from '../../worker/queries/posts';
import { createCategory, createPost, createUser, uid } from './factories';

describe('a statement built once', () => {
  it('answers each call with its own values, awaited and in a batch', async () => {
    const db = createDb(env.DB);
    const [a, b] = await Promise.all([createCategory(), createCategory()]);
    const key = `test-category-by-slug-${uid()}`;
    const bySlug = (slug: string) =>
      builtOnce(key, db, { slug }, (p) => db.select({ name: categories.name }).from(categories).where(eq(categories.slug, p.slug)));
    expect(await bySlug(a.slug)).toEqual([{ name: a.name }]);
    expect(await bySlug(b.slug)).toEqual([{ name: b.name }]);
    const [first, second, none] = await db.batch([bySlug(b.slug), bySlug(a.slug), bySlug('no-such-category')]);
    expect([first, second, none]).toEqual([[{ name: b.name }], [{ name: a.name }], []]);
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
