// Slug history (product.md §10, issue 11): a published post's old slug answers 301 to the new one, in the
// API and on the page; a taken slug is 409; an old slug may be taken by another post (then it stops
// redirecting); a draft's old slug is 404 for anyone who may not see the draft.
import { describe, expect, it } from 'vitest';
import type { Post, PostMovedResponse, PostResponse } from '../../contracts/posts';
import { callAs, dbSnapshot } from './admin-kit';
import { createAdmin, createCategory, createPost, createUser, json, postInput, uid, updateOf, type TestUser } from './factories';
import { call, expectError } from './helpers';

const put = async (who: TestUser, post: Post, overrides: Record<string, unknown>) =>
  (await json<PostResponse>(await callAs(who, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, overrides) }))).post;

describe('a changed slug keeps the old address working', () => {
  it('GET /api/posts/:old answers 301 with Location /api/posts/:new and a JSON body saying so', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    const moved = await put(author, post, { slug: `moved-${uid(6)}` });
    const res = await call(`/api/posts/${post.slug}`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/api/posts/${moved.slug}`);
    expect(await res.json()).toEqual({ redirect: `/api/posts/${moved.slug}`, slug: moved.slug } satisfies PostMovedResponse);
    expect((await json<PostResponse>(await call(`/api/posts/${moved.slug}`))).post.title).toBe(post.title);
  });

  it('the page /details/:old answers HTTP 301 to /details/:new', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    const moved = await put(author, post, { slug: `page-moved-${uid(6)}` });
    const res = await call(`/details/${post.slug}`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/details/${moved.slug}`);
    const page = await call(`/details/${moved.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(post.title);
  });

  it('every earlier slug leads to the current one in one hop; returning to an old slug stops its redirect', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const a = await createPost(author, category);
    const b = await put(author, a, { slug: `b-${uid(6)}` });
    const c = await put(author, b, { slug: `c-${uid(6)}` });
    for (const old of [a.slug, b.slug]) expect((await call(`/api/posts/${old}`)).headers.get('location')).toBe(`/api/posts/${c.slug}`);
    const back = await put(author, c, { slug: a.slug });
    expect((await call(`/api/posts/${a.slug}`)).status).toBe(200);
    expect((await call(`/api/posts/${c.slug}`)).headers.get('location')).toBe(`/api/posts/${back.slug}`);
  });

  it('a slug another post has is 409 fields.slug and nothing changes, not even a new tag', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const [mine, theirs] = await Promise.all([createPost(author, category), createPost(author, category)]);
    const before = await dbSnapshot();
    const tags = [`never made ${uid(6)}`];
    const body = await expectError(
      await callAs(author, `/api/posts/${mine.slug}`, { method: 'PUT', json: updateOf(mine, { slug: theirs.slug, title: 'Changed', tags }) }),
      409,
      'conflict',
    );
    expect(body.error.fields?.slug).toBeDefined();
    const created = await expectError(await callAs(author, '/api/posts', { json: postInput(category, { slug: theirs.slug, tags }) }), 409, 'conflict');
    expect(created.error.fields?.slug).toBeDefined();
    expect(await dbSnapshot()).toEqual(before);
  });

  it('an old slug of one post may be taken by a new post, which then answers at it', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const first = await createPost(author, category);
    await put(author, first, { slug: `first-now-${uid(6)}` });
    const second = await createPost(author, category, { slug: first.slug });
    expect(second.slug).toBe(first.slug);
    const res = await call(`/api/posts/${first.slug}`);
    expect(res.status).toBe(200);
    expect((await res.json<PostResponse>()).post.title).toBe(second.title);
  });

  it('a draft’s old slug is 404 for visitors and other authors, and redirects for its owner and admins', async () => {
    const [author, other, admin, category] = await Promise.all([createUser(), createUser(), createAdmin(), createCategory()]);
    const draft = await createPost(author, category, { status: 'draft' });
    const moved = await put(author, draft, { slug: `draft-moved-${uid(6)}` });
    await expectError(await call(`/api/posts/${draft.slug}`), 404, 'not_found');
    await expectError(await callAs(other, `/api/posts/${draft.slug}`), 404, 'not_found');
    expect((await call(`/details/${draft.slug}`)).status).toBe(404);
    for (const who of [author, admin]) {
      const res = await callAs(who, `/api/posts/${draft.slug}`);
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe(`/api/posts/${moved.slug}`);
    }
  });

  it('deleting the post ends its old addresses', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    const moved = await put(author, post, { slug: `gone-${uid(6)}` });
    expect((await callAs(author, `/api/posts/${moved.slug}`, { method: 'DELETE' })).status).toBe(204);
    await expectError(await call(`/api/posts/${post.slug}`), 404, 'not_found');
  });
});

describe('publication dates (product.md §10)', () => {
  it('republishing keeps the original date unless a new one is set', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    const draft = await put(author, post, { status: 'draft' });
    const again = await put(author, draft, { status: 'published' });
    expect(again.publishedAt).toBe(post.publishedAt);
    const redated = await put(author, again, { publishedAt: '2026-01-02T03:04:05Z' });
    expect(redated.publishedAt).toBe('2026-01-02T03:04:05.000Z');
  });

  it('a past publishedAt back-dates a post: visible at once and placed by that date', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const newer = await createPost(author, category);
    const old = await createPost(author, category, { publishedAt: '2019-05-01T00:00:00Z' });
    expect(old.publishedAt).toBe('2019-05-01T00:00:00.000Z');
    const list = await json<{ items: Post[] }>(await call(`/api/posts?category=${category.slug}`));
    expect(list.items.map((p) => p.slug)).toEqual([newer.slug, old.slug]);
  });
});

describe('a title or name with no letter or digit gets a visible slug (issue 20, item 10)', () => {
  // Unique per call without a letter or digit: each hex digit of a random id as one punctuation mark.
  const PUNCTUATION = '!"#$%&\'()*+,./:;';
  const punctuationOnly = () => [...uid(12)].map((h) => PUNCTUATION[parseInt(h, 16)]).join('');
  const titles: [string, () => string][] = [
    ['only combining accents', () => '\u0301\u0300\u0308'],
    ['only emoji', () => '🎉🚀 👨‍👩‍👧'],
    ['only punctuation', punctuationOnly],
  ];

  it.each(titles)('a post titled with %s is named post, post-2, …, and its page answers there', async (_, title) => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const first = await createPost(author, category, { title: title() });
    const second = await createPost(author, category, { title: title() });
    for (const post of [first, second]) {
      expect(post.slug).toMatch(/^post(-\d+)?$/);
      const page = await call(`/details/${post.slug}`);
      expect(page.status).toBe(200);
    }
    expect(second.slug).not.toBe(first.slug);
  });

  it('a category and a tag named with punctuation or accents only are named category-… and tag-…', async () => {
    const [admin, category] = await Promise.all([createAdmin(), createCategory()]);
    const created = await json<{ category: { slug: string } }>(
      await callAs(admin, '/api/admin/categories', { method: 'POST', json: { name: punctuationOnly(), description: 'no letters' } }),
      201,
    );
    expect(created.category.slug).toMatch(/^category(-\d+)?$/);
    const post = await createPost(admin, category, { tags: [punctuationOnly(), `\u0301${punctuationOnly()}`] });
    expect(post.tags.map((t) => t.slug)).toEqual([expect.stringMatching(/^tag(-\d+)?$/), expect.stringMatching(/^tag(-\d+)?$/)]);
    expect((await call(`/tag/${post.tags[0]!.slug}`)).status).toBe(200);
    expect((await call(`/category/${created.category.slug}`)).status).toBe(200);
  });
});
