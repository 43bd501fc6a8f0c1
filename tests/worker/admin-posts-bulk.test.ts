// `POST /api/admin/posts/bulk {action, posts: [{slug, version}], category?}`: publish, unpublish, delete or
// move up to 25 posts, each through its single action's write (versions, featured, edge cache), each with
// its own result; bad input is 422 and changes nothing; the guard is the admin API's.
import { describe, expect, it } from 'vitest';
import type { BulkPostResults } from '../../contracts/admin';
import type { Post, PostResponse } from '../../contracts/posts';
import { callAs, dbSnapshot, featuredSlugs } from './admin-kit';
import { createAdmin, createCategory, createPost, createUser, feature, json, postRow, updateOf, uid, type TestUser } from './factories';
import { call, expectError } from './helpers';

const bulk = (who: TestUser | null, body: unknown) => callAs(who, '/api/admin/posts/bulk', { json: body });
const ref = (p: Post) => ({ slug: p.slug, version: p.version });
const ok = (...posts: Post[]) => posts.map((p) => ({ slug: p.slug, ok: true }));

async function cast() {
  const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
  return { admin, author, category };
}

describe('POST /api/admin/posts/bulk', () => {
  it('publishes and unpublishes several posts; an unpublished post leaves the featured list', async () => {
    const { admin, author, category } = await cast();
    const [a, b] = [await createPost(author, category, { status: 'draft' }), await createPost(author, category, { status: 'draft' })];
    const published = await json<BulkPostResults>(await bulk(admin, { action: 'publish', posts: [ref(a), ref(b)] }));
    expect(published.results).toEqual(ok(a, b));
    for (const p of [a, b]) expect((await postRow(p.slug))?.status).toBe('published');

    const [c, d] = [await createPost(author, category), await createPost(author, category)];
    await feature(c.slug, 1);
    const unpublished = await json<BulkPostResults>(await bulk(admin, { action: 'unpublish', posts: [ref(c), ref(d)] }));
    expect(unpublished.results).toEqual(ok(c, d));
    for (const p of [c, d]) expect((await postRow(p.slug))?.status).toBe('draft');
    expect(await featuredSlugs()).not.toContain(c.slug);
  });

  it('deletes several posts (their featured places too) and moves others to a category', async () => {
    const { admin, author, category } = await cast();
    const [a, b] = [await createPost(author, category), await createPost(author, category)];
    await feature(a.slug, 1);
    expect((await json<BulkPostResults>(await bulk(admin, { action: 'delete', posts: [ref(a), ref(b)] }))).results).toEqual(ok(a, b));
    expect(await postRow(a.slug)).toBeNull();
    expect(await postRow(b.slug)).toBeNull();
    expect(await featuredSlugs()).not.toContain(a.slug);

    const target = await createCategory();
    const [c, d] = [await createPost(author, category), await createPost(author, category, { status: 'draft' })];
    const moved = await json<BulkPostResults>(await bulk(admin, { action: 'move', posts: [ref(c), ref(d)], category: target.slug }));
    expect(moved.results).toEqual(ok(c, d));
    for (const p of [c, d]) {
      const after = (await json<PostResponse>(await callAs(admin, `/api/admin/posts/${p.slug}`))).post;
      expect(after).toMatchObject({ status: p.status, publishedAt: p.publishedAt, title: p.title, category: { slug: target.slug } });
    }
  });

  it('reports each refused post with its reason and still does the others: changed since loaded, gone, not publishable', async () => {
    const { admin, author, category } = await cast();
    const changed = await createPost(author, category, { status: 'draft' });
    await json<PostResponse>(await callAs(author, `/api/posts/${changed.slug}`, { method: 'PUT', json: updateOf(changed, { title: 'Changed meanwhile' }) }));
    const empty = await createPost(author, category, { status: 'draft', body: '' });
    const fine = await createPost(author, category, { status: 'draft' });
    const gone = { slug: `gone-${uid(8)}`, version: 1 };
    const { results } = await json<BulkPostResults>(await bulk(admin, { action: 'publish', posts: [ref(changed), gone, ref(empty), ref(fine)] }));
    expect(results.map((r) => [r.slug, r.ok, r.ok ? null : r.error.code])).toEqual([
      [changed.slug, false, 'conflict'],
      [gone.slug, false, 'not_found'],
      [empty.slug, false, 'validation_failed'],
      [fine.slug, true, null],
    ]);
    const [stale, , noBody] = results;
    expect(!stale!.ok && stale!.error.message).toMatch(/changed/);
    expect(!noBody!.ok && noBody!.error.fields).toHaveProperty('body');
    expect((await postRow(changed.slug))?.status).toBe('draft');
    expect((await postRow(empty.slug))?.status).toBe('draft');
    expect((await postRow(fine.slug))?.status).toBe('published');

    // A delete of a post changed since it was seen keeps it.
    const kept = await createPost(author, category);
    const deleted = await json<BulkPostResults>(await bulk(admin, { action: 'delete', posts: [{ slug: kept.slug, version: kept.version + 1 }] }));
    expect(deleted.results[0]).toMatchObject({ slug: kept.slug, ok: false, error: { code: 'conflict' } });
    expect(await postRow(kept.slug)).not.toBeNull();
  });

  it('refuses bad input with 422 naming the field, and changes nothing', async () => {
    const { admin, author, category } = await cast();
    const post = await createPost(author, category, { status: 'draft' });
    const many = Array.from({ length: 26 }, (_, i) => ({ slug: `post-${i}`, version: 1 }));
    const before = await dbSnapshot();
    const cases: [unknown, string][] = [
      [{ action: 'publish', posts: [] }, 'posts'],
      [{ action: 'publish', posts: many }, 'posts'],
      [{ action: 'publish', posts: [ref(post), ref(post)] }, 'posts'],
      [{ action: 'publish', posts: [post.slug] }, 'posts'],
      [{ action: 'publish', posts: [{ slug: post.slug }] }, 'posts'],
      [{ action: 'publish', slugs: [post.slug] }, 'posts'],
      [{ action: 'archive', posts: [ref(post)] }, 'action'],
      [{ action: 'move', posts: [ref(post)] }, 'category'],
      [{ action: 'publish', posts: [ref(post)], category: category.slug }, 'category'],
      [{ action: 'move', posts: [ref(post)], category: `none-${uid(6)}` }, 'category'],
      [{ action: 'move', posts: [ref(post)], category: 'Not a slug' }, 'category'],
    ];
    for (const [body, field] of cases) {
      const res = await expectError(await bulk(admin, body), 422, 'validation_failed');
      expect(Object.keys(res.error.fields ?? {}).some((k) => k === field || k.startsWith(`${field}.`)), JSON.stringify(body)).toBe(true);
    }
    await expectError(await callAs(admin, '/api/admin/posts/bulk', { body: 'not json', headers: { 'content-type': 'application/json' } }), 400, 'bad_request');
    expect(await dbSnapshot()).toEqual(before);
  });

  it('is for admins only: a visitor 401, an author (even the posts’ own) 403, nothing changes', async () => {
    const { author, category } = await cast();
    const post = await createPost(author, category, { status: 'draft' });
    const before = await dbSnapshot();
    await expectError(await bulk(null, { action: 'delete', posts: [ref(post)] }), 401, 'unauthenticated');
    await expectError(await bulk(author, { action: 'delete', posts: [ref(post)] }), 403, 'forbidden');
    expect(await dbSnapshot()).toEqual(before);
  });

  it('leaves no visitor a stale page: the cached post and list show the unpublish at once', async () => {
    const { admin, author, category } = await cast();
    const post = await createPost(author, category);
    const paths = [`/details/${post.slug}`, `/api/posts/${post.slug}`, `/api/posts?category=${category.slug}`];
    for (const path of paths) {
      await call(path);
      expect((await call(path)).headers.get('x-cache'), path).toBe('HIT');
    }
    await json<BulkPostResults>(await bulk(admin, { action: 'unpublish', posts: [ref(post)] }));
    expect((await call(`/details/${post.slug}`)).status).toBe(404);
    expect((await call(`/api/posts/${post.slug}`)).status).toBe(404);
    expect(await (await call(`/api/posts?category=${category.slug}`)).text()).not.toContain(post.slug);
  });
});
