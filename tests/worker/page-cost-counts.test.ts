// Counts kept up to date instead of counted per request (post_counts, migration 0007): after every kind
// of write — create, publish, unpublish, delete, category change, author change, a scheduled time
// passing — every count readers see is exactly the number of visible published posts, and the stored
// counts equal a real count of the rows.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category, CategoryResponse } from '../../contracts/categories';
import type { ListPage } from '../../contracts/lists';
import type { PostListResponse } from '../../contracts/posts';
import type { AuthorPageResponse } from '../../contracts/profile';
import { call } from './helpers';
import { createAdmin, createCategory, createPost, createUser, json, updateOf, type TestCategory, type TestUser } from './factories';

afterEach(() => {
  vi.useRealTimers();
});

interface Counts {
  category: number;
  categoryInList: number;
  categoryPosts: number;
  author: number;
  all: number;
}

/** What visitors are told: the category's count (alone and in the list), the list totals of category, author and home. */
async function told(category: TestCategory, author: TestUser): Promise<Counts> {
  const one = await json<CategoryResponse>(await call(`/api/categories/${category.slug}`));
  const list = await json<ListPage<Category>>(await call('/api/categories'));
  const categoryPosts = await json<PostListResponse>(await call(`/api/posts?category=${category.slug}`));
  const authorPage = await json<AuthorPageResponse>(await call(`/api/users/${author.username}`));
  const home = await json<PostListResponse>(await call('/api/posts'));
  return {
    category: one.category.postCount,
    categoryInList: list.items.find((c) => c.slug === category.slug)?.postCount ?? -1,
    categoryPosts: categoryPosts.total,
    author: authorPage.posts.total,
    all: home.total,
  };
}

const visible = async (where: string, ...binds: unknown[]): Promise<number> => {
  const row = await env.DB.prepare(
    `SELECT count(*) AS n FROM posts WHERE status = 'published' AND published_at <= ? AND ${where}`,
  )
    .bind(Date.now(), ...binds)
    .first<{ n: number }>();
  return row!.n;
};

/** The truth, counted row by row. */
async function truth(category: TestCategory, author: TestUser): Promise<Counts> {
  const c = await visible('category_id = ?', category.id);
  return { category: c, categoryInList: c, categoryPosts: c, author: await visible('author_id = ?', author.id), all: await visible('1 = 1') };
}

/** Every stored count equals a real count of published posts with a publish time. */
async function expectStoredCountsExact(): Promise<void> {
  const { results } = await env.DB.prepare(
    `SELECT pc.scope, pc.ref_id, pc.published,
       (SELECT count(*) FROM posts p WHERE p.status = 'published' AND p.published_at IS NOT NULL AND
          (pc.scope = 'all' OR (pc.scope = 'category' AND p.category_id = pc.ref_id) OR (pc.scope = 'author' AND p.author_id = pc.ref_id))) AS real
     FROM post_counts pc`,
  ).all<{ scope: string; ref_id: number; published: number; real: number }>();
  expect(results.length).toBeGreaterThan(0);
  for (const r of results) expect(r.published, `${r.scope} ${r.ref_id}`).toBe(r.real);
}

async function expectExact(category: TestCategory, author: TestUser, expected: { category: number; author: number }) {
  const seen = await told(category, author);
  expect(seen).toEqual(await truth(category, author));
  expect(seen.category).toBe(expected.category);
  expect(seen.author).toBe(expected.author);
  await expectStoredCountsExact();
}

describe('published counts stay exact through every write', () => {
  it('create, publish a draft, unpublish, delete', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    await expectExact(category, author, { category: 0, author: 0 });
    const before = (await told(category, author)).all;

    const a = await createPost(author, category);
    const draft = await createPost(author, category, { status: 'draft' });
    await expectExact(category, author, { category: 1, author: 1 });
    expect((await told(category, author)).all).toBe(before + 1);

    const published = await json<{ post: { version: number } }>(
      await call(`/api/posts/${draft.slug}`, { method: 'PUT', json: updateOf(draft, { status: 'published' }), cookie: author.cookie }),
    );
    await expectExact(category, author, { category: 2, author: 2 });

    await json(await call(`/api/posts/${a.slug}`, { method: 'PUT', json: updateOf(a, { status: 'draft' }), cookie: author.cookie }));
    await expectExact(category, author, { category: 1, author: 1 });

    expect((await call(`/api/posts/${draft.slug}`, { method: 'DELETE', cookie: author.cookie })).status).toBe(204);
    expect(published.post.version).toBe(2);
    await expectExact(category, author, { category: 0, author: 0 });
    expect((await call(`/api/posts/${a.slug}`, { method: 'DELETE', cookie: author.cookie })).status).toBe(204);
    await expectExact(category, author, { category: 0, author: 0 });
    expect((await told(category, author)).all).toBe(before);
  });

  it('a category change moves the count; an author change (by an admin) moves the author count', async () => {
    const [author, other, admin, from, to] = await Promise.all([createUser(), createUser(), createAdmin(), createCategory(), createCategory()]);
    const post = await createPost(author, from);
    await expectExact(from, author, { category: 1, author: 1 });

    const moved = await json<{ post: typeof post }>(
      await call(`/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { category: to.slug }), cookie: author.cookie }),
    );
    await expectExact(from, author, { category: 0, author: 1 });
    await expectExact(to, author, { category: 1, author: 1 });

    await json(
      await call(`/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(moved.post, { author: other.username }), cookie: admin.cookie }),
    );
    await expectExact(to, author, { category: 1, author: 0 });
    await expectExact(to, other, { category: 1, author: 1 });
  });

  it('a scheduled post counts for nobody until its time, then for everyone, with no write', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    await createPost(author, category);
    const publishAt = Date.now() + 60_000;
    await createPost(author, category, { publishedAt: new Date(publishAt).toISOString() });
    await expectExact(category, author, { category: 1, author: 1 });
    const allBefore = (await told(category, author)).all;

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(publishAt - 1);
    await expectExact(category, author, { category: 1, author: 1 });
    vi.setSystemTime(publishAt);
    await expectExact(category, author, { category: 2, author: 2 });
    expect((await told(category, author)).all).toBe(allBefore + 1);
  });

  it('rescheduling a published post into the future hides it from the counts at once', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    await expectExact(category, author, { category: 1, author: 1 });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await json(await call(`/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { publishedAt: later }), cookie: author.cookie }));
    await expectExact(category, author, { category: 0, author: 0 });
  });
});
