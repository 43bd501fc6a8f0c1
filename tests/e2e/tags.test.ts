// Issue 11, tags on the reader's side and in the admin, in real Chromium: chips on a post lead to the tag's
// page (its posts, 12 a page, its feed), unknown tags are the 404 page, and an admin renames, merges and
// deletes tags at /admin/tags; both pages are axe-clean in both themes and fit a phone.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseURL, hydrated, launch, login, newPage, setThemeBeforeLoad, uniqueName, createPostViaApi } from './support/browser';
import { type Account, newAccount, newCategory } from './support/own-data';

const PHONE = { width: 390, height: 844 };

interface Created {
  slug: string;
  title: string;
  tags: { slug: string; name: string }[];
}

let browser: Browser;
/** One tag on 13 posts (two pages), a second tag on one of them, and a third tag on its own post. */
let main: { name: string; slug: string };
let second: { name: string; slug: string };
let third: { name: string; slug: string };
let tagged: Created;
let category: string;
let admin: Account;

async function adminPage(viewport?: { width: number; height: number }, theme?: 'dark' | 'light'): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseURL(), ...(viewport ? { viewport } : {}) });
  if (theme) await setThemeBeforeLoad(context, theme);
  const { page, errors } = await newPage(context);
  await login(page, admin);
  return { context, page, errors };
}

async function createPost(page: Page, title: string, tags: string[]): Promise<Created> {
  return createPostViaApi<Created>(page, { title, body: `A post about ${tags.join(' and ')}.`, category, status: 'published', tags });
}

beforeAll(async () => {
  browser = await launch();
  admin = await newAccount('admin');
  category = (await newCategory()).slug;
  const { context, page } = await adminPage();
  // "Aa…" sorts these first in the admin's list (by name), whatever other tags the site holds.
  const names = [uniqueName('Aa Main'), uniqueName('Aa Second'), uniqueName('Aa Third')];
  for (let i = 0; i < 12; i++) await createPost(page, `${names[0]} post ${i + 1}`, [names[0]!]);
  tagged = await createPost(page, `${names[0]} and ${names[1]}`, [names[0]!, names[1]!]);
  const alone = await createPost(page, `${names[2]} alone`, [names[2]!]);
  [main, second] = tagged.tags.map((t) => ({ name: t.name, slug: t.slug })) as [typeof main, typeof second];
  third = alone.tags[0]!;
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

describe('reader: tags on posts and the tag page', () => {
  it('a post shows its tags as links and in its JSON-LD; a chip leads to the tag page with its posts, pages and feed', async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    const { page, errors } = await newPage(context);
    await page.goto(`/details/${tagged.slug}`);
    await hydrated(page);
    const chips = page.getByRole('list', { name: 'Tags' });
    await expect(chips.getByRole('link').allTextContents()).resolves.toEqual([`#${main.name}`, `#${second.name}`]);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as { keywords?: string[] };
    expect(jsonLd.keywords).toEqual([main.name, second.name]);

    await chips.getByRole('link', { name: main.name }).click();
    await page.waitForURL(`${baseURL()}/tag/${main.slug}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(main.name);
    await page.getByText('13 posts').waitFor();
    await expect(page.locator('.post-card').count()).resolves.toBe(12);
    await expect(page.title()).resolves.toContain(main.name);
    await expect(page.locator(`head link[rel="alternate"][href="/tag/${main.slug}/rss.xml"]`).count()).resolves.toBe(1);

    await page.getByRole('link', { name: /Older/ }).click();
    await page.waitForURL(`${baseURL()}/tag/${main.slug}?page=2`);
    await expect.poll(() => page.locator('.post-card').count()).toBe(1);
    expect(errors).toEqual([]);

    // Served as a page in its own right: 200, the canonical address, the feed link in the head and on the page.
    const res = await page.goto(`/tag/${main.slug}?page=2`);
    expect(res?.status()).toBe(200);
    const html = await res!.text();
    expect(html).toContain(`<link rel="canonical" href="${baseURL()}/tag/${main.slug}?page=2">`);
    expect(html).toMatch(new RegExp(`<link rel="alternate" type="application/rss\\+xml" title="[^"]*" href="/tag/${main.slug}/rss.xml"`));
    const feed = await page.request.get(await page.getByRole('link', { name: `RSS feed of ${main.name}` }).getAttribute('href') ?? '');
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain(tagged.title);
    await context.close();
  });

  it('an unknown tag and a page past the end are the 404 page, with status 404', async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    const { page } = await newPage(context);
    for (const path of ['/tag/no-such-tag-anywhere', `/tag/${main.slug}?page=3`, '/tag/Not%20a%20slug!']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    }
    await context.close();
  });

  it('the category page links its feed, on the page and in the head', async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    const { page } = await newPage(context);
    await page.goto(`/category/${category}`);
    await hydrated(page);
    await expect(page.locator(`head link[rel="alternate"][href="/category/${category}/rss.xml"]`).count()).resolves.toBe(1);
    const href = await page.locator('.listing-meta a').getAttribute('href');
    expect(href).toBe(`/category/${category}/rss.xml`);
    expect((await page.request.get(href!)).status()).toBe(200);
    await context.close();
  });

  it('search filters by tag; a tag alone goes to its page', async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    const { page } = await newPage(context);
    await page.goto(`/search?q=${encodeURIComponent('post')}&tag=${second.slug}`);
    await hydrated(page);
    await expect(page.getByLabel('Tag', { exact: true }).inputValue()).resolves.toBe(second.slug);
    await expect(page.locator('.search-results > li').count()).resolves.toBe(1);
    await page.getByRole('heading', { name: `1 post matches “post” in ${second.name}` }).waitFor();
    await page.locator('.search-results').getByRole('link', { name: tagged.title }).waitFor();
    await page.goto(`/search?tag=${third.slug}`);
    await page.waitForURL(`${baseURL()}/tag/${third.slug}`);
    await context.close();
  });
});

describe('admin: /admin/tags', () => {
  const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

  it('renames (a taken slug is refused at its field), merges into another tag, and deletes with confirmation', async () => {
    const { context, page, errors } = await adminPage();
    await page.goto('/admin/dashboard');
    await hydrated(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Tags' }).click();
    await page.waitForURL(`${baseURL()}/admin/tags`);
    await row(page, third.name).waitFor();

    // A panel takes focus; Escape closes it and gives focus back to the button that opened it.
    const focused = (locator: ReturnType<Page['locator']>) => locator.evaluate((el) => el === document.activeElement);
    const renameButton = page.getByRole('button', { name: `Rename ${third.name}` });
    await renameButton.click();
    const name = page.getByLabel('Name', { exact: true });
    await expect.poll(() => focused(name)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => name.count()).toBe(0);
    await expect.poll(() => focused(renameButton)).toBe(true);

    // Rename: a slug another tag has → 409 at the Slug field; then a free one.
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(name)).toBe(true);
    await page.getByLabel('Slug', { exact: true }).fill(main.slug);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: /taken|already|in use/i }).first().waitFor();
    await expect(page.getByLabel('Slug', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    const renamed = { name: `${third.name} renamed`, slug: `${third.slug}-renamed` };
    await name.fill(renamed.name);
    await page.getByLabel('Slug', { exact: true }).fill(renamed.slug);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: `is now “${renamed.name}”` }).waitFor();
    await row(page, renamed.name).waitFor();
    expect((await page.request.get(`/api/tags/${renamed.slug}`)).status()).toBe(200);

    // Merge the renamed tag into the second one: its post now carries the second tag.
    await page.getByRole('button', { name: `Merge ${renamed.name}` }).click();
    await page.getByLabel('Merge into').selectOption(second.slug);
    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    await page.getByRole('status').filter({ hasText: `merged into “${second.name}”` }).waitFor();
    await expect.poll(() => row(page, renamed.name).count()).toBe(0);
    expect((await page.request.get(`/api/tags/${renamed.slug}`)).status()).toBe(404);
    const merged = (await (await page.request.get(`/api/tags/${second.slug}`)).json()) as { tag: { postCount: number } };
    expect(merged.tag.postCount).toBe(2);

    // Delete the second tag: Cancel keeps it, then confirm removes it from its posts.
    await page.getByRole('button', { name: `Delete ${second.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this tag?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await row(page, second.name).waitFor();
    await page.getByRole('button', { name: `Delete ${second.name}` }).click();
    await dialog.getByRole('button', { name: 'Delete tag' }).click();
    await page.getByRole('status').filter({ hasText: `Tag “${second.name}” deleted.` }).waitFor();
    await expect.poll(() => row(page, second.name).count()).toBe(0);
    const post = (await (await page.request.get(`/api/posts/${tagged.slug}`)).json()) as { post: Created };
    expect(post.post.tags.map((t) => t.slug)).toEqual([main.slug]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('tag pages: axe in both themes, and a phone without sideways scroll', () => {
  for (const theme of ['dark', 'light'] as const) {
    it(`/tag/:slug and /admin/tags (with a panel open) are axe-clean in the ${theme} theme at 390 px and fit the window`, async () => {
      const { context, page } = await adminPage(PHONE, theme);
      const found: string[] = [];
      for (const path of [`/tag/${main.slug}`, '/admin/tags']) {
        await page.goto(path);
        await hydrated(page);
        await page.evaluate(() => document.fonts.ready);
        const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
        if (scrollWidth > width) found.push(`${path}: ${scrollWidth} px wide in a ${width} px window`);
        found.push(...(await axeViolations(page)).map((v) => `${path}: ${v}`));
      }
      await page.getByRole('button', { name: `Merge ${main.name}` }).click();
      await page.getByLabel('Merge into').waitFor();
      found.push(...(await axeViolations(page)).map((v) => `/admin/tags merge panel: ${v}`));
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: `Rename ${main.name}` }).click();
      await page.getByLabel('Slug', { exact: true }).waitFor();
      found.push(...(await axeViolations(page)).map((v) => `/admin/tags rename panel: ${v}`));
      expect(found).toEqual([]);
      await context.close();
    });
  }

  it('at 1280 px a visitor sees /tag/:slug axe-clean too', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 800 } });
    const { page } = await newPage(context);
    await page.goto(`/tag/${main.slug}`);
    await hydrated(page);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await context.close();
  });
});
