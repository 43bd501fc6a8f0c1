// Byline's own redirects (product.md §14): a renamed category or tag and a merged tag leave their old
// address redirecting to the new one (source category|tag); renaming back never makes a loop.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { callAs } from './admin-kit';
import { call } from './helpers';
import { createAdmin, createCategory, createPost, createUser, json, uid } from './factories';

const sourceOf = async (from: string) =>
  (await env.DB.prepare('SELECT source FROM redirects WHERE from_path = ?').bind(from).first<{ source: string }>())?.source;

describe('redirects Byline adds itself', () => {
  it('a renamed category: its old address 301s to the new one; renamed back, the new old one does', async () => {
    const [admin, category] = await Promise.all([createAdmin(), createCategory()]);
    const renamed = `moved-${uid()}`;
    await json(await callAs(admin, `/api/admin/categories/${category.slug}`, { method: 'PUT', json: { name: `Moved ${uid()}`, slug: renamed } }));
    const res = await call(`/category/${category.slug}`);
    expect([res.status, res.headers.get('location')]).toEqual([301, `/category/${renamed}`]);
    expect(await sourceOf(`/category/${category.slug}`)).toBe('category');
    await json(await callAs(admin, `/api/admin/categories/${renamed}`, { method: 'PUT', json: { name: `Back ${uid()}`, slug: category.slug } }));
    expect((await call(`/category/${category.slug}`, { headers: { 'cache-control': 'no-cache' } })).status).toBe(200);
    expect((await call(`/category/${renamed}`)).headers.get('location')).toBe(`/category/${category.slug}`);
  });

  it('a renamed tag and a merged tag: their old addresses 301 to the new tag', async () => {
    const admin = await createAdmin();
    const post = await createPost(await createUser(), await createCategory(), { tags: [`one ${uid()}`, `two ${uid()}`] });
    const [one, two] = post.tags.map((t) => t.slug) as [string, string];
    const renamed = `renamed-${uid()}`;
    await json(await callAs(admin, `/api/admin/tags/${one}`, { method: 'PATCH', json: { slug: renamed } }));
    expect((await call(`/tag/${one}`)).headers.get('location')).toBe(`/tag/${renamed}`);
    expect(await sourceOf(`/tag/${one}`)).toBe('tag');
    await json(await callAs(admin, `/api/admin/tags/${renamed}/merge`, { method: 'POST', json: { into: two } }));
    // The chain is collapsed: the first address goes straight to the tag merged into.
    for (const from of [one, renamed]) expect((await call(`/tag/${from}`)).headers.get('location'), from).toBe(`/tag/${two}`);
  });
});
