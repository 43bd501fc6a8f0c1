// /api/admin/posts: every post of any status, filtered and paged; GET/PUT/DELETE of one post as on
// /api/posts/:slug; and PATCH's publish / unpublish / schedule, version-checked.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { AdminPostList } from '../../contracts/admin';
import type { FeaturedResponse, Post, PostListResponse, PostResponse } from '../../contracts/posts';
import { callAs, featuredSlugs } from './admin-kit';
import { call, expectError } from './helpers';
import { createAdmin, createCategory, createPost, createUser, feature, isFeatured, json, postRow, updateOf, uid, type TestUser } from './factories';

const list = async (admin: TestUser, query: string) => json<AdminPostList>(await callAs(admin, `/api/admin/posts${query}`));
const patch = (admin: TestUser, slug: string, body: unknown) => callAs(admin, `/api/admin/posts/${slug}`, { method: 'PATCH', json: body });

async function cast() {
  const [admin, author, other, category] = await Promise.all([createAdmin(), createUser(), createUser(), createCategory()]);
  return { admin, author, other, category };
}

const HOUR = 60 * 60 * 1000;

describe('GET /api/admin/posts', () => {
  it('lists every post of any status, newest updated first, 25 a page, in the summary shape', async () => {
    const { admin, author, category } = await cast();
    const made: Post[] = [];
    for (let i = 0; i < 27; i++) {
      const status = i % 3 === 0 ? 'draft' : 'published';
      const publishedAt = i % 3 === 2 ? new Date(Date.now() + 24 * HOUR).toISOString() : undefined;
      made.push(await createPost(author, category, { status, ...(publishedAt ? { publishedAt } : {}) }));
    }
    const first = await list(admin, `?category=${category.slug}`);
    expect(first).toMatchObject({ page: 1, pageSize: 25, total: 27 });
    const newestFirst = [...made].reverse().map((p) => p.slug);
    expect(first.items.map((p) => p.slug)).toEqual(newestFirst.slice(0, 25));
    const second = await list(admin, `?category=${category.slug}&page=2`);
    expect(second.items.map((p) => p.slug)).toEqual(newestFirst.slice(25));
    expect(new Set(first.items.map((p) => p.status))).toEqual(new Set(['draft', 'published']));
    expect(Object.keys(first.items[0]!).sort()).toEqual(
      ['slug', 'title', 'excerpt', 'coverImage', 'coverAlt', 'coverDecorative', 'coverWidth', 'coverHeight', 'status', 'publishedAt', 'createdAt', 'updatedAt', 'version', 'readingMinutes', 'category', 'author', 'tags', 'commentCount', 'commentsOpen'].sort(),
    );
    expect(first.items[0]).not.toHaveProperty('body');
    expect((await callAs(admin, `/api/admin/posts?category=${category.slug}`)).headers.get('cache-control')).toBe('private, no-store');
  });

  it('an edit moves a post to the top (updated, not published, order)', async () => {
    const { admin, author, category } = await cast();
    const older = await createPost(author, category);
    await createPost(author, category);
    await json<PostResponse>(await callAs(admin, `/api/admin/posts/${older.slug}`, { method: 'PUT', json: updateOf(older, { title: 'Edited' }) }));
    expect((await list(admin, `?category=${category.slug}`)).items[0]?.slug).toBe(older.slug);
  });

  it('filters by status: draft, published (visible now) and scheduled', async () => {
    const { admin, author, category } = await cast();
    const draft = await createPost(author, category, { status: 'draft' });
    const live = await createPost(author, category);
    const scheduled = await createPost(author, category, { publishedAt: new Date(Date.now() + HOUR).toISOString() });
    const slugs = async (status: string) => (await list(admin, `?category=${category.slug}&status=${status}`)).items.map((p) => p.slug);
    expect(await slugs('draft')).toEqual([draft.slug]);
    expect(await slugs('published')).toEqual([live.slug]);
    expect(await slugs('scheduled')).toEqual([scheduled.slug]);
    expect((await list(admin, `?category=${category.slug}&status=`)).total).toBe(3);
  });

  it('filters by author and category; unknown ones give an empty list, not an error', async () => {
    const { admin, author, other, category } = await cast();
    const second = await createCategory();
    const mine = await createPost(author, category, { status: 'draft' });
    const theirs = await createPost(other, category);
    const elsewhere = await createPost(author, second);
    expect((await list(admin, `?author=${author.username}`)).items.map((p) => p.slug)).toEqual([elsewhere.slug, mine.slug]);
    expect((await list(admin, `?author=${other.username.toUpperCase()}`)).items.map((p) => p.slug)).toEqual([theirs.slug]);
    expect((await list(admin, `?author=${author.username}&category=${category.slug}`)).items.map((p) => p.slug)).toEqual([mine.slug]);
    expect(await list(admin, '?author=nobody-by-that-name')).toMatchObject({ items: [], total: 0, page: 1, pageSize: 25 });
    expect(await list(admin, '?category=no-such-category-at-all')).toMatchObject({ items: [], total: 0 });
  });

  it('q matches a title substring, case-insensitively, with % and _ taken literally', async () => {
    const { admin, author, category } = await cast();
    const tag = uid(6);
    const literal = await createPost(author, category, { title: `Juice ${tag} 100% pure_water` });
    await createPost(author, category, { title: `Juice ${tag} 100X pure water` });
    await createPost(author, category, { title: `Other ${tag}`, body: `Juice ${tag} only in the body` });
    const q = (s: string) => list(admin, `?category=${category.slug}&q=${encodeURIComponent(s)}`);
    expect((await q(`JUICE ${tag}`)).total).toBe(2);
    expect((await q('0% pure_w')).items.map((p) => p.slug)).toEqual([literal.slug]);
    expect((await q('_')).items.map((p) => p.slug)).toEqual([literal.slug]);
    expect((await q('%')).items.map((p) => p.slug)).toEqual([literal.slug]);
    expect((await q('\\')).total).toBe(0);
  });

  it('refuses bad query parameters with 400 naming them, never a 500', async () => {
    const { admin } = await cast();
    const cases: [string, string][] = [
      ['?status=archived', 'status'],
      ['?status=SCHEDULED', 'status'],
      ['?category=Not%20a%20slug!', 'category'],
      [`?author=${'a'.repeat(33)}`, 'author'],
      ['?page=0', 'page'],
      ['?page=-1', 'page'],
      ['?page=1.5', 'page'],
      ['?page=99999999', 'page'],
      [`?q=${'a'.repeat(49)}`, 'q'],
      [`?q=${encodeURIComponent('%'.repeat(25))}`, 'q'],
      [`?q=${encodeURIComponent('é'.repeat(25))}`, 'q'],
    ];
    for (const [query, field] of cases) {
      const body = await expectError(await callAs(admin, `/api/admin/posts${query}`), 400, 'bad_request');
      expect(body.error.fields, query).toHaveProperty(field);
    }
    // The longest searches that fit D1's 50-byte LIKE pattern work.
    expect((await callAs(admin, `/api/admin/posts?q=${'a'.repeat(48)}`)).status).toBe(200);
    expect((await callAs(admin, `/api/admin/posts?q=${encodeURIComponent('%'.repeat(24))}`)).status).toBe(200);
    expect((await callAs(admin, `/api/admin/posts?q=${encodeURIComponent('é'.repeat(24))}`)).status).toBe(200);
  });
});

describe('GET /api/admin/posts/:slug', () => {
  it("serves any post, another author's draft included, with its body; unknown → 404", async () => {
    const { admin, author, category } = await cast();
    const draft = await createPost(author, category, { status: 'draft', body: 'Draft *body*' });
    const { post } = await json<PostResponse>(await callAs(admin, `/api/admin/posts/${draft.slug}`));
    expect(post).toMatchObject({ slug: draft.slug, status: 'draft', body: 'Draft *body*', bodyHtml: '<p>Draft <em>body</em></p>\n' });
    await expectError(await callAs(admin, '/api/admin/posts/no-such-post-here'), 404, 'not_found');
    await expectError(await callAs(admin, `/api/admin/posts/${'x'.repeat(201)}`), 400, 'bad_request');
  });
});

describe('PUT /api/admin/posts/:slug', () => {
  it("edits anyone's post, including its author and category, and bumps the version", async () => {
    const { admin, author, other, category } = await cast();
    const second = await createCategory();
    const post = await createPost(author, category);
    const { post: saved } = await json<PostResponse>(
      await callAs(admin, `/api/admin/posts/${post.slug}`, {
        method: 'PUT',
        json: updateOf(post, { title: 'Moved and reassigned', category: second.slug, author: other.username }),
      }),
    );
    expect(saved).toMatchObject({ title: 'Moved and reassigned', version: 2, category: { slug: second.slug }, author: { username: other.username } });
    expect(await postRow(post.slug)).toMatchObject({ author_id: other.id, category_id: second.id, version: 2 });
  });

  it('applies the post rules: 422 naming the field, 409 for a taken slug or a stale version, 404 unknown; nothing changes', async () => {
    const { admin, author, category } = await cast();
    const post = await createPost(author, category);
    const taken = await createPost(author, category);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ excerpt: 'x'.repeat(301) }, 'excerpt'],
      [{ body: 'x'.repeat(100_001) }, 'body'],
      [{ body: ' ', status: 'published' }, 'body'],
      [{ category: 'no-such-category-here' }, 'category'],
      [{ author: 'no-such-author-here' }, 'author'],
      [{ coverImage: 'javascript:alert(1)' }, 'coverImage'],
      [{ publishedAt: 'tomorrow' }, 'publishedAt'],
      [{ version: undefined }, 'version'],
      [{ authorId: 1 }, 'authorId'],
    ];
    for (const [change, field] of cases) {
      const body = { ...updateOf(post), ...change };
      for (const [k, v] of Object.entries(change)) if (v === undefined) delete body[k];
      const res = await callAs(admin, `/api/admin/posts/${post.slug}`, { method: 'PUT', json: body });
      const err = await expectError(res, 422, 'validation_failed');
      expect(err.error.fields, JSON.stringify(change)).toHaveProperty(field);
    }
    const slugTaken = await expectError(
      await callAs(admin, `/api/admin/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { slug: taken.slug }) }),
      409,
      'conflict',
    );
    expect(slugTaken.error.fields).toHaveProperty('slug');
    const stale = await expectError(
      await callAs(admin, `/api/admin/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { title: 'Stale', version: post.version + 1 }) }),
      409,
      'conflict',
    );
    expect(stale.error.fields).toHaveProperty('version');
    expect(await postRow(post.slug)).toMatchObject({ title: post.title, version: 1, author_id: author.id });
    await expectError(await callAs(admin, '/api/admin/posts/no-such-post-here', { method: 'PUT', json: updateOf(post) }), 404, 'not_found');
  });
});

describe('PATCH /api/admin/posts/:slug', () => {
  it('publishes a draft now, keeping its other fields, and answers the post', async () => {
    const { admin, author, category } = await cast();
    const draft = await createPost(author, category, { status: 'draft', excerpt: 'Hand-written excerpt' });
    const before = Date.now();
    const { post } = await json<PostResponse>(await patch(admin, draft.slug, { status: 'published', publishedAt: null, version: 1 }));
    expect(post).toMatchObject({ status: 'published', version: 2, title: draft.title, body: draft.body, excerpt: 'Hand-written excerpt' });
    expect(Date.parse(post.publishedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(post.publishedAt!)).toBeLessThanOrEqual(Date.now());
    const publicList = await json<PostListResponse>(await call(`/api/posts?category=${category.slug}`));
    expect(publicList.items.map((p) => p.slug)).toEqual([draft.slug]);
  });

  // Republishing keeps the original publication date.
  it('publishing again without publishedAt keeps the date of the earlier publication', async () => {
    const { admin, author, category } = await cast();
    const old = await createPost(author, category, { publishedAt: '2020-01-01T00:00:00Z' });
    await json(await patch(admin, old.slug, { status: 'draft', version: 1 }));
    expect((await postRow(old.slug))!.published_at).toBe(Date.parse('2020-01-01T00:00:00Z'));
    const { post } = await json<PostResponse>(await patch(admin, old.slug, { status: 'published', version: 2 }));
    expect(post.publishedAt).toBe('2020-01-01T00:00:00.000Z');
  });

  it('schedules: a future date keeps it from readers until then', async () => {
    const { admin, author, category } = await cast();
    const draft = await createPost(author, category, { status: 'draft' });
    const at = new Date(Date.now() + 2 * HOUR).toISOString();
    const { post } = await json<PostResponse>(await patch(admin, draft.slug, { status: 'published', publishedAt: at, version: 1 }));
    expect(post).toMatchObject({ status: 'published', publishedAt: at, version: 2 });
    await expectError(await call(`/api/posts/${draft.slug}`), 404, 'not_found');
    expect((await list(admin, `?category=${category.slug}&status=scheduled`)).items.map((p) => p.slug)).toEqual([draft.slug]);
  });

  it('unpublishes, and an unpublished post leaves the featured list', async () => {
    const { admin, author, category } = await cast();
    const post = await createPost(author, category);
    await feature(post.slug, 1);
    const { post: saved } = await json<PostResponse>(await patch(admin, post.slug, { status: 'draft', publishedAt: null, version: 1 }));
    // Unpublishing keeps the date it was first published (republishing must not re-date it, issue 8 item 8).
    expect(saved).toMatchObject({ status: 'draft', publishedAt: post.publishedAt, version: 2 });
    expect(await isFeatured(post.slug)).toBe(false);
    const pub = await json<FeaturedResponse>(await call('/api/featured'));
    expect(pub.items.map((p) => p.slug)).not.toContain(post.slug);
    await expectError(await call(`/api/posts/${post.slug}`), 404, 'not_found');
  });

  it('a stale version → 409 and nothing changes (featured included)', async () => {
    const { admin, author, category } = await cast();
    const post = await createPost(author, category);
    await feature(post.slug, 1);
    await json(await callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { title: 'Edited by the author' }) }));
    const stale = await expectError(await patch(admin, post.slug, { status: 'draft', version: 1 }), 409, 'conflict');
    expect(stale.error.fields).toHaveProperty('version');
    expect(await postRow(post.slug)).toMatchObject({ status: 'published', version: 2, title: 'Edited by the author' });
    expect(await isFeatured(post.slug)).toBe(true);
  });

  it('two quick actions with the same version at once: exactly one wins', async () => {
    const { admin, author, category } = await cast();
    const post = await createPost(author, category, { status: 'draft' });
    const [a, b] = await Promise.all([
      patch(admin, post.slug, { status: 'published', version: 1 }),
      patch(admin, post.slug, { status: 'published', publishedAt: new Date(Date.now() + HOUR).toISOString(), version: 1 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await postRow(post.slug))!.version).toBe(2);
  });

  it('refuses bad input with 422 naming the field, an empty body cannot be published, unknown → 404', async () => {
    const { admin, author, category } = await cast();
    const post = await createPost(author, category, { status: 'draft', body: '' });
    const cases: [unknown, string][] = [
      [{ status: 'scheduled', version: 1 }, 'status'],
      [{ status: 'archived', version: 1 }, 'status'],
      [{ version: 1 }, 'status'],
      [{ status: 'published' }, 'version'],
      [{ status: 'published', version: 0 }, 'version'],
      [{ status: 'published', version: '1' }, 'version'],
      [{ status: 'published', publishedAt: 'soon', version: 1 }, 'publishedAt'],
      [{ status: 'published', publishedAt: '2024-01-01', version: 1 }, 'publishedAt'],
      [{ status: 'published', version: 1, title: 'Sneaky' }, 'title'],
      [{ status: 'published', version: 1 }, 'body'],
    ];
    for (const [body, field] of cases) {
      const err = await expectError(await patch(admin, post.slug, body), 422, 'validation_failed');
      expect(err.error.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    expect(await postRow(post.slug)).toMatchObject({ status: 'draft', version: 1 });
    await expectError(await patch(admin, 'no-such-post-here', { status: 'draft', version: 1 }), 404, 'not_found');
  });
});

describe('DELETE /api/admin/posts/:slug', () => {
  it("deletes anyone's post and its featured place; unknown → 404", async () => {
    const { admin, author, category } = await cast();
    const post = await createPost(author, category);
    const kept = await createPost(author, category);
    await feature(post.slug, 1);
    await feature(kept.slug, 2);
    const res = await callAs(admin, `/api/admin/posts/${post.slug}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await postRow(post.slug)).toBeNull();
    const left = await featuredSlugs();
    expect(left).not.toContain(post.slug);
    expect(left).toContain(kept.slug);
    const { n } = (await env.DB.prepare('SELECT count(*) AS n FROM featured f LEFT JOIN posts p ON p.id = f.post_id WHERE p.id IS NULL').first<{ n: number }>())!;
    expect(n).toBe(0);
    await expectError(await callAs(admin, `/api/admin/posts/${post.slug}`, { method: 'DELETE' }), 404, 'not_found');
  });
});
