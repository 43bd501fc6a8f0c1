// Built files under `wrangler dev` (issue 20, item 11): every asset carries HSTS and nosniff like the
// pages, a hashed file is cached for a year, and a missing one is a 404 nobody keeps.
import { describe, expect, it } from 'vitest';
import { baseURL } from './support/browser';

/** The HSTS a page carries (worker/middleware/security-headers.ts): assets must say the same. */
async function pageHsts(): Promise<string> {
  const hsts = (await fetch(`${baseURL()}/`)).headers.get('strict-transport-security');
  expect(hsts).toMatch(/^max-age=\d+/);
  return hsts!;
}

async function firstScriptOfHome(): Promise<string> {
  const html = await (await fetch(`${baseURL()}/`)).text();
  const src = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(src, 'the home page names its script').toBeDefined();
  return src!;
}

describe('built assets', () => {
  it('a hashed asset and the favicon carry Strict-Transport-Security and nosniff; the asset is immutable', async () => {
    const HSTS = await pageHsts();
    const script = await fetch(`${baseURL()}${await firstScriptOfHome()}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const favicon = await fetch(`${baseURL()}/favicon.svg`);
    expect(favicon.status).toBe(200);
    for (const res of [script, favicon]) {
      expect(res.headers.get('strict-transport-security')).toBe(HSTS);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('a missing asset is a 404 with Cache-Control: no-store (never immutable), HSTS and nosniff', async () => {
    const HSTS = await pageHsts();
    for (const path of ['/assets/nope.js', '/assets/entry-client-00000000.css', '/assets/deep/nope.png']) {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(`${baseURL()}${path}`, { method });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.headers.get('cache-control'), `${method} ${path}`).toBe('no-store');
        expect(res.headers.get('strict-transport-security')).toBe(HSTS);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      }
    }
  });

  it('the client manifest stays behind the Worker (decision 001): never served raw', async () => {
    const res = await fetch(`${baseURL()}/manifest.json`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).not.toContain('json');
    expect(await res.text()).not.toContain('"file"');
  });
});
