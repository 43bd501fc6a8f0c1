// Issue 8 (layout, items 3, 4, 14) in real Chromium: no page scrolls sideways on a phone or in a desktop
// editor, the phone header and the admin navigation stay usable by keyboard, and the featured page's
// find box looks like every other admin filter.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseURL, hydrated, launch, login, newContext, newPage, setThemeBeforeLoad, createPostViaApi } from './support/browser';
import { type Account, newAccount, newCategory } from './support/own-data';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
type Who = { login: string; password: string } | null;

let browser: Browser;
let postSlug: string;
let category: string;
let categoryName: string;
let author: Account;
let admin: Account;

// Words no phone is wide enough for, as authors do write them (a URL, a hash, code): the newest post
// carries them in its title, excerpt and body, so every list and the post itself must wrap them.
const LONG_WORD = `unbroken${'x'.repeat(120)}`;

beforeAll(async () => {
  browser = await launch();
  author = await newAccount('author');
  admin = await newAccount('admin');
  ({ slug: category, name: categoryName } = await newCategory('Design'));
  const context = await newContext(browser);
  const { page } = await newPage(context);
  await login(page, author);
  postSlug = (
    await createPostViaApi(page, {
      title: `Layout ${LONG_WORD}`,
      excerpt: `An excerpt with ${LONG_WORD} in it.`,
      body: `The body: ${LONG_WORD}${'y'.repeat(300)}, and the word "the" for search.`,
      category,
      status: 'published',
    })
  ).slug;
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

async function open(
  viewport: { width: number; height: number },
  who: Who,
  theme?: 'dark' | 'light',
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport });
  if (theme) await setThemeBeforeLoad(context, theme);
  const { page, errors } = await newPage(context);
  if (who) await login(page, who);
  return { context, page, errors };
}

/** Loads each path and returns the ones whose document is wider than the window, with their width. */
async function widerThanWindow(page: Page, paths: string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await hydrated(page);
    await page.evaluate(() => document.fonts.ready);
    const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
    if (scrollWidth > width) wide.push(`${path}: ${scrollWidth} px in a ${width} px window`);
  }
  return wide;
}

/** Presses Tab until `matches` holds for the focused element; false when it never does within `limit` presses. */
async function tabTo(page: Page, matches: (el: { tag: string; text: string; name: string }) => boolean, limit = 30): Promise<boolean> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return { tag: a?.tagName.toLowerCase() ?? '', text: a?.textContent?.trim() ?? '', name: a?.getAttribute('aria-label') ?? a?.getAttribute('placeholder') ?? '' };
    });
    if (matches(el)) return true;
  }
  return false;
}

describe('no page scrolls sideways', () => {
  it('at 390 px: home, a post, a category, search, the editor and the admin pages fit the window', async () => {
    const visitor = await open(PHONE, null);
    const wide = await widerThanWindow(visitor.page, ['/', `/details/${postSlug}`, `/category/${category}`, '/search?q=the', `/search?q=${LONG_WORD}`]);
    await visitor.context.close();

    const asAuthor = await open(PHONE, author);
    wide.push(...(await widerThanWindow(asAuthor.page, ['/create-post', '/profile'])));
    await asAuthor.context.close();

    const asAdmin = await open(PHONE, admin);
    wide.push(
      ...(await widerThanWindow(asAdmin.page, ['/admin/dashboard', '/admin/posts', '/admin/users', '/admin/categories', '/admin/featured', `/admin/post/${postSlug}`])),
    );
    await asAdmin.context.close();
    expect(wide).toEqual([]);
  });

  it('at 1280 px: /create-post and /admin/post/:slug fit the window (a visually hidden file input stays 1 px)', async () => {
    const asAuthor = await open(DESKTOP, author);
    const wide = await widerThanWindow(asAuthor.page, ['/create-post']);
    await asAuthor.context.close();

    const asAdmin = await open(DESKTOP, admin);
    wide.push(...(await widerThanWindow(asAdmin.page, [`/admin/post/${postSlug}`, '/admin/posts', '/admin/users'])));
    await asAdmin.context.close();
    expect(wide).toEqual([]);
  });
});

describe('the phone header', () => {
  it('opens the header menu (a new site’s: its categories) by keyboard, reaches its links, and reaches search', async () => {
    const { context, page, errors } = await open(PHONE, null);
    await page.goto('/');
    await hydrated(page);
    const design = page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: categoryName });
    expect(await design.isVisible()).toBe(false); // collapsed until asked for

    expect(await tabTo(page, (el) => el.tag === 'summary' && el.text.startsWith('Menu'))).toBe(true);
    await page.keyboard.press('Enter');
    await design.waitFor({ state: 'visible' });
    // The menu holds every category, those other tests made included.
    expect(await tabTo(page, (el) => el.tag === 'a' && el.text === categoryName, 200)).toBe(true);
    const box = await design.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await page.keyboard.press('Escape');
    await design.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe('summary');

    // search: visible, fully on screen, and works from the keyboard (tabbing from the top of a fresh page)
    await page.reload();
    await hydrated(page);
    expect(await tabTo(page, (el) => el.tag === 'input' && el.name === 'Search posts')).toBe(true);
    const search = await page.getByRole('searchbox', { name: 'Search posts' }).boundingBox();
    expect(search && search.x >= 0 && search.x + search.width <= PHONE.width && search.width >= 200).toBe(true);
    await page.keyboard.type('cache');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'cache');

    // after choosing a category the menu is closed again on the new page
    await page.locator('summary', { hasText: 'Menu' }).click();
    await design.click();
    await page.waitForURL((url) => url.pathname === `/category/${category}`);
    await design.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no axe violations at 390 px in either theme, menu closed or open', async () => {
    for (const theme of ['dark', 'light'] as const) {
      const { context, page } = await open(PHONE, null, theme);
      await page.goto('/');
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      expect(await axeViolations(page)).toEqual([]);
      await page.locator('summary', { hasText: 'Menu' }).click();
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }
  });
});

describe('the admin navigation on a phone', () => {
  it('folds the screens into a "Menu" naming the current one, so the heading stays near the top; opened, every link is on screen and reachable by keyboard', async () => {
    const { context, page } = await open(PHONE, admin);
    await page.goto('/admin/dashboard');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    // folded: the page's own heading starts within the first fifth of the screen
    const heading = await page.getByRole('heading', { level: 1, name: 'Dashboard' }).boundingBox();
    expect(heading && heading.y < PHONE.height / 5).toBe(true);
    expect(await nav.getByRole('link', { name: 'Posts' }).count()).toBe(0);

    expect(await tabTo(page, (el) => el.tag === 'summary' && el.text.startsWith('Menu'))).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Menu: Dashboard');
    await page.keyboard.press('Enter');
    for (const name of ['Dashboard', 'Posts', 'Categories', 'Featured', 'Users', 'Import', 'Export', 'Subscribers', 'Mail']) {
      const link = nav.getByRole('link', { name, exact: true });
      await link.scrollIntoViewIfNeeded();
      const box = await link.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width && box.height >= 44).toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await nav.getByRole('link', { name: 'Posts', exact: true }).count()).toBe(0);

    await page.keyboard.press('Enter');
    expect(await tabTo(page, (el) => el.tag === 'a' && el.text === 'Posts')).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin/posts');
    // the menu closes once a screen is chosen, and now names it
    await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
    expect(await nav.locator('summary').textContent()).toBe('Menu: Posts');
    expect(await nav.getByRole('link', { name: 'Dashboard', exact: true }).count()).toBe(0);
    await context.close();
  });
});

describe('the featured page', () => {
  it('styles the "Find posts" box like the other admin filter fields', async () => {
    const { context, page } = await open(DESKTOP, admin);
    const look = (selector: string) =>
      page.locator(selector).evaluate((el) => {
        const s = getComputedStyle(el);
        return {
          border: `${s.borderTopWidth} ${s.borderTopStyle} ${s.borderTopColor}`,
          radius: s.borderTopLeftRadius,
          padding: `${s.paddingTop} ${s.paddingRight} ${s.paddingBottom} ${s.paddingLeft}`,
          background: s.backgroundColor,
          color: s.color,
          font: `${s.fontSize} ${s.fontFamily}`,
        };
      });
    await page.goto('/admin/users');
    await hydrated(page);
    const filter = await look('#u-q');
    await page.goto('/admin/featured');
    await hydrated(page);
    expect(await page.getByRole('searchbox', { name: 'Find posts' }).isVisible()).toBe(true);
    expect(await look('#featured-q')).toEqual(filter);
    await context.close();
  });
});
