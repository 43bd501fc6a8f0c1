// /api/navigation (the menus, cached for visitors) and /api/admin/navigation (replace both, or go back to a
// new site's menus; admin only): the default header of categories, every item rule with the §5 error shape
// naming the item and nothing changed, the guards, the menus on every page at once after a save, and the
// calls in the OpenAPI document.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Navigation } from '../../contracts/navigation';
import { callAs, dbSnapshot } from './admin-kit';
import { call, expectError } from './helpers';
import { createAdmin, createCategory, createPost, createUser, json, uid } from './factories';

const put = (who: Parameters<typeof callAs>[0], body: unknown) => callAs(who, '/api/admin/navigation', { method: 'PUT', json: body });
const navigation = async () => json<Navigation>(await call('/api/navigation'));
const savedMenus = async () => (await env.DB.prepare('SELECT menu, items FROM navigation_menus ORDER BY menu').all()).results;

const link = (label: string, url: string) => ({ label, url });
/** The header menu's markup in a page. */
const headerMenuOf = (html: string) => /<nav aria-label="Menu".*?<\/nav>/.exec(html)?.[0] ?? '';

// Tests of one file share their D1: each starts from a site whose menus were never saved.
beforeEach(async () => {
  await env.DB.prepare('DELETE FROM navigation_menus').run();
});

describe('navigation: a new site', () => {
  it('GET /api/navigation: a header never saved lists the categories by name, linked to their pages; the footer is empty', async () => {
    const [a, b] = await Promise.all([createCategory({ name: `Aardvark ${uid()}` }), createCategory()]);
    const nav = await navigation();
    expect(nav.header).toEqual(expect.arrayContaining([link(a.name, `/category/${a.slug}`), link(b.name, `/category/${b.slug}`)]));
    expect(nav.footer).toEqual([]);
  });

  it('a category the admin adds later joins the default header at once', async () => {
    const admin = await createAdmin();
    await navigation();
    const name = `Later ${uid()}`;
    const { category } = await json<{ category: { slug: string } }>(await callAs(admin, '/api/admin/categories', { method: 'POST', json: { name } }), 201);
    expect((await navigation()).header).toContainEqual(link(name, `/category/${category.slug}`));
  });
});

describe('PUT /api/admin/navigation', () => {
  it('replaces both menus in order and answers them; GET answers the same; a saved header no longer follows the categories', async () => {
    const admin = await createAdmin();
    const menus = {
      header: [link('About', '/about'), link(' Tech ', '/category/tech'), link('Elsewhere', 'https://example.org/a?b=c#d')],
      footer: [link('Privacy', '/privacy')],
    };
    const saved = await json<Navigation>(await put(admin, menus));
    expect(saved.header.map((i) => i.label)).toEqual(['About', 'Tech', 'Elsewhere']);
    expect(saved.header[2]!.url).toBe('https://example.org/a?b=c#d');
    expect(await navigation()).toEqual(saved);
    const category = await createCategory();
    expect((await navigation()).header.map((i) => i.url)).not.toContain(`/category/${category.slug}`);
  });

  it('saves empty menus: the header then shows no categories', async () => {
    const admin = await createAdmin();
    await createCategory();
    expect(await json<Navigation>(await put(admin, { header: [], footer: [] }))).toEqual({ header: [], footer: [] });
    expect(await navigation()).toEqual({ header: [], footer: [] });
  });

  it('accepts 30 items of 60-character labels per menu', async () => {
    const admin = await createAdmin();
    const full = Array.from({ length: 30 }, (_, i) => link(`${i}`.padEnd(60, 'x'), `/p/${i}`));
    const saved = await json<Navigation>(await put(admin, { header: full, footer: full }));
    expect(saved.header).toHaveLength(30);
    expect(saved.footer).toHaveLength(30);
  });

  const ok = link('Fine', '/fine');
  const refused: [string, unknown, string][] = [
    ['an empty label', { header: [ok, link('  ', '/x')], footer: [] }, 'header.1.label'],
    ['a label over 60 characters', { header: [], footer: [link('x'.repeat(61), '/x')] }, 'footer.0.label'],
    ['a label of two lines', { header: [link('a\nb', '/x')], footer: [] }, 'header.0.label'],
    ['an empty URL', { header: [ok, ok, link('X', '')], footer: [] }, 'header.2.url'],
    ['a URL with a host but no scheme (//)', { header: [link('X', '//evil.example/a')], footer: [] }, 'header.0.url'],
    ['an http URL', { header: [link('X', 'http://example.org')], footer: [] }, 'header.0.url'],
    ['a javascript: URL', { header: [], footer: [ok, link('X', 'javascript:alert(1)')] }, 'footer.1.url'],
    ['a relative URL', { header: [link('X', 'about')], footer: [] }, 'header.0.url'],
    ['a URL with a backslash', { header: [link('X', '/\\evil.example')], footer: [] }, 'header.0.url'],
    ['a URL over 500 characters', { header: [link('X', `/${'a'.repeat(500)}`)], footer: [] }, 'header.0.url'],
    ['31 items in a menu', { header: Array.from({ length: 31 }, () => ok), footer: [] }, 'header'],
    ['an item with an unknown field', { header: [ok, { ...ok, target: '_blank' }], footer: [] }, 'header.1.target'],
    ['a missing footer', { header: [ok] }, 'footer'],
    ['a menu that is not a list', { header: 'About', footer: [] }, 'header'],
    ['an item that is not an object', { header: ['About'], footer: [] }, 'header.0'],
    ['an unknown menu', { header: [], footer: [], sidebar: [] }, 'sidebar'],
  ];
  for (const [what, body, field] of refused) {
    it(`refuses ${what}: 422 fields.${field}, nothing changes`, async () => {
      const admin = await createAdmin();
      await json(await put(admin, { header: [link('Kept', '/kept')], footer: [] }));
      const before = await dbSnapshot();
      const err = await expectError(await put(admin, body), 422, 'validation_failed');
      expect(Object.keys(err.error.fields ?? {})).toEqual([field]);
      expect(await dbSnapshot()).toEqual(before);
    });
  }

  it('refuses a body that is not JSON (400) or not sent as JSON (415); nothing changes', async () => {
    const admin = await createAdmin();
    const before = await dbSnapshot();
    await expectError(await callAs(admin, '/api/admin/navigation', { method: 'PUT', body: '{"header":', headers: { 'content-type': 'application/json' } }), 400, 'bad_request');
    await expectError(await callAs(admin, '/api/admin/navigation', { method: 'PUT', body: 'header=x', headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type');
    expect(await dbSnapshot()).toEqual(before);
  });

  it('a visitor gets 401 and a non-admin 403 on PUT and DELETE; nothing changes', async () => {
    const user = await createUser();
    const body = { header: [link('Hijacked', 'https://evil.example')], footer: [] };
    const before = await dbSnapshot();
    await expectError(await put(null, body), 401, 'unauthenticated');
    await expectError(await put(user, body), 403, 'forbidden');
    await expectError(await callAs(null, '/api/admin/navigation', { method: 'DELETE' }), 401, 'unauthenticated');
    await expectError(await callAs(user, '/api/admin/navigation', { method: 'DELETE' }), 403, 'forbidden');
    expect(await dbSnapshot()).toEqual(before);
  });
});

describe('DELETE /api/admin/navigation', () => {
  it('forgets both menus: 204, the header lists the categories again, the footer is empty', async () => {
    const [admin, category] = await Promise.all([createAdmin(), createCategory()]);
    await json(await put(admin, { header: [link('Only', '/only')], footer: [link('Foot', '/foot')] }));
    const res = await callAs(admin, '/api/admin/navigation', { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await savedMenus()).toEqual([]);
    const nav = await navigation();
    expect(nav.header).toContainEqual(link(category.name, `/category/${category.slug}`));
    expect(nav.footer).toEqual([]);
  });
});

describe('navigation: on every page at once', () => {
  it('GET /api/navigation and the pages are cached for visitors, and show a saved menu on the very next view', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const post = await createPost(author, category);
    const paths = ['/api/navigation', '/', `/details/${post.slug}`, `/category/${category.slug}`];
    for (const path of paths) await call(path);
    for (const path of paths) expect((await call(path)).headers.get('x-cache'), path).toBe('HIT');

    const label = `Menu ${uid()}`;
    const footerLabel = `Foot ${uid()}`;
    await json(await put(admin, { header: [link(label, '/about'), link('Out <there>', 'https://example.org/x')], footer: [link(footerLabel, '/privacy')] }));

    expect((await navigation()).header[0]!.label).toBe(label);
    for (const path of paths.slice(1)) {
      const res = await call(path);
      expect(res.headers.get('x-cache'), path).not.toBe('HIT');
      const html = await res.text();
      expect(html, path).toMatch(new RegExp(`<nav aria-label="Menu"[^>]*>.*<a href="/about"[^>]*>${label}</a>`));
      expect(html, path).toContain('<a href="https://example.org/x" rel="noopener">Out &lt;there&gt;</a>');
      expect(html, path).toMatch(new RegExp(`<nav aria-label="Footer">.*<a href="/privacy"[^>]*>${footerLabel}</a>`));
      // The saved header replaces the categories.
      expect(headerMenuOf(html), path).not.toContain(`/category/${category.slug}`);
    }
  });

  it('a site never saved shows its categories in the header of a page', async () => {
    const category = await createCategory();
    const html = await (await call('/search')).text();
    expect(headerMenuOf(html)).toMatch(new RegExp(`<a href="/category/${category.slug}"[^>]*>${category.name}</a>`));
    expect(html).not.toContain('aria-label="Footer"');
  });
});

describe('navigation in the API document', () => {
  it('lists GET /api/navigation (public) and PUT and DELETE /api/admin/navigation (admin)', async () => {
    const doc = await json<{ paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>> }>(await call('/api/openapi.json'));
    expect(doc.paths['/api/navigation']?.get?.security).toBeUndefined();
    expect(Object.keys(doc.paths['/api/admin/navigation']?.put?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403', '422']));
    expect(Object.keys(doc.paths['/api/admin/navigation']?.delete?.responses ?? {})).toEqual(expect.arrayContaining(['204', '401', '403']));
  });
});
