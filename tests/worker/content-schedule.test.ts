// Scheduling: a post published a minute ahead is invisible to readers everywhere until its time comes,
// decided by the queries themselves. The clock is moved (Date only), never slept on.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category, CategoryResponse } from '../../contracts/categories';
import type { ListPage } from '../../contracts/lists';
import type { FeaturedResponse, PostListResponse, PostResponse } from '../../contracts/posts';
import type { AuthorPageResponse, ProfileResponse } from '../../contracts/profile';
import { call } from './helpers';
import { createAdmin, createCategory, createPost, createUser, feature, json } from './factories';

afterEach(() => {
  vi.useRealTimers();
});

interface Visibility {
  list: boolean;
  categoryList: boolean;
  authorList: boolean;
  search: boolean;
  page: boolean;
  rss: boolean;
  sitemap: boolean;
  featured: boolean;
  categoryCount: number;
  categoriesCount: number;
}

async function whatVisitorsSee(slug: string, word: string, categorySlug: string, username: string): Promise<Visibility> {
  const list = await json<PostListResponse>(await call('/api/posts'));
  const categoryList = await json<PostListResponse>(await call(`/api/posts?category=${categorySlug}`));
  const authorPage = await json<AuthorPageResponse>(await call(`/api/users/${username}`));
  const search = await json<PostListResponse>(await call(`/api/posts?q=${word}`));
  const page = await call(`/api/posts/${slug}`);
  const rss = await (await call('/rss.xml')).text();
  const sitemap = await (await call('/sitemap.xml')).text();
  const featured = await json<FeaturedResponse>(await call('/api/featured'));
  const category = await json<CategoryResponse>(await call(`/api/categories/${categorySlug}`));
  const categories = await json<ListPage<Category>>(await call('/api/categories'));
  return {
    list: list.items.some((p) => p.slug === slug),
    categoryList: categoryList.items.some((p) => p.slug === slug),
    authorList: authorPage.posts.items.some((p) => p.slug === slug),
    search: search.items.some((p) => p.slug === slug),
    page: page.status === 200,
    rss: rss.includes(`/details/${slug}<`),
    sitemap: sitemap.includes(`/details/${slug}<`),
    featured: featured.items.some((p) => p.slug === slug),
    categoryCount: category.category.postCount,
    categoriesCount: categories.items.find((c) => c.slug === categorySlug)?.postCount ?? -1,
  };
}

describe('a post scheduled a minute ahead', () => {
  it('is absent for visitors everywhere, then present once the clock passes its time', async () => {
    const [author, admin, category] = await Promise.all([createUser(), createAdmin(), createCategory()]);
    const word = `sched${crypto.randomUUID().slice(0, 8)}`;
    const publishAt = new Date(Date.now() + 60_000).toISOString();
    const post = await createPost(author, category, { title: `Scheduled ${word}`, body: `Coming soon: ${word}.`, publishedAt: publishAt });
    expect(post.status).toBe('published');
    expect(post.publishedAt).toBe(publishAt);
    await feature(post.slug, -50);

    expect(await whatVisitorsSee(post.slug, word, category.slug, author.username)).toEqual({
      list: false,
      categoryList: false,
      authorList: false,
      search: false,
      page: false,
      rss: false,
      sitemap: false,
      featured: false,
      categoryCount: 0,
      categoriesCount: 0,
    });
    // Its author and admins still see it, marked by its future publishedAt.
    expect((await call(`/api/posts/${post.slug}`, { cookie: author.cookie })).status).toBe(200);
    expect((await call(`/api/posts/${post.slug}`, { cookie: admin.cookie })).status).toBe(200);
    const profile = await json<ProfileResponse>(await call('/api/profile', { cookie: author.cookie }));
    expect(profile.posts.items.map((p) => p.slug)).toContain(post.slug);
    expect((await call(`/api/posts/${post.slug}`, { cookie: author.cookie })).headers.get('cache-control')).toBe('private, no-store');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(publishAt) + 1_000);

    expect(await whatVisitorsSee(post.slug, word, category.slug, author.username)).toEqual({
      list: true,
      categoryList: true,
      authorList: true,
      search: true,
      page: true,
      rss: true,
      sitemap: true,
      featured: true,
      categoryCount: 1,
      categoriesCount: 1,
    });
    const { post: seen } = await json<PostResponse>(await call(`/api/posts/${post.slug}`));
    expect(seen.publishedAt).toBe(publishAt);
  });

  it('one millisecond before its time it is still hidden', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const publishAt = Date.now() + 60_000;
    const post = await createPost(author, category, { publishedAt: new Date(publishAt).toISOString() });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(publishAt - 1);
    expect((await call(`/api/posts/${post.slug}`)).status).toBe(404);
    vi.setSystemTime(publishAt);
    expect((await call(`/api/posts/${post.slug}`)).status).toBe(200);
  });

  it('a draft with a past publishedAt stays hidden: status decides too', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category, { status: 'draft', publishedAt: '2020-01-01T00:00:00Z' });
    expect(post.publishedAt).toBe('2020-01-01T00:00:00.000Z');
    expect((await call(`/api/posts/${post.slug}`)).status).toBe(404);
    const list = await json<PostListResponse>(await call(`/api/posts?category=${category.slug}`));
    expect(list.total).toBe(0);
  });
});
