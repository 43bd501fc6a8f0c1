// The edge cache's HTTP face: ETag and 304, what browsers are told, cached pages served byte for byte
// under a CSP naming their inline scripts' hashes,
// security headers on every answer, and `Cache-Control: no-cache` skipping the cached copy.
import { describe, expect, it } from 'vitest';
import { callAs } from './admin-kit';
import { call } from './helpers';
import { createCategory, createPost, createUser, updateOf } from './factories';

const cacheOf = (res: Response) => res.headers.get('x-cache');

const scriptSrcOf = (res: Response): string[] =>
  /(?:^|;\s*)script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')![1]!.trim().split(/\s+/);

async function sha256Source(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/** The bodies of the inline scripts a browser would run (not src scripts, not JSON data blocks). */
const executableInlineScripts = (html: string): string[] =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !/\bsrc=/i.test(attrs!) && !/type="application\/(ld\+)?json"/i.test(attrs!))
    .map(([, , body]) => body!);

function expectSecurityHeaders(res: Response): void {
  expect(res.headers.get('strict-transport-security')).toContain('max-age=31536000');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
}

describe('cached pages: the stored bytes, a CSP of hashes', () => {
  it('a hit is byte for byte the miss, and every inline script it runs is allowed by its hash in the CSP', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    for (const path of ['/', `/details/${post.slug}`, `/category/${category.slug}`, '/404']) {
      const miss = await call(path, { headers: { 'cache-control': 'no-cache' } });
      expect(cacheOf(miss), path).toBe('MISS');
      const missHtml = await miss.text();
      const hit = await call(path);
      expect(cacheOf(hit), path).toBe('HIT');
      expect(await hit.text(), path).toBe(missHtml);
      expect(hit.headers.get('content-security-policy'), path).toBe(miss.headers.get('content-security-policy'));
      expectSecurityHeaders(hit);
      expect(hit.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

      const scriptSrc = scriptSrcOf(hit);
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      expect(scriptSrc.some((s) => s.startsWith("'nonce-")), path).toBe(false);
      expect(missHtml, path).not.toMatch(/\snonce=/);
      const scripts = executableInlineScripts(missHtml);
      if (path !== '/404') expect(scripts.length, path).toBeGreaterThan(0); // the theme script
      for (const script of scripts) expect(scriptSrc, path).toContain(await sha256Source(script));
    }
  });
});

describe('ETag and If-None-Match', () => {
  it('a miss and a hit carry the same ETag; If-None-Match answers 304 with no body, for a hit and a miss alike', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    // The API read first: rendering the page reads it in-process, which stores it too.
    for (const path of [`/api/posts/${post.slug}`, `/details/${post.slug}`, '/rss.xml', '/sitemap.xml', '/robots.txt', `/category/${category.slug}`]) {
      const miss = await call(path);
      expect(cacheOf(miss), path).toBe('MISS');
      const etag = miss.headers.get('etag');
      expect(etag, path).toMatch(/^W\/".+"$/);
      expect(miss.headers.get('cache-control'), path).toBe('public, no-cache');
      const hit = await call(path);
      expect(cacheOf(hit), path).toBe('HIT');
      expect(hit.headers.get('etag'), path).toBe(etag);
      expect(hit.headers.get('cache-control'), path).toBe('public, no-cache');

      const notModified = await call(path, { headers: { 'if-none-match': etag! } });
      expect(notModified.status, path).toBe(304);
      expect(await notModified.text(), path).toBe('');
      expect(notModified.headers.get('etag'), path).toBe(etag);
      // The policy is the same for every answer of a deployment (hashes, no nonce), so a 304 may carry it.
      expect(notModified.headers.get('content-security-policy'), path).toBe(hit.headers.get('content-security-policy'));
      expectSecurityHeaders(notModified);
    }
    // The ETag names the content version: a browser holding this version's copy gets a 304 even where
    // this location has no copy stored (a miss answers 304 without rendering).
    const etag = (await call(`/api/posts?category=${category.slug}&page=1`)).headers.get('etag')!;
    const neverRead = await call(`/api/categories/${category.slug}`, { headers: { 'if-none-match': `"x", ${etag}` } });
    expect(neverRead.status).toBe(304);
    // The query is sorted in the key: the same list asked with its parameters the other way round is a hit.
    expect(cacheOf(await call(`/api/posts?page=1&category=${category.slug}`))).toBe('HIT');
  });

  it('after a write, the old ETag gets the new answer (200) with a new ETag', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category, { title: 'Before the edit' });
    const path = `/details/${post.slug}`;
    const before = await call(path);
    const etag = before.headers.get('etag')!;
    await before.text();
    const put = await callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { title: 'After the edit' }) });
    expect(put.status).toBe(200);
    const after = await call(path, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(await after.text()).toContain('After the edit');
  });

  it('a signed-in request with a matching If-None-Match still gets its own full answer', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    const etag = (await call(`/details/${post.slug}`)).headers.get('etag')!;
    const res = await callAs(author, `/details/${post.slug}`, { headers: { 'if-none-match': etag } });
    expect(res.status).toBe(200);
    expect(cacheOf(res)).toBe('BYPASS');
  });
});

describe('request Cache-Control: no-cache', () => {
  it('skips the cached copy (MISS) and stores the fresh answer for the next visitor', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    const path = `/api/posts/${post.slug}`;
    await call(path);
    expect(cacheOf(await call(path))).toBe('HIT');
    expect(cacheOf(await call(path, { headers: { 'cache-control': 'no-cache' } }))).toBe('MISS');
    expect(cacheOf(await call(path, { headers: { pragma: 'no-cache' } }))).toBe('MISS');
    expect(cacheOf(await call(path))).toBe('HIT');
  });

  it('HEAD is answered from the cache too, without a body', async () => {
    await call('/robots.txt');
    const head = await call('/robots.txt', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(cacheOf(head)).toBe('HIT');
    expect(await head.text()).toBe('');
  });
});
