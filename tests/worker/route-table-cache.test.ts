// The edge cache's allow-list and its always-private rule are the route table's cache classes
// (contracts/routes.ts): asked through the real Worker, every public page, feed and public API read of the
// table is served through the cache, every guarded or account one never is.
import { describe, expect, it } from 'vitest';
import { buildPath } from '../../contracts/route-pattern';
import { API_ROUTES, DOCUMENT_ROUTES, PAGE_ROUTES, type PageRoute } from '../../contracts/routes';
import { isAlwaysPrivatePath, isCacheablePath } from '../../worker/lib/edge-cache-policy';
import { call } from './helpers';

/** An address of `pattern` with sample values: every `:param` and a `*` filled in. */
const sampleOf = (pattern: string): string => buildPath(pattern.replace('*', 'anything'), new Proxy({}, { get: () => 'sample-1' }));

const pages: readonly PageRoute[] = PAGE_ROUTES;
const publicPages = pages.filter((r) => r.guard === 'none' && r.kind === 'page');
const privatePages = pages.filter((r) => r.guard !== 'none');

describe('the cache policy is the route table', () => {
  it('every public page route is cacheable and every guarded one (account, editor, admin) is not', () => {
    expect(publicPages.map((r) => r.id)).toEqual(expect.arrayContaining(['home', 'category', 'tag', 'post', 'author', 'search']));
    for (const r of publicPages) expect(isCacheablePath(sampleOf(r.pattern)), r.pattern).toBe(true);
    expect(privatePages.length).toBeGreaterThan(20);
    for (const r of privatePages) expect(isCacheablePath(sampleOf(r.pattern)), r.pattern).toBe(false);
  });

  it('feeds, sitemaps, robots.txt and the public API reads are cacheable; account API paths are always private', () => {
    for (const r of DOCUMENT_ROUTES) expect(isCacheablePath(sampleOf(r.pattern)), r.pattern).toBe(true);
    for (const r of API_ROUTES) {
      const path = sampleOf(r.pattern);
      expect(isCacheablePath(path), path).toBe(r.cache === 'public');
      expect(isAlwaysPrivatePath(path), path).toBe(r.cache === 'private');
    }
    for (const path of ['/api/verify', '/api/auth', '/api/admin']) expect(isAlwaysPrivatePath(path), path).toBe(true);
    // Guarded pages too (decision 057): Workers Cache keys on no cookie, so a visitor's copy must never be kept.
    for (const path of ['/profile', '/login', '/admin/posts']) expect(isAlwaysPrivatePath(path), path).toBe(true);
    for (const path of ['/', '/api/posts', '/api/posts/preview', '/api/media', '/no/such/page']) expect(isAlwaysPrivatePath(path), path).toBe(false);
  });

  it('through the Worker, a visitor is served every public page from the cache and every guarded page never', { timeout: 30_000 }, async () => {
    const ask = (r: PageRoute, headers: Record<string, string> = {}) => call(sampleOf(r.pattern), { headers }).then((res) => [sampleOf(r.pattern), res] as const);
    for (const [path, res] of await Promise.all(publicPages.map((r) => ask(r, { 'cache-control': 'no-cache' })))) {
      expect(res.headers.get('x-cache'), `${path} → ${res.status}`).toBe('MISS');
    }
    for (const [path, res] of await Promise.all(privatePages.map((r) => ask(r)))) {
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get('x-cache'), path).toBe('BYPASS');
    }
  });
});
