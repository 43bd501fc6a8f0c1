// The edge cache's pure rules: the allow-list, the session cookie test, keys, ETags, and the purge call
// (built, never sent: no test touches the network), plus: no purge call at all without configuration.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../worker/app';
import {
  cacheKeyUrl,
  contentStateUrl,
  hasSessionCookie,
  isCacheablePath,
  isStorable,
  matchesIfNoneMatch,
  purgeRequest,
  wantsFreshAnswer,
} from '../../worker/lib/edge-cache-policy';
import { ORIGIN } from './helpers';
import { createUser } from './factories';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the allow-list', () => {
  it('admits public pages, feeds and public API reads', () => {
    for (const path of [
      '/', '/category/news', '/tag/go', '/details/a-post', '/author/ann', '/search', '/404',
      '/rss.xml', '/category/news/rss.xml', '/tag/go/rss.xml', '/sitemap.xml', '/robots.txt',
      '/api/posts', '/api/posts/a-post', '/api/categories', '/api/categories/news', '/api/featured',
      '/api/users/ann', '/api/tags', '/api/tags/go',
    ]) {
      expect(isCacheablePath(path), path).toBe(true);
    }
  });

  it('refuses everything private, account-related, admin, media and unknown', () => {
    for (const path of [
      '/api/verify', '/api/auth/login', '/api/auth/register', '/api/profile', '/api/profile/password',
      '/api/admin/stats', '/api/admin/posts', '/api/admin/featured', '/api/media', '/api/posts/preview',
      '/api/posts/a/revisions', '/media/abc.png', '/profile', '/create-post', '/details/a/edit',
      '/admin/dashboard', '/login', '/register', '/category/a/b', '/__byline/generation', '/any/thing',
    ]) {
      expect(isCacheablePath(path), path).toBe(false);
    }
  });
});

describe('request and response rules', () => {
  it('finds the session cookie by name, with any value, and only it', () => {
    expect(hasSessionCookie(undefined)).toBe(false);
    expect(hasSessionCookie('theme=dark')).toBe(false);
    expect(hasSessionCookie('xbyline_session=1')).toBe(false);
    expect(hasSessionCookie('__Host-byline_session=')).toBe(true);
    expect(hasSessionCookie('a=1; byline_session=abc.def')).toBe(true);
    expect(hasSessionCookie('a=1;__Host-byline_session=x')).toBe(true);
  });

  it('no-cache in Cache-Control or Pragma asks for a fresh answer', () => {
    expect(wantsFreshAnswer(new Headers({ 'cache-control': 'max-age=0' }))).toBe(false);
    expect(wantsFreshAnswer(new Headers({ 'cache-control': 'max-age=0, No-Cache' }))).toBe(true);
    expect(wantsFreshAnswer(new Headers({ pragma: 'no-cache' }))).toBe(true);
  });

  it('stores 200, 301, 302 and 404 only, never with Set-Cookie, private or no-store', () => {
    expect(isStorable(new Response('x'))).toBe(true);
    expect(isStorable(new Response(null, { status: 301, headers: { location: '/x' } }))).toBe(true);
    expect(isStorable(new Response(null, { status: 302, headers: { location: '/x' } }))).toBe(true);
    expect(isStorable(new Response('x', { status: 404, headers: { 'cache-control': 'no-cache' } }))).toBe(true);
    expect(isStorable(new Response('x', { status: 500 }))).toBe(false);
    expect(isStorable(new Response('x', { headers: { 'set-cookie': 'a=1' } }))).toBe(false);
    expect(isStorable(new Response('x', { headers: { 'cache-control': 'private, no-store' } }))).toBe(false);
    expect(isStorable(new Response('x', { headers: { 'cache-control': 'public, no-store' } }))).toBe(false);
  });

  it('keys sort the query and sit under the version; If-None-Match compares weakly', () => {
    expect(cacheKeyUrl('https://b.test/api/posts?q=a&page=2', 'v1.5.9')).toBe('https://b.test/__byline/cache/v1.5.9/api/posts?page=2&q=a');
    expect(cacheKeyUrl('https://b.test/', 'v')).toBe('https://b.test/__byline/cache/v/');
    expect(matchesIfNoneMatch('"v1"', 'W/"v1"')).toBe(true);
    expect(matchesIfNoneMatch('W/"v0", W/"v1"', 'W/"v1"')).toBe(true);
    expect(matchesIfNoneMatch('*', 'W/"v1"')).toBe(true);
    expect(matchesIfNoneMatch('W/"v0"', 'W/"v1"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, 'W/"v1"')).toBe(false);
  });
});

describe('purging the content state at other locations', () => {
  it('is not configured without both a zone and a token', () => {
    expect(purgeRequest({}, ['https://b.test/__byline/generation'])).toBeNull();
    expect(purgeRequest({ zoneId: 'z' }, ['https://b.test/__byline/generation'])).toBeNull();
    expect(purgeRequest({ apiToken: 't' }, ['https://b.test/__byline/generation'])).toBeNull();
  });

  it("builds Cloudflare's purge-by-URL call for the content state URL", async () => {
    const req = purgeRequest({ zoneId: 'zone123', apiToken: 'tok' }, [contentStateUrl('https://b.test')])!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('https://api.cloudflare.com/client/v4/zones/zone123/purge_cache');
    expect(req.headers.get('authorization')).toBe('Bearer tok');
    expect(req.headers.get('content-type')).toBe('application/json');
    expect(await req.json()).toEqual({ files: ['https://b.test/__byline/generation'] });
  });

  it('a write makes no outgoing call when no zone is configured', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    const author = await createUser();
    const res = await createApp().request(
      `${ORIGIN}/api/profile`,
      { method: 'PATCH', headers: { cookie: author.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Quiet' }) },
      env,
    );
    expect(res.status).toBe(200);
    expect(spy).not.toHaveBeenCalled();
  });

  it('with a zone and a token, a write sends exactly that purge call (answered here, not by the network)', async () => {
    const sent: Request[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      sent.push(new Request(input, init));
      return Response.json({ success: true });
    });
    const author = await createUser();
    const res = await createApp().request(
      `${ORIGIN}/api/profile`,
      { method: 'PATCH', headers: { cookie: author.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Loud' }) },
      { ...env, CF_ZONE_ID: 'zone123', CF_API_TOKEN: 'tok' },
    );
    expect(res.status).toBe(200);
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual(['POST https://api.cloudflare.com/client/v4/zones/zone123/purge_cache']);
    expect(await sent[0]!.json()).toEqual({ files: [`${ORIGIN}/__byline/generation`] });
  });
});
