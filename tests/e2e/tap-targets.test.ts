// Tap targets on a phone (issue 20, item 16a), measured in real Chromium at 390 px: every link, button,
// disclosure and form control on the public pages is at least 44×44 CSS px (WCAG 2.5.5, Target Size
// (Enhanced)), except what its Inline exception names: a link inside a sentence or a block of text,
// whose size the line-height of the text around it sets (a link in a paragraph with other words).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_SIZE } from '../../contracts/list-page';
import { baseURL, hydrated, launch, login, newPage, uniqueName } from './support/browser';
import { type Account, newAccount, newCategory, newPost } from './support/own-data';

const PHONE = { width: 390, height: 844 };
const MIN = 44;

let browser: Browser;
let postPath: string;
let author: Account;
let category: string;
let tag: string;

beforeAll(async () => {
  browser = await launch();
  // A category of its own one post past a page (so its page 2 and the pagination show), each post tagged,
  // so the post page's chips are measured too.
  author = await newAccount('author');
  category = (await newCategory()).slug;
  const tagName = uniqueName('tap');
  let last: { slug: string; tags: { slug: string }[] } | undefined;
  for (let i = 0; i <= PUBLIC_PAGE_SIZE; i++) last = await newPost(author, { category, tags: [tagName] });
  postPath = `/details/${last!.slug}`;
  tag = last!.tags[0]!.slug;
});
afterAll(async () => {
  await browser?.close();
});

/** The targets smaller than MIN×MIN on the page as it is now, described for the failure message. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const inText = (el: Element): boolean => {
      const block = el.closest('p');
      return el.tagName === 'A' && block !== null && (block.textContent ?? '').trim() !== (el.textContent ?? '').trim();
    };
    const all = Array.from(document.querySelectorAll('a[href], button, summary, input:not([type="hidden"]), select, textarea, [role="button"]'));
    const small: string[] = [];
    for (const el of all) {
      const r = el.getBoundingClientRect();
      const shown = r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0 && r.left < window.innerWidth && getComputedStyle(el).visibility !== 'hidden';
      if (!shown || inText(el)) continue;
      // Sub-pixel layout: 43.99 is 44 on the screen.
      if (Math.round(r.width) < min || Math.round(r.height) < min) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        small.push(`${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} "${name}" ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
      }
    }
    return small;
  }, MIN);
}

async function measure(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await hydrated(page);
  await page.evaluate(() => document.fonts.ready);
  return (await smallTargets(page)).map((s) => `${path}: ${s}`);
}

describe('tap targets at 390 px are at least 44×44 CSS px (WCAG 2.5.5; links inside text exempt)', () => {
  it('home, page 2, a post, a category, a tag, search, login, register and the 404 page, as a visitor', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: PHONE, hasTouch: true, isMobile: true });
    const { page } = await newPage(context);
    const small: string[] = [];
    for (const path of ['/', `/category/${category}?page=2`, postPath, `/category/${category}`, `/tag/${tag}`, '/search?q=the', '/login', '/register', '/nope-404']) {
      small.push(...(await measure(page, path)));
    }
    // The categories menu open: its links are targets too.
    await page.goto('/');
    await hydrated(page);
    await page.locator('.category-menu > summary').click();
    small.push(...(await smallTargets(page)).map((s) => `/ (categories open): ${s}`));
    await context.close();
    expect(small).toEqual([]);
  });

  it('signed in: the header’s account menu, closed and open', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: PHONE, hasTouch: true, isMobile: true });
    const { page } = await newPage(context);
    await login(page, author);
    const small = await measure(page, '/');
    await page.locator('.user-menu > button').click();
    small.push(...(await smallTargets(page)).map((s) => `/ (account menu open): ${s}`));
    await context.close();
    expect(small).toEqual([]);
  });
});
