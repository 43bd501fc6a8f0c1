// A built file that does not exist reaches the Worker (wrangler.toml's run_worker_first sends only a miss
// there, decision 031): its 404 is kept nowhere and carries the pages' security headers (issue 20, item 11).
// The whole path under `wrangler dev`, assets binding included, is tests/e2e/asset-headers.test.ts.
import { describe, expect, it } from 'vitest';
import { call } from './helpers';

describe('a missing /assets/* file', () => {
  it.each(['GET', 'HEAD', 'POST'])('%s answers 404 with Cache-Control: no-store, HSTS and nosniff, and never a page', async (method) => {
    const res = await call('/assets/entry-client-nope.js', { method, headers: { origin: 'https://byline.test' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  });
});
