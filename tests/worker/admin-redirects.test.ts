// `/api/admin/redirects` (product.md §14, §19): list, add, remove; every rule for `from` and `to`, loops
// refused, chains collapsed both ways, and the guard.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ListPage } from '../../contracts/list-page';
import type { Redirect } from '../../contracts/redirects';
import { callAs } from './admin-kit';
import { expectError } from './helpers';
import { createAdmin, createUser, json, uid, type TestUser } from './factories';

const add = (admin: TestUser, body: unknown) => callAs(admin, '/api/admin/redirects', { method: 'POST', json: body });

async function redirectRows(prefix: string) {
  const { results } = await env.DB.prepare('SELECT from_path, to_path, status, source FROM redirects WHERE from_path LIKE ? ORDER BY from_path')
    .bind(`${prefix}%`)
    .all<{ from_path: string; to_path: string; status: number; source: string }>();
  return results.map((r) => `${r.from_path} -> ${r.to_path} ${r.status} ${r.source}`);
}

const redirectCount = async () => (await env.DB.prepare('SELECT count(*) AS n FROM redirects').first<{ n: number }>())!.n;

describe('adding a redirect', () => {
  it('answers 201 with the redirect, its from without trailing slash, 301 by default, source manual; the list shows it', async () => {
    const admin = await createAdmin();
    const from = `/old-${uid()}`;
    const { redirect } = await json<{ redirect: Redirect }>(await add(admin, { from: `${from}/`, to: '/details/new-home/' }), 201);
    expect(redirect).toMatchObject({ from, to: '/details/new-home', status: 301, source: 'manual' });
    expect(Number.isInteger(redirect.id)).toBe(true);
    const list = await json<ListPage<Redirect>>(await callAs(admin, '/api/admin/redirects'));
    expect(list.items[0]).toEqual(redirect);
    expect(list).toMatchObject({ page: 1, pageSize: 25 });
    expect(list.total).toBeGreaterThanOrEqual(1);
  });

  it('takes a 302 to an https URL, and WordPress /?p=ID on the home page', async () => {
    const admin = await createAdmin();
    const from = `/moved-${uid()}`;
    const { redirect } = await json<{ redirect: Redirect }>(await add(admin, { from, to: 'https://elsewhere.example/a?b=1#c', status: 302 }), 201);
    expect(redirect).toMatchObject({ from, to: 'https://elsewhere.example/a?b=1#c', status: 302 });
    const id = String(1 + Math.floor(Math.random() * 1e9));
    const post = await json<{ redirect: Redirect }>(await add(admin, { from: `/?p=${id}`, to: `/details/post-${id}` }), 201);
    expect(post.redirect.from).toBe(`/?p=${id}`);
  });

  it.each([
    ['a scheme and host', 'https://byline.test/old'],
    ['a host without scheme', '//evil.example/old'],
    ['a relative path', 'old-page'],
    ['a query other than ?p=ID', '/old?id=3'],
    ['?p=ID off the home page', '/blog?p=3'],
    ['?p= without digits', '/?p=abc'],
    ['the home page itself', '/'],
    ['a fragment', '/old#top'],
    ['a backslash', '/old\\path'],
    ['a space', '/old path'],
    ['an API path', '/api/posts'],
    ['nothing', ''],
    ['an over-long path', `/${'a'.repeat(1001)}`],
  ])('refuses a from with %s (422, nothing written)', async (_, from) => {
    const admin = await createAdmin();
    const before = await redirectCount();
    const body = await expectError(await add(admin, { from, to: '/details/x' }), 422, 'validation_failed');
    expect(Object.keys(body.error.fields ?? {})).toEqual(['from']);
    expect(await redirectCount()).toBe(before);
  });

  it.each([
    ['an http URL', 'http://elsewhere.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a host without scheme', '//evil.example/'],
    ['a relative path', 'somewhere'],
    ['a broken https URL', 'https://'],
    ['nothing', ''],
  ])('refuses a to of %s (422, nothing written)', async (_, to) => {
    const admin = await createAdmin();
    const before = await redirectCount();
    const body = await expectError(await add(admin, { from: `/x-${uid()}`, to }), 422, 'validation_failed');
    expect(Object.keys(body.error.fields ?? {})).toEqual(['to']);
    expect(await redirectCount()).toBe(before);
  });

  it('refuses a status other than 301 or 302, an unknown field, and a body that is not JSON', async () => {
    const admin = await createAdmin();
    const from = `/s-${uid()}`;
    const status = await expectError(await add(admin, { from, to: '/', status: 303 }), 422, 'validation_failed');
    expect(Object.keys(status.error.fields ?? {})).toEqual(['status']);
    const extra = await expectError(await add(admin, { from, to: '/', source: 'import' }), 422, 'validation_failed');
    expect(Object.keys(extra.error.fields ?? {})).toEqual(['source']);
    const broken = await callAs(admin, '/api/admin/redirects', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } });
    await expectError(broken, 400, 'bad_request');
    expect(await redirectRows(from)).toEqual([]);
  });

  it('refuses a from that already redirects (409 on from)', async () => {
    const admin = await createAdmin();
    const from = `/taken-${uid()}`;
    await json(await add(admin, { from, to: '/a' }), 201);
    const body = await expectError(await add(admin, { from: `${from}/`, to: '/b' }), 409, 'conflict');
    expect(Object.keys(body.error.fields ?? {})).toEqual(['from']);
    expect(await redirectRows(from)).toEqual([`${from} -> /a 301 manual`]);
  });

  it('refuses a loop: to itself (with or without slash), or to an address that leads back (422 on to)', async () => {
    const admin = await createAdmin();
    const p = `/loop-${uid()}`;
    await expectError(await add(admin, { from: `${p}/a`, to: `${p}/a/` }), 422, 'validation_failed');
    await json(await add(admin, { from: `${p}/b`, to: `${p}/a` }), 201);
    const body = await expectError(await add(admin, { from: `${p}/a`, to: `${p}/b` }), 422, 'validation_failed');
    expect(Object.keys(body.error.fields ?? {})).toEqual(['to']);
    expect(await redirectRows(p)).toEqual([`${p}/b -> ${p}/a 301 manual`]);
  });

  it('collapses chains: a → b with b → c stores a → c, and x → a becomes x → c', async () => {
    const admin = await createAdmin();
    const p = `/chain-${uid()}`;
    await json(await add(admin, { from: `${p}/b`, to: `${p}/c` }), 201);
    await json(await add(admin, { from: `${p}/x`, to: `${p}/a/`, status: 302 }), 201);
    const { redirect } = await json<{ redirect: Redirect }>(await add(admin, { from: `${p}/a`, to: `${p}/b` }), 201);
    expect(redirect.to).toBe(`${p}/c`);
    expect(await redirectRows(p)).toEqual([`${p}/a -> ${p}/c 301 manual`, `${p}/b -> ${p}/c 301 manual`, `${p}/x -> ${p}/c 302 manual`]);
  });
});

describe('listing and removing redirects', () => {
  it('removes a redirect (204), then answers 404 for it; a non-numeric id is 400', async () => {
    const admin = await createAdmin();
    const from = `/gone-${uid()}`;
    const { redirect } = await json<{ redirect: Redirect }>(await add(admin, { from, to: '/' }), 201);
    const res = await callAs(admin, `/api/admin/redirects/${redirect.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await redirectRows(from)).toEqual([]);
    await expectError(await callAs(admin, `/api/admin/redirects/${redirect.id}`, { method: 'DELETE' }), 404, 'not_found');
    await expectError(await callAs(admin, '/api/admin/redirects/abc', { method: 'DELETE' }), 400, 'bad_request');
  });

  it('pages the list (page 2 skips the first page) and refuses a bad page (400)', async () => {
    const admin = await createAdmin();
    const p = `/paged-${uid()}`;
    for (let i = 0; i < 26; i += 1) await json(await add(admin, { from: `${p}/${i}`, to: '/' }), 201);
    const second = await json<ListPage<Redirect>>(await callAs(admin, '/api/admin/redirects?page=2'));
    expect(second.page).toBe(2);
    expect(second.items.length).toBeGreaterThanOrEqual(1);
    const first = await json<ListPage<Redirect>>(await callAs(admin, '/api/admin/redirects'));
    expect(first.items.map((r) => r.id)).not.toContain(second.items[0]!.id);
    await expectError(await callAs(admin, '/api/admin/redirects?page=0'), 400, 'bad_request');
  });

  it('answers 401 to a visitor and 403 to an author on every call, writing nothing', async () => {
    const author = await createUser();
    const before = await redirectCount();
    for (const who of [null, author]) {
      const code = who ? 'forbidden' : 'unauthenticated';
      const status = who ? 403 : 401;
      await expectError(await callAs(who, '/api/admin/redirects'), status, code);
      await expectError(await callAs(who, '/api/admin/redirects', { method: 'POST', json: { from: '/x', to: '/' } }), status, code);
      await expectError(await callAs(who, '/api/admin/redirects/1', { method: 'DELETE' }), status, code);
    }
    expect(await redirectCount()).toBe(before);
  });
});

describe('the /admin/redirects page', () => {
  it('is rendered on the server for an admin with the redirect in its list; an author is refused', async () => {
    const admin = await createAdmin();
    const from = `/page-${uid()}`;
    await json(await add(admin, { from, to: '/details/landing' }), 201);
    const res = await callAs(admin, '/admin/redirects');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<code>${from}</code>`);
    expect(html).toContain('Add a redirect');
    expect((await callAs(await createUser(), '/admin/redirects')).status).not.toBe(200);
  });
});
