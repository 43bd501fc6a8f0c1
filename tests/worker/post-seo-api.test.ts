// Per-post SEO through the API (product.md §14, §19; contracts/seo.ts; docs/decisions/048): post input takes
// `seo` (each field absent keeps, '' or null clears), every post answer has all of `seo`, bad input is 422
// naming the field and changes nothing, SEO is not a revision, and export/import carries it.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BylineExport } from '../../contracts/import';
import type { Post, PostResponse } from '../../contracts/posts';
import { NO_SEO } from '../../contracts/seo';
import { parseBylineExport } from '../../web/features/admin/import/import-byline';
import { callAs, dbSnapshot } from './admin-kit';
import { createAdmin, createCategory, createPost, createUser, json, postInput, uid, updateOf, type TestUser } from './factories';
import { call, expectError } from './helpers';
import { emptySiteBut, importAs, stubInternet } from './import-kit';

const FULL = {
  title: '  A meta title  ',
  description: 'What a search result shows under the title.',
  image: 'https://images.example.test/card.png',
  canonicalUrl: 'https://first.example/where-it-appeared',
  noindex: true,
};

const put = async (who: TestUser, post: Post, overrides: Record<string, unknown>) =>
  (await json<PostResponse>(await callAs(who, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, overrides) }))).post;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('post seo in the API', () => {
  it('a post created without seo answers every seo field, null (noindex false), in the public, own and admin reads', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const post = await createPost(author, category);
    expect(post.seo).toEqual(NO_SEO);
    expect((await json<PostResponse>(await call(`/api/posts/${post.slug}`))).post.seo).toEqual(NO_SEO);
    expect((await json<PostResponse>(await callAs(admin, `/api/admin/posts/${post.slug}`))).post.seo).toEqual(NO_SEO);
  });

  it('create stores every field (trimmed); PUT without seo keeps them all; a partial seo keeps the others; "" and null clear', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const created = await createPost(author, category, { seo: FULL });
    const stored = { ...FULL, title: 'A meta title' };
    expect(created.seo).toEqual(stored);
    expect((await json<PostResponse>(await callAs(author, `/api/posts/${created.slug}`))).post.seo).toEqual(stored);

    const kept = await put(author, created, { title: 'Retitled' });
    expect(kept.seo).toEqual(stored);
    const partial = await put(author, kept, { seo: { description: 'A new description' } });
    expect(partial.seo).toEqual({ ...stored, description: 'A new description' });
    const cleared = await put(author, partial, { seo: { title: '', description: null, image: '', canonicalUrl: null, noindex: false } });
    expect(cleared.seo).toEqual(NO_SEO);
    const row = await env.DB.prepare('SELECT seo_title, seo_description, seo_image, canonical_url, noindex FROM posts WHERE slug = ?').bind(created.slug).first();
    expect(row).toEqual({ seo_title: null, seo_description: null, seo_image: null, canonical_url: null, noindex: 0 });
    // An uploaded image is a social image too.
    expect((await put(author, cleared, { seo: { image: '/media/0123456789abcdef0123456789abcdef.png' } })).seo.image).toBe('/media/0123456789abcdef0123456789abcdef.png');
  });

  it('refuses each bad seo field with 422 naming it (seo.title, …), on create and update, and changes nothing', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category, { seo: { title: 'Kept' } });
    const before = await dbSnapshot();
    const bad: [string, unknown][] = [
      ['title', 'x'.repeat(121)],
      ['title', 'two\nlines'],
      ['title', 42],
      ['description', 'x'.repeat(301)],
      ['description', 'bidi \u202E trick'],
      ['image', 'javascript:alert(1)'],
      ['image', 'http://insecure.example/a.png'],
      ['canonicalUrl', 'http://first.example/post'],
      ['canonicalUrl', '/relative/path'],
      ['canonicalUrl', `https://first.example/${'x'.repeat(2048)}`],
      ['canonicalUrl', 'https://first.example/"><script>'],
      ['noindex', 'yes'],
      ['noindex', null],
    ];
    for (const [field, value] of bad) {
      const created = await expectError(await callAs(author, '/api/posts', { json: postInput(category, { seo: { [field]: value } as never }) }), 422, 'validation_failed');
      expect(created.error.fields?.[`seo.${field}`], `${field} = ${String(value)}`).toBeDefined();
      const updated = await expectError(await callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { seo: { [field]: value } }) }), 422, 'validation_failed');
      expect(updated.error.fields?.[`seo.${field}`]).toBeDefined();
    }
    for (const shape of ['a title', null, [], { keywords: 'x' }]) {
      await expectError(await callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { seo: shape }) }), 422, 'validation_failed');
    }
    expect(await dbSnapshot()).toEqual(before);
    expect((await createPost(author, category, { seo: { title: 'x'.repeat(120), description: 'y'.repeat(300) } })).seo.title).toHaveLength(120);
  });

  it('a change of seo alone keeps no revision (SEO is post meta, not content)', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category, { status: 'draft' });
    const revisions = () => env.DB.prepare('SELECT count(*) AS n FROM post_revisions r JOIN posts p ON p.id = r.post_id WHERE p.slug = ?').bind(post.slug).first('n');
    const changed = await put(author, post, { seo: { title: 'Only the meta title' } });
    expect(changed.version).toBe(post.version + 1);
    expect(await revisions()).toBe(0);
  });

  it('a published post whose seo changes is fresh on the next cached read', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    await call(`/api/posts/${post.slug}`);
    expect((await call(`/api/posts/${post.slug}`)).headers.get('x-cache')).toBe('HIT');
    await put(author, post, { seo: { description: `Fresh ${uid(4)}` } });
    const again = await call(`/api/posts/${post.slug}`);
    expect(again.headers.get('x-cache')).not.toBe('HIT');
    expect((await json<PostResponse>(again)).post.seo.description).toMatch(/^Fresh /);
  });
});

describe('post seo through export and import', () => {
  it('export → import into an empty Byline keeps each post\'s seo; an export made before seo imports with none', async () => {
    const [admin, category] = await Promise.all([createAdmin(), createCategory()]);
    const withSeo = await createPost(admin, category, { seo: FULL });
    const without = await createPost(admin, category);
    const exported = await json<BylineExport>(await callAs(admin, '/api/admin/export'));
    expect(exported.posts.find((p) => p.slug === withSeo.slug)?.seo).toEqual(withSeo.seo);

    await emptySiteBut(admin, exported.media.map((m) => m.key));
    stubInternet();
    const old = { ...exported, posts: exported.posts.map((p) => (p.slug === without.slug ? (({ seo: _dropped, ...rest }) => rest)(p) : p)) } as BylineExport;
    const { report } = await importAs(admin, parseBylineExport(old));
    expect(report.failed).toBeNull();
    const seoOf = async (slug: string) => (await json<PostResponse>(await callAs(admin, `/api/posts/${slug}`))).post.seo;
    expect(await seoOf(withSeo.slug)).toEqual(withSeo.seo);
    expect(await seoOf(without.slug)).toEqual(NO_SEO);
  });

  it('imported seo that breaks the rules is left out with a warning; the post still imports', async () => {
    const [admin, category] = await Promise.all([createAdmin(), createCategory()]);
    const slug = `seo-${uid(6)}`;
    const post = { sourceId: slug, slug, title: slug, body: 'Body', status: 'published', publishedAt: null, author: admin.username, category: category.slug, seo: { canonicalUrl: 'http://insecure.example/' } };
    const res = await callAs(admin, '/api/admin/import/batch', { method: 'POST', json: { source: 'byline', batch: 1, posts: [post] } });
    const report = await json<{ warnings: string[]; imported: { posts: number } }>(res);
    expect(report.imported.posts).toBe(1);
    expect(report.warnings.some((w) => w.startsWith(`The SEO fields of “${slug}” break the rules`))).toBe(true);
    expect((await json<PostResponse>(await call(`/api/posts/${slug}`))).post.seo).toEqual(NO_SEO);
  });
});
