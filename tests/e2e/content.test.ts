// Issue 3 journeys in real Chromium: writing, reading, feeds, server rendering and accessibility.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  baseURL,
  hydrated,
  launch,
  login,
  newContext,
  newPage,
  setThemeBeforeLoad,
} from './support/browser';
import { PUBLIC_PAGE_SIZE } from '../../contracts/list-page';
import { type Account, newAccount, newCategory, newPost } from './support/own-data';
import { tinyPng } from './support/png';

interface Summary {
  slug: string;
  title: string;
  category: { slug: string; name: string };
  author: { username: string; name: string };
}

let browser: Browser;
let sample: Summary;
let author: Account;

beforeAll(async () => {
  browser = await launch();
  // Posts of this file's own, one more than a page, so / has a page 2 whatever else the site holds.
  author = await newAccount('author');
  const category = (await newCategory()).slug;
  const body = 'A post of its own, written for the browser tests to read.\n\nIts second paragraph.';
  for (let i = 0; i <= PUBLIC_PAGE_SIZE; i++) sample = await newPost<Summary>(author, { category, body });
});
afterAll(async () => {
  await browser?.close();
});

describe('an author', () => {
  it('writes a draft with the preview, uploads a cover, publishes, finds it everywhere, edits it and deletes it', async () => {
    const context = await newContext(browser);
    const { page, errors } = await newPage(context);
    await login(page, author);
    const title = `Field notes on edge caching ${Date.now()}`;

    await page.goto('/create-post');
    await hydrated(page);
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Category').selectOption({ index: 1 });
    await page.getByLabel('Body (Markdown)').fill('## Why it matters\n\nA **zeppelin** of cached bytes.\n\n- one\n- two');
    const preview = page.locator('.preview .prose');
    await preview.locator('h2', { hasText: 'Why it matters' }).waitFor();
    await expect(preview.locator('strong').textContent()).resolves.toBe('zeppelin');

    await page.getByLabel('Upload image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: tinyPng() });
    await page.getByAltText('Cover preview').waitFor();
    expect(await page.getByLabel('Cover image URL').inputValue()).toMatch(/^\/media\//);

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved.').waitFor();
    await page.waitForURL(/\/details\/[a-z0-9-]+\/edit$/);
    const slug = new URL(page.url()).pathname.split('/')[2] as string;

    // a draft is not public
    const draftAnon = await fetch(`${baseURL()}/details/${slug}`);
    expect(draftAnon.status).toBe(404);

    await page.getByRole('button', { name: 'Publish now' }).click();
    // The pre-publish check lists the cover without alt text and the missing excerpt (decision 061).
    await page.getByRole('button', { name: 'Publish anyway' }).click();
    await page.getByText('Published.').waitFor();

    await page.goto('/');
    await page.getByRole('link', { name: title }).first().waitFor();
    const category = await (await fetch(`${baseURL()}/api/posts/${slug}`)).json() as { post: Summary };
    await page.goto(`/category/${category.post.category.slug}`);
    await page.getByRole('link', { name: title }).waitFor();
    await page.goto('/search?q=zeppelin');
    await page.getByRole('link', { name: title }).waitFor();
    await expect(page.locator('.snippet mark').first().textContent()).resolves.toMatch(/zeppelin/i);

    await page.goto(`/details/${slug}/edit`);
    await hydrated(page);
    await page.getByLabel('Title').fill(`${title} (revised)`);
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Published.').waitFor();
    await page.goto(`/details/${slug}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(`${title} (revised)`);

    await page.getByRole('link', { name: 'Edit' }).click();
    await hydrated(page);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete post' }).click();
    await page.waitForURL(`${baseURL()}/profile`);
    // The profile says what happened, as the admin's post list does after a delete.
    await page.getByRole('status').filter({ hasText: 'was deleted' }).waitFor();
    expect((await fetch(`${baseURL()}/details/${slug}`)).status).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is warned before leaving the editor with unsaved changes', async () => {
    const context = await newContext(browser);
    const { page } = await newPage(context);
    await login(page, author);
    await page.goto('/create-post');
    await hydrated(page);
    await page.getByLabel('Title').fill('Something unsaved');
    let asked = '';
    page.once('dialog', async (dialog) => {
      asked = dialog.message();
      await dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Byline' }).first().click();
    await expect.poll(() => asked).toContain('unsaved changes');
    expect(new URL(page.url()).pathname).toBe('/create-post');
    await context.close();
  });
});

describe('a visitor', () => {
  it('reads a post, pages through /, follows an author link and opens the feed', async () => {
    const context = await newContext(browser);
    const { page, errors } = await newPage(context);
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('link', { name: 'Older →' }).click();
    await page.waitForURL(`${baseURL()}/?page=2`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('page 2');
    await page.getByRole('link', { name: '← Newer' }).click();
    await page.waitForURL(`${baseURL()}/`);

    await page.goto(`/details/${sample.slug}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(sample.title);
    await expect(page.locator('time[datetime]').count()).resolves.toBeGreaterThan(0);
    await expect(page.title()).resolves.toContain(sample.title);
    await page.getByRole('link', { name: sample.author.name, exact: true }).first().click();
    await page.waitForURL(`${baseURL()}/author/${sample.author.username}`);
    // The URL changes when navigation starts; the author's page renders once its data has loaded.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(sample.author.name);

    const rss = await page.goto('/rss.xml');
    expect(rss?.headers()['content-type']).toContain('xml');
    expect(await rss?.text()).toContain('<rss');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("gets the post's body in the first HTML response, before any script", async () => {
    const html = await (await fetch(`${baseURL()}/details/${sample.slug}`)).text();
    const post = (await (await fetch(`${baseURL()}/api/posts/${sample.slug}`)).json()) as { post: { bodyHtml: string } };
    const firstParagraph = /<p>(.{20,80}?)[<\n]/.exec(post.post.bodyHtml)?.[1] ?? '';
    expect(firstParagraph.length).toBeGreaterThan(10);
    expect(html).toContain(firstParagraph);
    expect(html).toContain('application/ld+json');
    expect(html).toContain('<meta property="og:title"');
  });

  it('downloads no editor or admin code on a public page', async () => {
    const context = await newContext(browser);
    const { page } = await newPage(context);
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto('/');
    await hydrated(page);
    await page.goto(`/details/${sample.slug}`);
    await hydrated(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /admin|editor|dashboard|featured-page|users-page/.test(s))).toEqual([]);
    await context.close();
  });
});

describe('accessibility of reading and writing screens', () => {
  const publicPaths = () => [
    '/',
    `/category/${sample.category.slug}`,
    `/details/${sample.slug}`,
    `/author/${sample.author.username}`,
    '/search?q=the',
  ];
  const privatePaths = () => ['/create-post', '/profile', '/profile/edit'];
  for (const theme of ['dark', 'light'] as const) {
    it(`axe finds no violations on the public screens in the ${theme} theme`, async () => {
      const context = await newContext(browser);
      await setThemeBeforeLoad(context, theme);
      const { page } = await newPage(context);
      for (const path of publicPaths()) {
        await page.goto(path);
        await hydrated(page);
        expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
      }
      await context.close();
    });

    it(`axe finds no violations on the author's screens in the ${theme} theme`, async () => {
      const context = await newContext(browser);
      await setThemeBeforeLoad(context, theme);
      const { page } = await newPage(context);
      await login(page, author);
      const own = (await (await page.request.get('/api/profile')).json()) as { posts: { items: { slug: string }[] } };
      for (const path of [...privatePaths(), `/details/${own.posts.items[0]?.slug}/edit`]) {
        await page.goto(path);
        await hydrated(page);
        expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
      }
      await context.close();
    });
  }
});
