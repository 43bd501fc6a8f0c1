// Standalone pages' API (product.md §14, §19): `GET /api/pages/:slug` (published only for visitors) and
// `/api/admin/pages` — every rule and status: the guard, slugs (made, hand-set, taken, reserved, a route's
// first segment), versions, a published page's changed slug leaving a redirect, delete.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { PageList, Page } from '../../contracts/pages';
import { RESERVED_PAGE_WORDS, TAKEN_PAGE_SLUGS } from '../../contracts/page-slugs';
import { callAs, dbSnapshot } from './admin-kit';
import { ROLE_CONTRIBUTOR, ROLE_EDITOR } from '../../contracts/roles';
import { createAdmin, createUser, json, uid } from './factories';
import { call, expectError } from './helpers';
import { createPage, pageInput, pageRowCount, updatePage } from './pages-kit';

describe('GET /api/pages/:slug', () => {
  it('answers a published page in the contract shape, its body rendered at write time, the SEO fields unset', async () => {
    const admin = await createAdmin();
    const page = await createPage(admin, { body: 'Hello **there** <script>alert(1)</script>' });
    const got = await json<Page>(await call(`/api/pages/${page.slug}`));
    expect(Object.keys(got).sort()).toEqual(['body', 'bodyHtml', 'excerpt', 'seo', 'slug', 'status', 'title', 'updatedAt', 'version']);
    expect(got).toMatchObject({ slug: page.slug, title: page.title, status: 'published', version: 1 });
    expect(got.bodyHtml).toContain('<strong>there</strong>');
    expect(got.bodyHtml).not.toContain('<script>');
    expect(got.excerpt).toBe('Hello there <script>alert(1)</script>');
    expect(got.seo).toEqual({ title: null, description: null, image: null, canonicalUrl: null, noindex: false });
  });

  it('a draft is 404 to visitors and authors, and seen (never cached) by an admin', async () => {
    const [admin, author] = await Promise.all([createAdmin(), createUser()]);
    const draft = await createPage(admin, { status: 'draft' });
    await expectError(await call(`/api/pages/${draft.slug}`), 404, 'not_found');
    await expectError(await callAs(author, `/api/pages/${draft.slug}`), 404, 'not_found');
    const res = await callAs(admin, `/api/pages/${draft.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it('an editor manages pages too: writes a draft, sees it, and a contributor does not (pages.manage)', async () => {
    const [editor, contributor] = await Promise.all([createUser({ role: ROLE_EDITOR }), createUser({ role: ROLE_CONTRIBUTOR })]);
    const draft = await createPage(editor, { status: 'draft' });
    expect((await callAs(editor, `/api/pages/${draft.slug}`)).status).toBe(200);
    expect((await callAs(editor, `/api/admin/pages/${draft.slug}`)).status).toBe(200);
    await expectError(await callAs(contributor, `/api/pages/${draft.slug}`), 404, 'not_found');
    await expectError(await callAs(contributor, `/api/admin/pages/${draft.slug}`), 403, 'forbidden');
  });

  it('an unknown slug is 404 and a malformed one 400', async () => {
    await expectError(await call(`/api/pages/no-such-${uid()}`), 404, 'not_found');
    await expectError(await call('/api/pages/Not%20A%20Slug'), 400, 'bad_request');
  });
});

describe('the admin pages API guard', () => {
  it.each([
    ['GET', '/api/admin/pages'],
    ['POST', '/api/admin/pages'],
    ['GET', '/api/admin/pages/about'],
    ['PUT', '/api/admin/pages/about'],
    ['DELETE', '/api/admin/pages/about'],
  ])('%s %s: 401 for a visitor, 403 for an author, nothing written', async (method, path) => {
    const author = await createUser();
    const before = await pageRowCount();
    const body = method === 'POST' || method === 'PUT' ? { json: { ...pageInput(), version: 1 } } : {};
    await expectError(await callAs(null, path, { method, ...body }), 401, 'unauthenticated');
    await expectError(await callAs(author, path, { method, ...body }), 403, 'forbidden');
    expect(await pageRowCount()).toBe(before);
  });
});

describe('listing pages', () => {
  it('lists drafts too, newest change first, 25 a page, without bodies', async () => {
    const admin = await createAdmin();
    const draft = await createPage(admin, { status: 'draft' });
    const published = await createPage(admin);
    const list = await json<PageList>(await callAs(admin, '/api/admin/pages'));
    expect(list).toMatchObject({ page: 1, pageSize: 25 });
    expect(list.items.slice(0, 2).map((p) => p.slug)).toEqual([published.slug, draft.slug]);
    expect(Object.keys(list.items[0]!).sort()).toEqual(['slug', 'status', 'title', 'updatedAt', 'version']);
    await expectError(await callAs(admin, '/api/admin/pages?page=0'), 400, 'bad_request');
  });
});

describe('creating a page', () => {
  it('makes the slug from the title; a second page of that title gets -2', async () => {
    const admin = await createAdmin();
    const title = `Contact ${uid(6)}`;
    const first = await createPage(admin, { title });
    const second = await createPage(admin, { title });
    expect(first.slug).toBe(title.toLowerCase().replace(' ', '-'));
    expect(second.slug).toBe(`${first.slug}-2`);
  });

  it('a title whose slug the site keeps (Search, Admin) gets the first free numbered slug instead', async () => {
    const admin = await createAdmin();
    const page = await createPage(admin, { title: 'Search' });
    expect(page.slug).toMatch(/^search-\d+$/);
    expect((await json<Page>(await callAs(admin, `/api/admin/pages/${page.slug}`))).title).toBe('Search');
  });

  it('stores the SEO fields, trimmed, empty ones as null', async () => {
    const admin = await createAdmin();
    const seo = { title: ' Meta ', description: '', image: '/media/abc.png', canonicalUrl: 'https://elsewhere.example/about', noindex: true };
    const page = await createPage(admin, { seo });
    expect(page.seo).toEqual({ title: 'Meta', description: null, image: '/media/abc.png', canonicalUrl: 'https://elsewhere.example/about', noindex: true });
  });

  it('a taken hand-set slug is 409 fields.slug, nothing written', async () => {
    const admin = await createAdmin();
    const page = await createPage(admin);
    const before = await pageRowCount();
    const err = await expectError(await callAs(admin, '/api/admin/pages', { method: 'POST', json: pageInput({ slug: page.slug }) }), 409, 'conflict');
    expect(err.error.fields?.slug).toBeTruthy();
    expect(await pageRowCount()).toBe(before);
  });

  it.each(['admin', 'api', 'login', 'feed', 'rss', 'wp-admin', 'wp-login', 'sitemap', 'robots', 'favicon', 'search', 'category', 'details', 'media', 'assets', 'confirm-email', '404'])(
    'a hand-set slug the site keeps (%s) is 422 fields.slug, nothing written',
    async (slug) => {
      const admin = await createAdmin();
      const before = await dbSnapshot();
      const err = await expectError(await callAs(admin, '/api/admin/pages', { method: 'POST', json: pageInput({ slug }) }), 422, 'validation_failed');
      expect(err.error.fields?.slug).toMatch(/site itself/);
      expect(await dbSnapshot()).toEqual(before);
    },
  );

  it('the reserved slugs are every first path segment of the route table besides the reserved words', () => {
    for (const segment of ['category', 'tag', 'details', 'author', 'search', 'create-post', 'profile', 'login', 'register', 'forgot-password', 'reset-password', 'admin', 'feed', 'rss']) {
      expect(TAKEN_PAGE_SLUGS.has(segment), segment).toBe(true);
    }
    for (const word of RESERVED_PAGE_WORDS) expect(TAKEN_PAGE_SLUGS.has(word)).toBe(true);
    expect(TAKEN_PAGE_SLUGS.has('about')).toBe(false);
  });

  it.each([
    ['no title', { title: '' }, 'title'],
    ['a body too long', { body: 'x'.repeat(100_001) }, 'body'],
    ['publishing an empty body', { body: '  ', status: 'published' }, 'body'],
    ['an unknown status', { status: 'pending' }, 'status'],
    ['a malformed slug', { slug: 'Not a slug!' }, 'slug'],
    ['an http canonical URL', { seo: { canonicalUrl: 'http://x.example/' } }, 'seo.canonicalUrl'],
    ['an unknown field', { category: 'news' }, 'category'],
  ])('refuses %s with 422 naming the field, nothing written', async (_, overrides, field) => {
    const admin = await createAdmin();
    const before = await pageRowCount();
    const err = await expectError(await callAs(admin, '/api/admin/pages', { method: 'POST', json: { ...pageInput(), ...overrides } }), 422, 'validation_failed');
    expect(err.error.fields?.[field]).toBeTruthy();
    expect(await pageRowCount()).toBe(before);
  });
});

describe('changing a page', () => {
  it('takes the version it was read at and answers the next one; a stale version is 409 and changes nothing', async () => {
    const admin = await createAdmin();
    const page = await createPage(admin);
    const changed = await json<Page>(await updatePage(admin, page, { title: 'New title', body: 'New *body*' }));
    expect(changed).toMatchObject({ title: 'New title', version: 2, slug: page.slug });
    expect(changed.bodyHtml).toContain('<em>body</em>');
    await expectError(await updatePage(admin, page, { title: 'Stale' }), 409, 'conflict');
    expect((await json<Page>(await call(`/api/pages/${page.slug}`))).title).toBe('New title');
  });

  it('absent SEO keeps the stored fields; a field sent as empty clears it', async () => {
    const admin = await createAdmin();
    const page = await createPage(admin, { seo: { title: 'Kept', description: 'Cleared' } });
    const kept = await json<Page>(await updatePage(admin, page, { body: 'changed' }));
    expect(kept.seo).toMatchObject({ title: 'Kept', description: 'Cleared' });
    const cleared = await json<Page>(await updatePage(admin, kept, { seo: { description: '' } }));
    expect(cleared.seo).toMatchObject({ title: 'Kept', description: null });
  });

  it('a published page’s new slug: the old address answers 301 to the new one (a redirect of source slug)', async () => {
    const admin = await createAdmin();
    const page = await createPage(admin);
    const slug = `moved-${uid()}`;
    const moved = await json<Page>(await updatePage(admin, page, { slug }));
    expect(moved.slug).toBe(slug);
    const row = await env.DB.prepare('SELECT to_path, status, source FROM redirects WHERE from_path = ?').bind(`/${page.slug}`).first();
    expect(row).toEqual({ to_path: `/${slug}`, status: 301, source: 'slug' });
    const res = await call(`/${page.slug}`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/${slug}`);
    expect((await call(`/${slug}`)).status).toBe(200);
  });

  it('moving back to an old slug leaves no loop: the old address answers the page, the other redirects', async () => {
    const admin = await createAdmin();
    const page = await createPage(admin);
    const there = await json<Page>(await updatePage(admin, page, { slug: `there-${uid()}` }));
    const back = await json<Page>(await updatePage(admin, there, { slug: page.slug }));
    expect((await call(`/${back.slug}`)).status).toBe(200);
    const res = await call(`/${there.slug}`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/${page.slug}`);
  });

  it('a draft’s new slug leaves no redirect', async () => {
    const admin = await createAdmin();
    const page = await createPage(admin, { status: 'draft' });
    await json<Page>(await updatePage(admin, page, { slug: `draft-moved-${uid()}` }));
    expect(await env.DB.prepare('SELECT 1 FROM redirects WHERE from_path = ?').bind(`/${page.slug}`).first()).toBeNull();
  });

  it('a slug another page has is 409, a reserved one 422; nothing changes', async () => {
    const admin = await createAdmin();
    const [page, other] = await Promise.all([createPage(admin), createPage(admin)]);
    await expectError(await updatePage(admin, page, { slug: other.slug }), 409, 'conflict');
    await expectError(await updatePage(admin, page, { slug: 'login' }), 422, 'validation_failed');
    expect((await json<Page>(await callAs(admin, `/api/admin/pages/${page.slug}`))).version).toBe(1);
  });

  it('an unknown page is 404 for PUT, GET and DELETE', async () => {
    const admin = await createAdmin();
    const slug = `nothing-${uid()}`;
    await expectError(await callAs(admin, `/api/admin/pages/${slug}`), 404, 'not_found');
    await expectError(await callAs(admin, `/api/admin/pages/${slug}`, { method: 'PUT', json: { ...pageInput(), version: 1 } }), 404, 'not_found');
    await expectError(await callAs(admin, `/api/admin/pages/${slug}`, { method: 'DELETE' }), 404, 'not_found');
  });
});

describe('deleting a page', () => {
  it('answers 204; the page is gone for readers and the admin', async () => {
    const admin = await createAdmin();
    const page = await createPage(admin);
    expect((await callAs(admin, `/api/admin/pages/${page.slug}`, { method: 'DELETE' })).status).toBe(204);
    await expectError(await call(`/api/pages/${page.slug}`), 404, 'not_found');
    expect((await call(`/${page.slug}`)).status).toBe(404);
  });
});

describe('the API document', () => {
  it('lists the pages calls', async () => {
    const doc = await json<{ paths: Record<string, Record<string, unknown>> }>(await call('/api/openapi.json'));
    expect(Object.keys(doc.paths['/api/pages/{slug}'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/admin/pages'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/admin/pages/{slug}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
  });
});
