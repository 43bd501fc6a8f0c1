// Byline's export carries the standalone pages and the saved menus (issue 22) and its import brings them back:
// pages through the pages' own insert (an existing slug skipped, never changed), menus item by item by the
// navigation rules, saved as the navigation screen saves them; importing it again changes and counts nothing.
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import type { BylineExport } from '../../contracts/import';
import type { Navigation } from '../../contracts/navigation';
import type { Page } from '../../contracts/pages';
import { parseBylineExport } from '../../web/features/admin/import/import-byline';
import { callAs } from './admin-kit';
import { createAdmin, json, uid } from './factories';
import { emptyPlan } from '../../web/features/admin/import/import-plan';
import { importAs, stubInternet } from './import-kit';

type Admin = Awaited<ReturnType<typeof createAdmin>>;

/** Only the export's pages and menus (the rest of the site stays as it is). */
const pagesAndMenusOf = (exp: BylineExport): BylineExport => ({ ...exp, users: [], categories: [], tags: [], posts: [], featured: [], media: [], settings: undefined, redirects: [] });

const createPage = async (admin: Admin, input: Record<string, unknown>) => json<Page>(await callAs(admin, '/api/admin/pages', { method: 'POST', json: input }), 201);
const navigation = async (admin: Admin) => json<Navigation>(await callAs(admin, '/api/navigation'));
const batch = async (admin: Admin, body: Record<string, unknown>) =>
  json<{ imported: { pages: number; menus: number }; skipped: { kind: string; key: string; why: string }[] }>(
    await callAs(admin, '/api/admin/import/batch', { method: 'POST', json: { source: 'byline', batch: 1, ...body } }),
  );

describe("Byline's export of pages and menus", () => {
  it('exports every page (SEO, dates, author) and the saved menus; importing them into a site without them recreates them, and again changes nothing', async () => {
    const admin = await createAdmin();
    const slug = `about-${uid()}`;
    const draftSlug = `draft-${uid()}`;
    await createPage(admin, { title: 'About us', body: 'We **write**.', status: 'published', slug, seo: { title: 'About the site', noindex: true } });
    await createPage(admin, { title: 'Not yet', body: '', status: 'draft', slug: draftSlug });
    const menus = { header: [{ label: 'About', url: `/${slug}` }], footer: [{ label: 'Elsewhere', url: 'https://example.com/' }] };
    await json(await callAs(admin, '/api/admin/navigation', { method: 'PUT', json: menus }));

    const exp = await json<BylineExport>(await callAs(admin, '/api/admin/export'));
    const exported = exp.pages?.find((p) => p.slug === slug);
    expect(exported).toMatchObject({ title: 'About us', body: 'We **write**.', status: 'published', author: admin.username, seo: { title: 'About the site', noindex: true } });
    expect(exported?.publishedAt).toEqual(expect.any(String));
    expect(exp.navigation).toEqual(menus);

    // The site as a new one would be: neither page, the menus never saved.
    await env.DB.prepare('DELETE FROM pages WHERE slug IN (?, ?)').bind(slug, draftSlug).run();
    await callAs(admin, '/api/admin/navigation', { method: 'DELETE' });

    const { report } = await importAs(admin, parseBylineExport(pagesAndMenusOf(exp)));
    expect(report.failed).toBeNull();
    expect(report.imported.pages).toBe(exp.pages?.length);
    expect(report.imported.menus).toBe(2);
    const page = await json<Page>(await callAs(admin, `/api/admin/pages/${slug}`));
    expect(page).toMatchObject({ title: 'About us', status: 'published', seo: { title: 'About the site', noindex: true }, updatedAt: exported?.updatedAt });
    expect(page.bodyHtml).toContain('<strong>write</strong>');
    const row = await env.DB.prepare('SELECT p.published_at, p.created_at, u.username FROM pages p JOIN users u ON u.id = p.author_id WHERE p.slug = ?').bind(slug).first();
    expect(row).toEqual({ published_at: Date.parse(exported!.publishedAt!), created_at: Date.parse(exported!.createdAt), username: admin.username });
    expect((await json<Page>(await callAs(admin, `/api/admin/pages/${draftSlug}`))).status).toBe('draft');
    expect(await navigation(admin)).toEqual(menus);

    const again = await importAs(admin, parseBylineExport(pagesAndMenusOf(exp)));
    expect(again.report.failed).toBeNull();
    expect(again.report.imported).toMatchObject({ pages: 0, menus: 0 });
    expect(again.report.skipped).toContainEqual({ kind: 'page', key: slug, why: 'A page with this slug exists' });
    await callAs(admin, '/api/admin/navigation', { method: 'DELETE' });
  });

  it('skips an existing slug without changing that page, a reserved slug, a bad page and a bad menu item, each with why, importing the rest', async () => {
    const admin = await createAdmin();
    const kept = `kept-${uid()}`;
    const fresh = `fresh-${uid()}`;
    await createPage(admin, { title: 'Mine', body: 'Mine.', status: 'published', slug: kept });
    const page = (slug: string, extra: Record<string, unknown> = {}) => ({ sourceId: slug, slug, title: `Title ${slug}`, body: 'Body.', status: 'published', ...extra });
    const pages = await batch(admin, {
      pages: [page(kept), page('admin'), page(`no-title-${uid()}`, { title: '  ' }), page(`bad-seo-${uid()}`, { seo: { canonicalUrl: 'javascript:alert(1)' } }), page(fresh)],
    });
    expect(pages.imported.pages).toBe(1);
    expect(pages.skipped.map((s) => [s.key.replace(/-[0-9a-f]{10}$/, ''), s.why])).toEqual([
      ['kept', 'A page with this slug exists'],
      ['admin', 'That address belongs to the site itself; choose another slug'],
      ['no-title', expect.stringMatching(/title/i)],
      ['bad-seo', expect.stringMatching(/^seo\.canonicalUrl: /)],
    ]);
    expect((await json<Page>(await callAs(admin, `/api/admin/pages/${kept}`))).title).toBe('Mine');
    expect((await json<Page>(await callAs(admin, `/api/admin/pages/${fresh}`))).title).toBe(`Title ${fresh}`);

    const menus = await batch(admin, {
      navigation: { header: [{ label: 'Fresh', url: `/${fresh}` }, { label: 'Script', url: 'javascript:alert(1)' }, { label: '', url: '/x' }, 'not an item'], footer: null },
    });
    expect(menus.imported.menus).toBe(1);
    expect(menus.skipped.map((s) => s.key)).toEqual(['header item 2 (Script)', 'header item 3 ()', 'header item 4']);
    expect(menus.skipped.every((s) => s.kind === 'menu' && s.why.length > 0)).toBe(true);
    expect(await navigation(admin)).toMatchObject({ header: [{ label: 'Fresh', url: `/${fresh}` }], footer: [] });
    // The footer was null (never saved there): this site's stays unsaved.
    expect(await env.DB.prepare("SELECT count(*) AS n FROM navigation_menus WHERE menu = 'footer'").first('n')).toBe(0);

    const fromWordPress = await json<{ imported: { menus: number }; skipped: { why: string }[] }>(
      await callAs(admin, '/api/admin/import/batch', { method: 'POST', json: { source: 'wordpress', batch: 1, navigation: { header: [{ label: 'X', url: '/x' }] } } }),
    );
    expect(fromWordPress.imported.menus).toBe(0);
    expect(fromWordPress.skipped).toEqual([{ kind: 'menu', key: 'header', why: 'Only a Byline export carries menus' }]);
    await callAs(admin, '/api/admin/navigation', { method: 'DELETE' });
  });

  it('an old export (no pages, no navigation) leaves pages and menus alone', () => {
    const v2 = { format: 'byline-export', version: 2, exportedAt: new Date().toISOString(), users: [], categories: [], tags: [], posts: [], featured: [], media: [] };
    const plan = parseBylineExport(v2);
    expect(plan.pages).toBeUndefined();
    expect(plan.navigation).toBeUndefined();
  });

  it("copies a page's remote images into media and points its body at the copies", async () => {
    const admin = await createAdmin();
    stubInternet();
    const slug = `pictured-${uid()}`;
    const plan = emptyPlan('wordpress');
    plan.pages = [{ sourceId: 'wordpress:9', slug, title: 'Pictured', body: `![A cat](https://images.example.test/page-${uid()}.png)`, status: 'published', author: null }];
    const { report } = await importAs(admin, plan);
    expect(report.failed).toBeNull();
    expect(report.imported).toMatchObject({ pages: 1, images: 1 });
    const page = await json<Page>(await callAs(admin, `/api/admin/pages/${slug}`));
    expect(page.body).toMatch(/^!\[A cat\]\(\/media\/[0-9a-f]{32}\.png\)$/);
    vi.restoreAllMocks();
  });

  it("an import's old address is never one a page answers", async () => {
    const admin = await createAdmin();
    const slug = `answered-${uid()}`;
    await createPage(admin, { title: 'Answered', body: 'Here.', status: 'published', slug });
    const report = await json<{ imported: { redirects: number }; skipped: { key: string; why: string }[] }>(
      await callAs(admin, '/api/admin/import/batch', { method: 'POST', json: { source: 'wordpress', batch: 1, redirects: [{ from: `/${slug}`, to: '/details/elsewhere' }] } }),
    );
    expect(report.imported.redirects).toBe(0);
    expect(report.skipped).toEqual([{ kind: 'redirect', key: `/${slug}`, why: 'A page of this site answers at this address' }]);
  });
});
