// Redirects at work (product.md §14): consulted only where a page would answer 404 (the renderer's 404 and
// the static one) and for /?p=ID on the home page; cached for visitors, fresh after every redirect write.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { callAs } from './admin-kit';
import { call, ORIGIN } from './helpers';
import { createAdmin, createCategory, createPost, createUser, json, uid } from './factories';

const cacheOf = (res: Response) => res.headers.get('x-cache');

async function addRedirect(from: string, to: string, status: 301 | 302 = 301): Promise<number> {
  const admin = await createAdmin();
  const { redirect } = await json<{ redirect: { id: number } }>(await callAs(admin, '/api/admin/redirects', { method: 'POST', json: { from, to, status } }), 201);
  return redirect.id;
}

describe('a request where a page would answer 404', () => {
  it('follows a redirect from an address no route names, with or without its trailing slash', async () => {
    const from = `/2019/05/old-${uid()}`;
    await addRedirect(`${from}/`, '/details/new-home');
    for (const path of [from, `${from}/`, `${from}//`]) {
      const res = await call(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location'), path).toBe('/details/new-home');
    }
  });

  it('answers the stored status: a 302 to an https URL', async () => {
    const from = `/tmp-${uid()}`;
    await addRedirect(from, 'https://elsewhere.example/there', 302);
    const res = await call(from);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://elsewhere.example/there');
  });

  it('follows a redirect from a public route whose slug names nothing (a post, a category)', async () => {
    const gonePost = `/details/gone-${uid()}`;
    const goneCategory = `/category/gone-${uid()}`;
    await addRedirect(gonePost, '/');
    await addRedirect(goneCategory, '/search');
    expect((await call(gonePost)).headers.get('location')).toBe('/');
    expect((await call(goneCategory)).headers.get('location')).toBe('/search');
  });

  it('never redirects an address that answers: a live post wins over a redirect from it', async () => {
    const post = await createPost(await createUser(), await createCategory());
    await addRedirect(`/details/${post.slug}`, '/search');
    expect((await call(`/details/${post.slug}`)).status).toBe(200);
  });

  it('follows a redirect on a request the page renderer does not take (the static 404)', async () => {
    const from = `/form-${uid()}`;
    await addRedirect(from, '/details/x', 302);
    const res = await call(from, { method: 'POST', body: 'a=1', headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/details/x');
  });

  it('answers 404 as before where no redirect matches', async () => {
    expect((await call(`/nothing-${uid()}`)).status).toBe(404);
    expect((await call(`/details/nothing-${uid()}`)).status).toBe(404);
  });
});

describe('/?p=ID on the home page', () => {
  it('redirects a WordPress post id that has a redirect; any other query shows the home page', async () => {
    const id = String(1 + Math.floor(Math.random() * 1e9));
    await addRedirect(`/?p=${id}`, '/details/imported');
    const res = await call(`/?p=${id}`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/details/imported');
    expect((await call(`/?p=${id}1`)).status).toBe(200);
    expect((await call('/?p=abc')).status).toBe(200);
  });
});

describe('redirects and the edge cache', () => {
  it('a visitor gets a stored redirect from the cache, and the 404 again at once after it is removed', async () => {
    const from = `/cached-${uid()}`;
    const id = await addRedirect(from, '/search');
    const first = await call(from);
    expect([first.status, cacheOf(first)]).toEqual([301, 'MISS']);
    const second = await call(from);
    expect([second.status, cacheOf(second), second.headers.get('location')]).toEqual([301, 'HIT', '/search']);
    const admin = await createAdmin();
    expect((await callAs(admin, `/api/admin/redirects/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(from)).status).toBe(404);
  });

  it('a cached 404 of a public route turns into the redirect at once after it is added', async () => {
    const path = `/tag/renamed-${uid()}`;
    await call(path);
    const cached = await call(path);
    expect([cached.status, cacheOf(cached)]).toEqual([404, 'HIT']);
    await addRedirect(path, '/search');
    const moved = await call(path);
    expect([moved.status, moved.headers.get('location')]).toEqual([301, '/search']);
  });

  it('never stores the 404 of an address no route names', async () => {
    const path = `/unnamed-${uid()}`;
    await call(path);
    const again = await call(path);
    expect([again.status, cacheOf(again)]).toEqual([404, 'MISS']);
  });

  it('a signed-in reader gets the redirect private, no-store', async () => {
    const from = `/mine-${uid()}`;
    await addRedirect(from, '/search');
    const res = await callAs(await createUser(), from);
    expect(res.status).toBe(301);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('a redirect write raises the content generation', async () => {
    const generation = async () => (await env.DB.prepare('SELECT generation FROM site_state WHERE id = 1').first<{ generation: number }>())!.generation;
    const before = await generation();
    await addRedirect(`/gen-${uid()}`, '/');
    expect(await generation()).toBeGreaterThan(before);
  });
});
