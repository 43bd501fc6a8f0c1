// Issue 22, navigation, in real Chromium: an admin adds a link to the header menu at /admin/navigation,
// moves it up by keyboard (announced), saves, and a visitor sees the header in that order on the next page
// view; a bad URL is named on its item and nothing is saved; the screen fits a phone and is axe-clean.
// The menus go back to a new site's (the categories in the header) afterwards: other tests expect them.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseURL, hydrated, launch, login, newPage, uniqueName } from './support/browser';
import { api, type Account, newAccount, newCategory } from './support/own-data';

const PHONE = { width: 390, height: 844 };

let browser: Browser;
let admin: Account;
let category: { slug: string; name: string };

async function adminPage(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseURL(), ...(viewport ? { viewport } : {}) });
  const { page, errors } = await newPage(context);
  await login(page, admin);
  await page.goto('/admin/navigation');
  await hydrated(page);
  return { context, page, errors };
}

/** The header menu's links as a visitor's page shows them: label and address, in order. */
async function headerLinks(page: Page): Promise<{ label: string; href: string; rel: string | null }[]> {
  return page
    .getByRole('navigation', { name: 'Menu' })
    .locator('.category-list a')
    .evaluateAll((links) => links.map((a) => ({ label: a.textContent ?? '', href: a.getAttribute('href') ?? '', rel: a.getAttribute('rel') })));
}

beforeAll(async () => {
  browser = await launch();
  admin = await newAccount('admin');
  category = await newCategory('Menu');
  // A known start: two items in the header, none in the footer.
  await api('PUT', '/api/admin/navigation', { header: [{ label: 'Home', url: '/' }, { label: category.name, url: `/category/${category.slug}` }], footer: [] });
});
afterAll(async () => {
  await api('DELETE', '/api/admin/navigation', undefined, { status: 204 });
  await browser?.close();
});

describe('/admin/navigation', () => {
  it('an admin adds a link to the header, moves it to the top by keyboard, saves; a visitor sees the header in that order', async () => {
    const { context, page, errors } = await adminPage();
    const header = page.getByRole('region', { name: 'Header menu' });
    const label = uniqueName('Elsewhere');
    await header.getByLabel('Kind').selectOption('link');
    await header.getByRole('textbox', { name: 'URL', exact: true }).fill('https://example.org/elsewhere');
    await header.getByRole('textbox', { name: 'Label', exact: true }).fill(label);
    await header.getByRole('button', { name: 'Add to header' }).click();
    await expect.poll(() => header.locator('.nav-item').count()).toBe(3);

    // By keyboard: focus its Move up button, press Enter twice; focus stays on a Move button.
    await header.getByRole('button', { name: `Move up ${label}` }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[aria-live="assertive"]').textContent()).toBe(`“${label}” moved to position 2 of 3.`);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[aria-live="assertive"]').textContent()).toBe(`“${label}” moved to position 1 of 3.`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(label);

    await page.getByRole('button', { name: 'Save menus' }).click();
    await page.getByRole('button', { name: 'Saved' }).waitFor();
    await page.getByText('Menus saved.').waitFor();

    const visitor = await browser.newContext({ baseURL: baseURL() });
    const { page: reader } = await newPage(visitor);
    await reader.goto(`/category/${category.slug}`);
    expect(await headerLinks(reader)).toEqual([
      { label, href: 'https://example.org/elsewhere', rel: 'noopener' },
      { label: 'Home', href: '/', rel: null },
      { label: category.name, href: `/category/${category.slug}`, rel: null },
    ]);
    await visitor.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after saving, the site the admin came from shows the new header without a reload', async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    const { page, errors } = await newPage(context);
    await login(page, admin);
    await page.goto('/');
    await hydrated(page);
    // Into the admin area and to the screen by client-side links: the site's data stays in the page.
    await page.locator('.user-menu > button').click();
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Navigation' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/navigation');
    const header = page.getByRole('region', { name: 'Header menu' });
    const label = uniqueName('Fresh');
    await header.getByRole('textbox', { name: 'Label of header item 1' }).fill(label);
    await page.getByRole('button', { name: 'Save menus' }).click();
    await page.getByRole('button', { name: 'Saved' }).waitFor();
    await page.goBack();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(async () => (await headerLinks(page))[0]?.label).toBe(label);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a bad URL is named on its item and nothing is saved', async () => {
    const before = await api<{ header: unknown[] }>('GET', '/api/navigation');
    const { context, page } = await adminPage();
    const header = page.getByRole('region', { name: 'Header menu' });
    const url = header.getByRole('textbox', { name: 'URL of header item 1' });
    await url.fill('//evil.example/path');
    await page.getByRole('button', { name: 'Save menus' }).click();
    await page.getByText('Some items need attention; nothing was saved.').waitFor();
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => header.locator('.field-error').first().textContent()).toContain('single /');
    expect(await api('GET', '/api/navigation')).toEqual(before);
    await context.close();
  });

  it('offers pages only where the pages API answers, and categories from the admin API', async () => {
    const { context, page } = await adminPage();
    // 404 before the pages feature exists; the list of pages once it does.
    const pagesApi = await page.evaluate(async () => (await fetch('/api/admin/pages')).status);
    const kind = page.getByRole('region', { name: 'Header menu' }).getByLabel('Kind');
    const expected = [...(pagesApi === 404 ? [] : ['Page']), 'Category', 'Tag', 'Author', 'Link'];
    await expect.poll(() => kind.locator('option').allTextContents()).toEqual(expected);
    await kind.selectOption('category');
    const categories = await page.getByRole('region', { name: 'Header menu' }).getByLabel('Category', { exact: true }).locator('option').allTextContents();
    expect(categories).toContain(category.name);
    await context.close();
  });

  it('fits a 390 px phone and has no axe violations', async () => {
    const { context, page } = await adminPage(PHONE);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
