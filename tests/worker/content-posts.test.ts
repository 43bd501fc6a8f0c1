// Posts API: reading and writing as visitor, owner, another author and admin; slugs; versions; featured.
import { describe, expect, it } from 'vitest';
import type { Post, PostListResponse, PostResponse } from '../../contracts/posts';
import { call, expectError } from './helpers';
import {
  createAdmin,
  createCategory,
  createPost,
  createUser,
  feature,
  isFeatured,
  json,
  postCount,
  postInput,
  postRow,
  updateOf,
  type TestUser,
} from './factories';

const get = (path: string, who?: TestUser) => call(path, who ? { cookie: who.cookie, ip: who.ip } : {});
const put = (slug: string, body: unknown, who?: TestUser) =>
  call(`/api/posts/${slug}`, { method: 'PUT', json: body, ...(who ? { cookie: who.cookie, ip: who.ip } : {}) });
const del = (slug: string, who?: TestUser) =>
  call(`/api/posts/${slug}`, { method: 'DELETE', ...(who ? { cookie: who.cookie, ip: who.ip } : {}) });

async function cast() {
  const [owner, other, admin, category] = await Promise.all([createUser(), createUser(), createAdmin(), createCategory()]);
  return { owner, other, admin, category };
}

describe('GET /api/posts', () => {
  it('lists published posts newest first, 12 a page, in the contract shape', async () => {
    const { owner, category } = await cast();
    const made: Post[] = [];
    for (let i = 0; i < 14; i++) {
      made.push(await createPost(owner, category, { publishedAt: new Date(Date.UTC(2024, 0, 1 + i)).toISOString() }));
    }
    await createPost(owner, category, { status: 'draft' });

    const first = await json<PostListResponse>(await get(`/api/posts?category=${category.slug}`));
    expect(first).toMatchObject({ page: 1, pageSize: 12, total: 14 });
    expect(first.items.map((p) => p.slug)).toEqual(made.slice(2).reverse().map((p) => p.slug));
    const second = await json<PostListResponse>(await get(`/api/posts?category=${category.slug}&page=2`));
    expect(second.items.map((p) => p.slug)).toEqual([made[1]!.slug, made[0]!.slug]);
    const empty = await json<PostListResponse>(await get(`/api/posts?category=${category.slug}&page=3`));
    expect(empty).toMatchObject({ items: [], page: 3, total: 14 });

    const item = first.items[0]!;
    expect(Object.keys(item).sort()).toEqual(
      [
        'slug', 'title', 'excerpt', 'coverImage', 'coverAlt', 'coverDecorative', 'coverWidth', 'coverHeight', 'status', 'tags', 'publishedAt', 'createdAt', 'updatedAt', 'version',
        'readingMinutes', 'category', 'author', 'commentCount', 'commentsOpen',
      ].sort(),
    );
    expect(item).not.toHaveProperty('body');
    expect(item.category).toEqual({ slug: category.slug, name: category.name });
    expect(item.author).toEqual({ username: owner.username, name: owner.name, image: null });
    expect(new Date(item.publishedAt!).toISOString()).toBe(item.publishedAt);
  });

  it('filters by author and by category together', async () => {
    const { owner, other, category } = await cast();
    const mine = await createPost(owner, category);
    await createPost(other, category);
    const list = await json<PostListResponse>(await get(`/api/posts?category=${category.slug}&author=${owner.username}`));
    expect(list.items.map((p) => p.slug)).toEqual([mine.slug]);
    const unknown = await json<PostListResponse>(await get('/api/posts?category=no-such-category-here'));
    expect(unknown).toMatchObject({ items: [], total: 0 });
  });
});

describe('GET /api/posts/:slug', () => {
  it('serves a published post to everyone, with body and sanitized bodyHtml', async () => {
    const { owner, other, admin, category } = await cast();
    const post = await createPost(owner, category, { body: '# Hello\n\nA *kind* word.' });
    for (const who of [undefined, owner, other, admin]) {
      const { post: got } = await json<PostResponse>(await get(`/api/posts/${post.slug}`, who));
      expect(got.body).toBe('# Hello\n\nA *kind* word.');
      expect(got.bodyHtml).toBe('<h1>Hello</h1>\n<p>A <em>kind</em> word.</p>\n');
    }
  });

  it('shows a draft only to its author and admins; others get 404', async () => {
    const { owner, other, admin, category } = await cast();
    const draft = await createPost(owner, category, { status: 'draft' });
    expect(draft.publishedAt).toBeNull();
    await expectError(await get(`/api/posts/${draft.slug}`), 404, 'not_found');
    await expectError(await get(`/api/posts/${draft.slug}`, other), 404, 'not_found');
    expect((await get(`/api/posts/${draft.slug}`, owner)).status).toBe(200);
    expect((await get(`/api/posts/${draft.slug}`, admin)).status).toBe(200);
    await expectError(await get('/api/posts/no-such-post-at-all'), 404, 'not_found');
  });
});

describe('POST /api/posts', () => {
  it('needs a session (401) and creates nothing without one', async () => {
    const category = await createCategory();
    const before = await postCount('category_id = ?', category.id);
    await expectError(await call('/api/posts', { json: postInput(category) }), 401, 'unauthenticated');
    expect(await postCount('category_id = ?', category.id)).toBe(before);
  });

  it('creates a post with defaults: slug from title, excerpt from body, reading time, publishedAt now', async () => {
    const { owner, category } = await cast();
    const words = Array.from({ length: 500 }, (_, i) => `word${i}`).join(' ');
    const before = Date.now();
    const post = await createPost(owner, category, { title: 'Crème Brûlée: A Field Guide!', body: `Intro **text**.\n\n${words}` });
    expect(post.slug).toMatch(/^creme-brulee-a-field-guide(-\d+)?$/);
    expect(post.readingMinutes).toBe(Math.ceil(502 / 220));
    expect(post.excerpt.startsWith('Intro text. word0 word1')).toBe(true);
    expect(post.excerpt.length).toBeLessThanOrEqual(161);
    expect(post.excerpt.endsWith('…')).toBe(true);
    expect(Date.parse(post.publishedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(post.version).toBe(1);
    expect(post.author.username).toBe(owner.username);
    const row = await postRow(post.slug);
    expect(row).toMatchObject({ author_id: owner.id, category_id: category.id, status: 'published', reading_minutes: 3 });
  });

  it('gives a taken title-slug the next free suffix, and refuses a taken hand-set slug with 409', async () => {
    const { owner, category } = await cast();
    const title = `Same title ${crypto.randomUUID()}`;
    const a = await createPost(owner, category, { title });
    const b = await createPost(owner, category, { title });
    const c = await createPost(owner, category, { title });
    expect([b.slug, c.slug]).toEqual([`${a.slug}-2`, `${a.slug}-3`]);

    const body = await expectError(
      await call('/api/posts', { json: postInput(category, { slug: a.slug }), cookie: owner.cookie }),
      409,
      'conflict',
    );
    expect(body.error.fields).toHaveProperty('slug');
    const handSet = await createPost(owner, category, { slug: `hand-${a.slug}`.slice(0, 80) });
    expect(handSet.slug).toBe(`hand-${a.slug}`.slice(0, 80));
  });

  it('two posts with the same title created at once both succeed with different slugs', async () => {
    const { owner, category } = await cast();
    const title = `Race ${crypto.randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 4 }, () => call('/api/posts', { json: postInput(category, { title }), cookie: owner.cookie })),
    );
    const posts = await Promise.all(results.map((r) => json<PostResponse>(r, 201)));
    const slugs = posts.map((p) => p.post.slug);
    expect(new Set(slugs).size).toBe(4);
    expect(await postCount('category_id = ?', category.id)).toBe(4);
  });

  it('lets an admin name the author; an author naming someone else gets 403', async () => {
    const { owner, other, admin, category } = await cast();
    const byAdmin = await createPost(admin, category, { author: owner.username });
    expect(byAdmin.author.username).toBe(owner.username);
    expect((await postRow(byAdmin.slug))!.author_id).toBe(owner.id);

    const before = await postCount('category_id = ?', category.id);
    await expectError(
      await call('/api/posts', { json: postInput(category, { author: other.username }), cookie: owner.cookie }),
      403,
      'forbidden',
    );
    expect(await postCount('category_id = ?', category.id)).toBe(before);
    const self = await createPost(owner, category, { author: owner.username });
    expect(self.author.username).toBe(owner.username);

    const missing = await expectError(
      await call('/api/posts', { json: postInput(category, { author: 'nobody-by-this-name' }), cookie: admin.cookie }),
      422,
      'validation_failed',
    );
    expect(missing.error.fields).toHaveProperty('author');
  });
});

describe('PUT /api/posts/:slug', () => {
  it('owner and admin may edit; visitor 401, another author 403, and nothing changes', async () => {
    const { owner, other, admin, category } = await cast();
    const post = await createPost(owner, category);

    await expectError(await put(post.slug, updateOf(post, { title: 'Visitor edit' })), 401, 'unauthenticated');
    await expectError(await put(post.slug, updateOf(post, { title: 'Other edit' }), other), 403, 'forbidden');
    expect(await postRow(post.slug)).toMatchObject({ title: post.title, version: 1 });

    const byOwner = await json<PostResponse>(await put(post.slug, updateOf(post, { title: 'Owner edit' }), owner));
    expect(byOwner.post).toMatchObject({ title: 'Owner edit', version: 2, slug: post.slug });
    const byAdmin = await json<PostResponse>(await put(post.slug, updateOf(byOwner.post, { title: 'Admin edit' }), admin));
    expect(byAdmin.post).toMatchObject({ title: 'Admin edit', version: 3 });
    expect(byAdmin.post.author.username).toBe(owner.username);
  });

  it('the guard answers before the body is checked: 401, 403 and 404 even for an invalid body', async () => {
    const { owner, other, category } = await cast();
    const post = await createPost(owner, category);
    const draft = await createPost(owner, category, { status: 'draft' });
    const junk = { title: '', authorId: 1 };
    await expectError(await put(post.slug, junk), 401, 'unauthenticated');
    await expectError(await put(post.slug, junk, other), 403, 'forbidden');
    await expectError(await put(draft.slug, junk, other), 404, 'not_found');
    await expectError(await put(post.slug, junk, owner), 422, 'validation_failed');
    await expectError(await call('/api/posts', { json: junk }), 401, 'unauthenticated');
  });

  it("another author's draft is 404 to them, not 403", async () => {
    const { owner, other, category } = await cast();
    const draft = await createPost(owner, category, { status: 'draft' });
    await expectError(await put(draft.slug, updateOf(draft, { title: 'x' }), other), 404, 'not_found');
    await expectError(await del(draft.slug, other), 404, 'not_found');
    expect(await postRow(draft.slug)).toMatchObject({ title: draft.title, version: 1 });
  });

  it('a stale version gets 409 and changes nothing', async () => {
    const { owner, category } = await cast();
    const post = await createPost(owner, category);
    await json(await put(post.slug, updateOf(post, { title: 'First save' }), owner));
    const stale = await expectError(await put(post.slug, updateOf(post, { title: 'Second save' }), owner), 409, 'conflict');
    expect(stale.error.fields).toHaveProperty('version');
    expect(await postRow(post.slug)).toMatchObject({ title: 'First save', version: 2 });
    await expectError(await put(post.slug, updateOf(post, { title: 'Future', version: 99 }), owner), 409, 'conflict');
    expect(await postRow(post.slug)).toMatchObject({ title: 'First save', version: 2 });
  });

  it('two saves with the same version at once: exactly one 200, the other 409', async () => {
    const { owner, admin, category } = await cast();
    const post = await createPost(owner, category);
    const [a, b] = await Promise.all([
      put(post.slug, updateOf(post, { title: 'Editor A' }), owner),
      put(post.slug, updateOf(post, { title: 'Editor B' }), admin),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const row = await postRow(post.slug);
    expect(row!.version).toBe(2);
    expect(row!.title).toBe(a.status === 200 ? 'Editor A' : 'Editor B');
  });

  it('changes the slug when asked (409 when taken) and keeps it otherwise', async () => {
    const { owner, category } = await cast();
    const a = await createPost(owner, category);
    const b = await createPost(owner, category);
    const kept = await json<PostResponse>(await put(a.slug, updateOf(a, { title: 'A brand new title' }), owner));
    expect(kept.post.slug).toBe(a.slug);
    const taken = await expectError(await put(a.slug, updateOf(kept.post, { slug: b.slug }), owner), 409, 'conflict');
    expect(taken.error.fields).toHaveProperty('slug');
    expect((await postRow(a.slug))!.version).toBe(2);
    const moved = await json<PostResponse>(await put(a.slug, updateOf(kept.post, { slug: `${a.slug}-moved` }), owner));
    expect(moved.post.slug).toBe(`${a.slug}-moved`);
    expect(await postRow(a.slug)).toBeNull();
  });

  it('unpublishing drops the post from featured; an admin may reassign the author', async () => {
    const { owner, other, admin, category } = await cast();
    const post = await createPost(owner, category);
    await feature(post.slug, 900);
    expect(await isFeatured(post.slug)).toBe(true);
    const unpublished = await json<PostResponse>(await put(post.slug, updateOf(post, { status: 'draft' }), owner));
    expect(unpublished.post.status).toBe('draft');
    expect(await isFeatured(post.slug)).toBe(false);

    const moved = await json<PostResponse>(
      await put(post.slug, updateOf(unpublished.post, { author: other.username }), admin),
    );
    expect(moved.post.author.username).toBe(other.username);
    await expectError(await put(post.slug, updateOf(moved.post, { author: owner.username }), other), 403, 'forbidden');
  });

  it('an excerpt made from the body follows the body; one written by hand stays', async () => {
    const { owner, category } = await cast();
    const post = await createPost(owner, category, { body: 'The first version of the text.' });
    expect(post.excerpt).toBe('The first version of the text.');
    const edited = await json<PostResponse>(await put(post.slug, updateOf(post, { body: 'A second version.' }), owner));
    expect(edited.post.excerpt).toBe('A second version.');
    const custom = await json<PostResponse>(await put(post.slug, updateOf(edited.post, { excerpt: 'Hand-written summary' }), owner));
    expect(custom.post.excerpt).toBe('Hand-written summary');
    const again = await json<PostResponse>(await put(post.slug, updateOf(custom.post, { body: 'Third.' }), owner));
    expect(again.post.excerpt).toBe('Hand-written summary');
    const reset = await json<PostResponse>(await put(post.slug, updateOf(again.post, { excerpt: '' }), owner));
    expect(reset.post.excerpt).toBe('Third.');
  });

  it('publish: publishedAt null means now, absent keeps the date, a date schedules', async () => {
    const { owner, category } = await cast();
    const draft = await createPost(owner, category, { status: 'draft' });
    const published = await json<PostResponse>(await put(draft.slug, updateOf(draft, { status: 'published', publishedAt: null }), owner));
    expect(Math.abs(Date.parse(published.post.publishedAt!) - Date.now())).toBeLessThan(60_000);
    const edited = await json<PostResponse>(await put(draft.slug, updateOf(published.post, { title: 'Edited' }), owner));
    expect(edited.post.publishedAt).toBe(published.post.publishedAt);
    const when = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await json<PostResponse>(await put(draft.slug, updateOf(edited.post, { publishedAt: when }), owner));
    expect(scheduled.post.publishedAt).toBe(when);
  });
});

describe('DELETE /api/posts/:slug', () => {
  it('visitor 401, another author 403, owner 204; an admin may delete any; featured goes too', async () => {
    const { owner, other, admin, category } = await cast();
    const post = await createPost(owner, category);
    const second = await createPost(owner, category);
    await feature(post.slug, 901);

    await expectError(await del(post.slug), 401, 'unauthenticated');
    await expectError(await del(post.slug, other), 403, 'forbidden');
    expect(await postRow(post.slug)).not.toBeNull();

    expect((await del(post.slug, owner)).status).toBe(204);
    expect(await postRow(post.slug)).toBeNull();
    expect(await isFeatured(post.slug)).toBe(false);
    await expectError(await get(`/api/posts/${post.slug}`, owner), 404, 'not_found');
    await expectError(await del(post.slug, owner), 404, 'not_found');

    expect((await del(second.slug, admin)).status).toBe(204);
    expect(await postRow(second.slug)).toBeNull();
  });
});
