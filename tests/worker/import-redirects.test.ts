// The import's old addresses (product.md §14, decision 049): a batch's `redirects` are judged by the
// redirect rules and written by the redirect service's insert, counted in the report; one Byline answers
// itself, one that would hide a live page and one that exists are skipped with why, so importing again
// writes the same rows and fails nothing. After a WordPress import its `/?p=ID` and permalinks answer 301.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ImportBatchReport, ImportRedirect } from '../../contracts/import';
import { callAs } from './admin-kit';
import { call } from './helpers';
import { createAdmin, createCategory, createPost, createUser, json, uid, type TestUser } from './factories';

const batch = async (admin: TestUser, redirects: ImportRedirect[], source = 'wordpress') =>
  json<ImportBatchReport>(await callAs(admin, '/api/admin/import/batch', { method: 'POST', json: { source, batch: 7, redirects } }));

async function rows(prefix: string) {
  const { results } = await env.DB.prepare('SELECT from_path, to_path, status, source FROM redirects WHERE from_path LIKE ? ORDER BY from_path')
    .bind(`${prefix}%`)
    .all<{ from_path: string; to_path: string; status: number; source: string }>();
  return results.map((r) => `${r.from_path} -> ${r.to_path} ${r.status} ${r.source}`);
}

describe('an import batch of redirects', () => {
  it('writes each old address as a 301 of source import, counted; the same batch again writes nothing and skips each as existing', async () => {
    const admin = await createAdmin();
    const p = `/2024/01/${uid()}`;
    const redirects = [
      { from: `${p}/hello/`, to: '/details/hello' },
      { from: `${p}/tag/old-name/`, to: '/tag/new-name' },
    ];
    const first = await batch(admin, redirects);
    expect(first.imported.redirects).toBe(2);
    expect(first.skipped).toEqual([]);
    expect(await rows(p)).toEqual([`${p}/hello -> /details/hello 301 import`, `${p}/tag/old-name -> /tag/new-name 301 import`]);

    const again = await batch(admin, redirects);
    expect(again.imported.redirects).toBe(0);
    expect(again.skipped).toEqual([
      { kind: 'redirect', key: `${p}/hello`, why: 'Already redirects there' },
      { kind: 'redirect', key: `${p}/tag/old-name`, why: 'Already redirects there' },
    ]);
    expect(await rows(p)).toHaveLength(2);
  });

  it('skips what Byline answers itself, what would hide a live page, a bad address, a loop and a repeat, writing the rest', async () => {
    const admin = await createAdmin();
    const category = await createCategory();
    const post = await createPost(await createUser(), category);
    const p = `/old-${uid()}`;
    const report = await batch(admin, [
      { from: `/category/${category.slug}/`, to: `/category/${category.slug}` },
      { from: `/details/${post.slug}/`, to: '/search' },
      { from: '/search/', to: `/details/${post.slug}` },
      { from: `/category/${category.slug}`, to: '/' },
      { from: 'https://old.example/x', to: '/details/x' },
      { from: `${p}/a`, to: `${p}/b` },
      { from: `${p}/b`, to: `${p}/a` },
      { from: `${p}/a/`, to: '/details/y' },
      { from: `${p}/ok`, to: `/details/${post.slug}` },
    ]);
    expect(report.imported.redirects).toBe(2);
    expect(report.skipped.map((s) => `${s.key}: ${s.why}`)).toEqual([
      `/category/${category.slug}: Byline answers at this address itself`,
      'https://old.example/x: Start with / (an address on this site)',
      `${p}/a: Appears twice in the file`,
      `/details/${post.slug}: A page of this site answers at this address`,
      '/search: A page of this site answers at this address',
      `/category/${category.slug}: A page of this site answers at this address`,
      `${p}/b: It would send readers back to where they started`,
    ]);
    expect(await rows(p)).toEqual([`${p}/a -> ${p}/b 301 import`, `${p}/ok -> /details/${post.slug} 301 import`]);
  });

  it('keeps the source of a Byline export and collapses a chain to what exists', async () => {
    const admin = await createAdmin();
    const p = `/kept-${uid()}`;
    await batch(admin, [{ from: `${p}/b`, to: '/details/c' }], 'byline');
    const report = await batch(admin, [{ from: `${p}/a`, to: `${p}/b`, status: 302, source: 'manual' }], 'byline');
    expect(report.imported.redirects).toBe(1);
    expect(await rows(p)).toEqual([`${p}/a -> /details/c 302 manual`, `${p}/b -> /details/c 301 import`]);
  });

  it('is refused to an author (403) and over the batch limit (400), writing nothing', async () => {
    const p = `/refused-${uid()}`;
    const author = await createUser();
    const res = await callAs(author, '/api/admin/import/batch', { method: 'POST', json: { source: 'wordpress', batch: 1, redirects: [{ from: p, to: '/' }] } });
    expect(res.status).toBe(403);
    const many = Array.from({ length: 251 }, (_, i) => ({ from: `${p}/${i}`, to: '/' }));
    const big = await callAs(await createAdmin(), '/api/admin/import/batch', { method: 'POST', json: { source: 'wordpress', batch: 1, redirects: many } });
    expect(big.status).toBeGreaterThanOrEqual(400);
    expect(big.status).toBeLessThan(500);
    expect(await rows(p)).toEqual([]);
  });

  it('after the batch a visitor at /?p=ID and at the dated permalink gets a 301 to /details/slug', async () => {
    const admin = await createAdmin();
    const id = String(1 + Math.floor(Math.random() * 1e9));
    const slug = `imported-${uid()}`;
    await batch(admin, [
      { from: `/?p=${id}`, to: `/details/${slug}` },
      { from: `/2024/03/01/${slug}/`, to: `/details/${slug}` },
    ]);
    for (const path of [`/?p=${id}`, `/2024/03/01/${slug}/`]) {
      const res = await call(path);
      expect([res.status, res.headers.get('location')], path).toEqual([301, `/details/${slug}`]);
    }
  });
});
