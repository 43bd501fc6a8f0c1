// Issue 9, bytes: what a first-time visitor's browser downloads and asks for when opening a post —
// a JavaScript budget (gzipped, summed over every script response) and no session check that fails.
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, hydrated, launch, newContext } from './support/browser';

/** product.md §9 / issue 9 item 5: a first visit to a post ships at most this much JavaScript, gzipped. */
const JS_BUDGET_GZIP_BYTES = 60 * 1024;

let browser: Browser;
let postPath: string;

beforeAll(async () => {
  browser = await launch();
  const posts = (await (await fetch(`${baseURL()}/api/posts`)).json()) as { items: { slug: string }[] };
  expect(posts.items.length).toBeGreaterThan(0);
  postPath = `/details/${posts.items[0]!.slug}`;
});
afterAll(async () => {
  await browser?.close();
});

interface FirstVisit {
  page: Page;
  /** Every JavaScript response: path and gzipped size of its body. */
  scripts: Map<string, number>;
  /** Every /api/verify answer's status. */
  verify: number[];
  /** Every console error (including the browser's own "Failed to load resource") and page error. */
  errors: string[];
}

/** Opens `path` in a fresh browser profile (no cookies, no cache), lets it hydrate and settle. */
async function firstVisit(path: string): Promise<FirstVisit> {
  const context = await newContext(browser);
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  const verify: number[] = [];
  const errors: string[] = [];
  const bodies: Promise<void>[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname === '/api/verify') verify.push(res.status());
    const type = res.headers()['content-type'] ?? '';
    if (res.request().resourceType() === 'script' || /javascript/.test(type)) {
      bodies.push(
        res.body().then((b) => void scripts.set(url.pathname, gzipSync(b, { level: 9 }).byteLength)),
      );
    }
  });
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await Promise.all(bodies);
  return { page, scripts, verify, errors };
}

describe('a first visit to a post', () => {
  it(`ships at most ${JS_BUDGET_GZIP_BYTES / 1024} KiB of JavaScript, gzipped, and still hydrates into the SPA`, async () => {
    const { page, scripts, errors } = await firstVisit(postPath);
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    const report = [...scripts].map(([p, n]) => `${p} ${(n / 1024).toFixed(1)} KiB`).join(', ');
    expect(scripts.size).toBeGreaterThan(0);
    expect(total, `JavaScript shipped (gzip): ${(total / 1024).toFixed(1)} KiB — ${report}`).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES);
    // still the SPA: an in-app link navigates without a page load, and the admin code was never fetched
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.getByRole('banner').getByRole('link', { name: 'Byline', exact: true }).click();
    await page.waitForURL(`${baseURL()}/`);
    await page.getByRole('heading', { name: 'Latest posts' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect([...scripts.keys()].filter((p) => /admin|editor/.test(p))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('asks /api/verify nothing that fails, and logs no console error, for a visitor', async () => {
    const { verify, errors } = await firstVisit(postPath);
    expect(verify.filter((s) => s === 401)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
