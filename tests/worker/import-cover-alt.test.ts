// A cover's alt text (coverAlt) through Byline's export and import: an export imported into an empty Byline
// gives the same site (product.md §12), its covers' descriptions included. The tests of this file share one D1.
import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BylineExport, ImportBatch } from '../../contracts/import';
import type { PostResponse } from '../../contracts/posts';
import { parseBylineExport } from '../../web/features/admin/import/import-byline';
import { callAs } from './admin-kit';
import { createAdmin, createCategory, createPost, json, uid, type TestUser } from './factories';
import { call } from './helpers';
import { emptySiteBut, importAs, stubInternet } from './import-kit';

const COVER = 'https://images.example.test/lighthouse.jpg';

let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const exportOf = async () => json<BylineExport>(await callAs(admin, '/api/admin/export'));
const coverAltOf = async (slug: string) => (await json<PostResponse>(await call(`/api/posts/${slug}`))).post.coverAlt;

describe('coverAlt through export and import', () => {
  it('export → import into an empty Byline keeps each cover alt text, and a decorative cover stays decorative', async () => {
    const category = await createCategory();
    const alt = `A lighthouse at dusk, its lamp lit ${uid(4)}`;
    const described = await createPost(admin, category, { coverImage: COVER, coverAlt: alt, status: 'published' });
    const decorative = await createPost(admin, category, { coverImage: COVER, coverDecorative: true, status: 'published' });
    const exported = await exportOf();
    expect(exported.posts.find((p) => p.slug === described.slug)).toMatchObject({ coverImage: COVER, coverAlt: alt });
    expect(exported.posts.find((p) => p.slug === decorative.slug)).toMatchObject({ coverImage: COVER, coverAlt: '', coverDecorative: true });
    expect(exported.posts.find((p) => p.slug === described.slug)).toMatchObject({ coverDecorative: false });

    await emptySiteBut(admin, exported.media.map((m) => m.key));
    stubInternet();
    const { report } = await importAs(admin, parseBylineExport(exported));
    expect(report.failed).toBeNull();
    expect(report.imported.posts).toBe(2);

    expect(await coverAltOf(described.slug)).toBe(alt);
    expect(await coverAltOf(decorative.slug)).toBe('');
    expect((await json<PostResponse>(await call(`/api/posts/${decorative.slug}`))).post.coverDecorative).toBe(true);
    const page = await (await call(`/details/${described.slug}`)).text();
    expect(page).toMatch(new RegExp(`<img class="post-cover" src="/media/[0-9a-f]{32}\\.jpg"[^>]* alt="${alt}"/>`));
    const again = await exportOf();
    expect(again.posts.map((p) => [p.coverAlt, p.coverDecorative])).toEqual(exported.posts.map((p) => [p.coverAlt, p.coverDecorative]));
  });

  it('an export made before covers had alt text imports with decorative covers', async () => {
    const category = await createCategory();
    const post = await createPost(admin, category, { coverImage: COVER, coverAlt: 'Soon gone', status: 'published' });
    const exported = await exportOf();
    const old = { ...exported, posts: exported.posts.filter((p) => p.slug === post.slug).map(({ coverAlt: _dropped, ...p }) => p) } as unknown as BylineExport;
    await emptySiteBut(admin, exported.media.map((m) => m.key));
    stubInternet();
    const { report } = await importAs(admin, parseBylineExport(old));
    expect(report.failed).toBeNull();
    expect(await coverAltOf(post.slug)).toBe('');
  });

  it('an imported alt text with control characters is left out with a warning; the post still imports; too long is 422', async () => {
    const category = await createCategory();
    const post = (slug: string, coverAlt: string): NonNullable<ImportBatch['posts']>[number] => ({
      sourceId: slug, slug, title: slug, body: 'Body', status: 'published', publishedAt: null, author: admin.username, category: category.slug, coverImage: COVER, coverAlt,
    });
    const slug = `bell-${uid(6)}`;
    const res = await callAs(admin, '/api/admin/import/batch', { method: 'POST', json: { source: 'byline', batch: 1, posts: [post(slug, 'A bell\u0007 ringing')] } });
    expect(res.status).toBe(200);
    const report = await res.json<{ warnings: string[]; imported: { posts: number } }>();
    expect(report.imported.posts).toBe(1);
    expect(report.warnings).toContain(`The alt text of the cover of “${slug}” has control characters; it was left out`);
    expect(await coverAltOf(slug)).toBe('');

    const long = `long-${uid(6)}`;
    const refused = await callAs(admin, '/api/admin/import/batch', { method: 'POST', json: { source: 'byline', batch: 1, posts: [post(long, 'x'.repeat(251))] } });
    expect(refused.status).toBe(422);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM posts WHERE slug = ?').bind(long).first('n')).toBe(0);
  });
});
