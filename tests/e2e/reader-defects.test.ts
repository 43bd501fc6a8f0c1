// Issue 8, readers: every kind of missing page stays the 404 page (with the site header) after
// hydration, page numbers past the end are 404s, and code blocks in a post are reachable by keyboard.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseURL, hydrated, launch, login, newContext, newPage } from './support/browser';
import { type Account, api, newAccount, newPost, sessionCookie } from './support/own-data';

interface CreatedPost {
  slug: string;
  title: string;
}

let browser: Browser;
let otherAuthor: Account;
let deleted: CreatedPost;
let draft: CreatedPost;
let scheduled: CreatedPost;
let withCode: CreatedPost;

beforeAll(async () => {
  browser = await launch();
  const author = await newAccount('author');
  otherAuthor = await newAccount('author');
  deleted = await newPost(author);
  await api('DELETE', `/api/posts/${deleted.slug}`, undefined, { as: await sessionCookie(author), status: 204 });
  draft = await newPost(author, { status: 'draft' });
  scheduled = await newPost(author, { publishedAt: new Date(Date.now() + 7 * 24 * 3_600_000).toISOString() });
  withCode = await newPost(author, {
    body: `Some code:\n\n\`\`\`ts\nconst aVeryLongLine = ${JSON.stringify('x'.repeat(400))}; // far wider than any screen\n\`\`\`\n\nAnd after it.`,
  });
});
afterAll(async () => {
  await browser?.close();
});

/** Opens `path`, lets the page hydrate and settle, and checks it is still the 404 page inside the default layout. */
async function expectNotFoundAfterHydration(context: BrowserContext, path: string): Promise<void> {
  const { page, errors } = await newPage(context);
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 }).textContent(), path).resolves.toBe('Page Not Found');
  await expect(page.locator('main code').textContent(), path).resolves.toBe(new URL(path, baseURL()).pathname);
  expect(await page.getByText('Something went wrong').count(), path).toBe(0);
  // the default layout is still there: the site header with its name and search, and the footer
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Byline', exact: true }).count(), path).resolves.toBe(1);
  await expect(banner.getByRole('search').count(), path).resolves.toBe(1);
  await expect(page.getByRole('contentinfo').count(), path).resolves.toBe(1);
  await expect(page.title(), path).resolves.toMatch(/^Page Not Found/);
  expect(errors, path).toEqual([]);
  await page.close();
}

describe('a missing page after hydration', () => {
  it('is the 404 page with the site header for a visitor: unknown post, category, author, a deleted post, a draft, a scheduled post', async () => {
    const context = await newContext(browser);
    for (const path of [
      '/details/nope',
      '/category/nope',
      '/author/nope',
      '/category/a_b',
      '/category/%ZZ',
      `/details/${deleted.slug}`,
      `/details/${draft.slug}`,
      `/details/${scheduled.slug}`,
      '/no/such/page',
      '/?page=999',
    ]) {
      await expectNotFoundAfterHydration(context, path);
    }
    await context.close();
  });

  it("is the 404 page with the site header for another author opening someone else's draft", async () => {
    const context = await newContext(browser);
    const { page } = await newPage(context);
    await login(page, otherAuthor);
    await page.close();
    await expectNotFoundAfterHydration(context, `/details/${draft.slug}`);
    await context.close();
  });

  it('is the 404 page after following an in-app link to a missing post, and the site keeps working', async () => {
    const context = await newContext(browser);
    const { page, errors } = await newPage(context);
    await page.goto('/');
    await hydrated(page);
    // client-side navigation: the loader fails in the browser, not on the server
    await page.evaluate((slug) => {
      const a = document.createElement('a');
      a.href = `/details/${slug}`;
      a.textContent = 'to the deleted post';
      document.querySelector('main')?.append(a);
    }, deleted.slug);
    await page.getByRole('link', { name: 'to the deleted post' }).click();
    await page.waitForURL(`${baseURL()}/details/${deleted.slug}`);
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Byline', exact: true }).count()).resolves.toBe(1);
    await page.getByRole('banner').getByRole('link', { name: 'Byline', exact: true }).click();
    await page.waitForURL(`${baseURL()}/`);
    await page.getByRole('heading', { name: 'Latest posts' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a post with a code block', () => {
  it('has no axe violations and its code block is reachable by keyboard', async () => {
    const context = await newContext(browser);
    const { page, errors } = await newPage(context);
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto(`/details/${withCode.slug}`);
    await hydrated(page);
    const pre = page.locator('.prose pre');
    expect(await pre.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect({ violations: await axeViolations(page) }).toEqual({ violations: [] });
    // Tab from the last link before the body (the author link) reaches the code block.
    await page.locator('.post-byline a[rel=author]').focus();
    let reached = false;
    for (let i = 0; i < 5 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await pre.evaluate((el) => document.activeElement === el);
    }
    expect(reached).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
