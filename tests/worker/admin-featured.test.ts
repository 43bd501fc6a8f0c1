// /api/admin/featured: the whole ordered list (scheduled posts included), replaced atomically by PUT —
// at most 12, no repeats, published posts only — and unpublished or deleted posts drop out.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { FeaturedResponse, Post } from '../../contracts/posts';
import { createDb } from '../../worker/db/client';
import { replaceFeatured } from '../../worker/queries/featured';
import { callAs, dbSnapshot, featuredSlugs } from './admin-kit';
import { call, expectError } from './helpers';
import { createAdmin, createCategory, createPost, createUser, json, updateOf, type TestUser } from './factories';

const get = async (admin: TestUser) => (await json<FeaturedResponse>(await callAs(admin, '/api/admin/featured'))).items.map((p) => p.slug);
const put = (admin: TestUser, slugs: unknown) => callAs(admin, '/api/admin/featured', { method: 'PUT', json: { slugs } });
const publicSlugs = async () => (await json<FeaturedResponse>(await call('/api/featured'))).items.map((p) => p.slug);

async function cast(posts = 3) {
  const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
  const made: Post[] = [];
  for (let i = 0; i < posts; i++) made.push(await createPost(author, category));
  return { admin, author, category, posts: made };
}

describe('PUT /api/admin/featured', () => {
  it('replaces the list in the given order and answers it; readers see that order', async () => {
    const { admin, posts } = await cast(4);
    const [a, b, c, d] = posts.map((p) => p.slug) as [string, string, string, string];
    const res = await json<FeaturedResponse>(await put(admin, [c, a, b]));
    expect(res.items.map((p) => p.slug)).toEqual([c, a, b]);
    expect(res.items[0]).toMatchObject({ slug: c, status: 'published', category: { slug: posts[2]!.category.slug } });
    expect(await get(admin)).toEqual([c, a, b]);
    expect(await publicSlugs()).toEqual([c, a, b]);

    expect((await json<FeaturedResponse>(await put(admin, [d, c]))).items.map((p) => p.slug)).toEqual([d, c]);
    expect(await featuredSlugs()).toEqual([d, c]);
    expect((await json<FeaturedResponse>(await put(admin, []))).items).toEqual([]);
    expect(await publicSlugs()).toEqual([]);
  });

  it('takes exactly 12; 13 → 422 fields.slugs and the list is unchanged', async () => {
    const { admin, posts } = await cast(13);
    const slugs = posts.map((p) => p.slug);
    await json(await put(admin, slugs.slice(0, 2)));
    const before = await dbSnapshot();
    const err = await expectError(await put(admin, slugs), 422, 'validation_failed');
    expect(err.error.fields?.slugs).toMatch(/12/);
    expect(await dbSnapshot()).toEqual(before);
    expect(await get(admin)).toEqual(slugs.slice(0, 2));
    expect((await json<FeaturedResponse>(await put(admin, slugs.slice(1)))).items).toHaveLength(12);
  });

  it('refuses repeats, drafts and unknown slugs with 422 fields.slugs naming the problem; nothing changes', async () => {
    const { admin, author, category, posts } = await cast(2);
    const [a, b] = posts.map((p) => p.slug) as [string, string];
    const draft = await createPost(author, category, { status: 'draft', title: 'Still a draft' });
    await json(await put(admin, [a]));
    const before = await dbSnapshot();

    const repeat = await expectError(await put(admin, [a, b, a]), 422, 'validation_failed');
    expect(repeat.error.fields?.slugs).toMatch(/only once/);
    const drafted = await expectError(await put(admin, [b, draft.slug]), 422, 'validation_failed');
    expect(drafted.error.fields?.slugs).toContain('Still a draft');
    const unknown = await expectError(await put(admin, [b, 'no-such-post-anywhere']), 422, 'validation_failed');
    expect(unknown.error.fields?.slugs).toContain('no-such-post-anywhere');
    expect(await dbSnapshot()).toEqual(before);
    expect(await get(admin)).toEqual([a]);
  });

  it('refuses a malformed body with 422 naming slugs', async () => {
    const { admin } = await cast(0);
    for (const body of [{}, { slugs: 'a-post' }, { slugs: null }, { slugs: [1] }, { slugs: ['Not A Slug'] }, { slugs: [], extra: 1 }]) {
      const err = await expectError(await callAs(admin, '/api/admin/featured', { method: 'PUT', json: body }), 422, 'validation_failed');
      expect(Object.keys(err.error.fields ?? {}).some((k) => k === 'slugs' || k.startsWith('slugs.') || k === 'extra'), JSON.stringify(body)).toBe(true);
    }
  });

  it('features a scheduled post: the admin sees it at once, readers from its publish time', async () => {
    const { admin, author, category, posts } = await cast(1);
    const scheduled = await createPost(author, category, { publishedAt: new Date(Date.now() + 3_600_000).toISOString() });
    await json(await put(admin, [scheduled.slug, posts[0]!.slug]));
    expect(await get(admin)).toEqual([scheduled.slug, posts[0]!.slug]);
    expect(await publicSlugs()).toEqual([posts[0]!.slug]);
  });
});

describe('replaceFeatured, the write behind PUT', () => {
  it('rolls the whole batch back when a post is no longer published at write time (a race with an unpublish)', async () => {
    const { admin, author, category, posts } = await cast(2);
    const [a, b] = posts as [Post, Post];
    await json(await put(admin, [a.slug]));
    const draft = await createPost(author, category, { status: 'draft' });
    const ids = await env.DB.prepare('SELECT id, slug FROM posts WHERE slug IN (?, ?)').bind(b.slug, draft.slug).all<{ id: number; slug: string }>();
    const id = (slug: string) => ids.results.find((r) => r.slug === slug)!.id;
    const before = await dbSnapshot();
    expect(await replaceFeatured(createDb(env.DB), [id(b.slug), id(draft.slug)])).toBe(false);
    expect(await dbSnapshot()).toEqual(before);
    expect(await replaceFeatured(createDb(env.DB), [id(b.slug)])).toBe(true);
    expect(await featuredSlugs()).toEqual([b.slug]);
  });
});

describe('featured posts that stop being published', () => {
  it('unpublishing (admin quick action or the editor) or deleting a post drops it from the list', async () => {
    const { admin, author, posts } = await cast(4);
    const [a, b, c, d] = posts as [Post, Post, Post, Post];
    await json(await put(admin, [a.slug, b.slug, c.slug, d.slug]));

    await json(await callAs(admin, `/api/admin/posts/${a.slug}`, { method: 'PATCH', json: { status: 'draft', version: a.version } }));
    await json(await callAs(author, `/api/posts/${b.slug}`, { method: 'PUT', json: updateOf(b, { status: 'draft' }) }));
    expect((await callAs(admin, `/api/admin/posts/${c.slug}`, { method: 'DELETE' })).status).toBe(204);

    expect(await get(admin)).toEqual([d.slug]);
    expect(await publicSlugs()).toEqual([d.slug]);
    // Publishing it again does not bring it back by itself: the admin decides.
    await json(await callAs(admin, `/api/admin/posts/${a.slug}`, { method: 'PATCH', json: { status: 'published', version: a.version + 1 } }));
    expect(await get(admin)).toEqual([d.slug]);
  });
});
