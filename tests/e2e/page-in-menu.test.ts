// Issue 22 in real Chromium: an admin writes and publishes a page at /admin/pages, adds it to the header menu
// at /admin/navigation by choosing "Page" (the picker lists the pages of GET /api/admin/pages) and saves; a
// visitor sees its link in the header, and following it shows the page. The menus go back to a new site's
// (the categories in the header) afterwards: other tests expect them.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, hydrated, launch, newPage, uniqueName } from './support/browser';
import { openNewPageEditor } from './support/page-editor';
import { api, newAccount, type Account } from './support/own-data';

let browser: Browser;
let admin: Account;

beforeAll(async () => {
  browser = await launch();
  admin = await newAccount('admin');
  // A known start: a new site's header lists every category, and earlier tests have made dozens (a menu takes 30).
  await api('PUT', '/api/admin/navigation', { header: [{ label: 'Home', url: '/' }], footer: [] });
});
afterAll(async () => {
  await api('DELETE', '/api/admin/navigation', undefined, { status: 204 });
  await browser?.close();
});

describe('a page in the menu', () => {
  it('an admin publishes a page and adds it to the header as a Page; a visitor follows its header link to the page', async () => {
    const { context, page, errors } = await openNewPageEditor(browser, admin);
    const title = uniqueName('Imprint');
    const slug = title.toLowerCase();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Body (Markdown)').fill('Who is **responsible** here.');
    await page.getByRole('button', { name: 'Publish' }).click();
    // No meta description: the pre-publish check says so (decision 066), never blocking.
    await page.getByRole('dialog', { name: 'Before it goes out' }).getByRole('button', { name: 'Publish anyway' }).click();
    await page.waitForURL(`${baseURL()}/admin/pages/${slug}/edit`);
    await page.getByText('Published.').waitFor();

    await page.goto('/admin/navigation');
    await hydrated(page);
    const header = page.getByRole('region', { name: 'Header menu' });
    await header.getByLabel('Kind').selectOption('page');
    await header.getByLabel('Page', { exact: true }).selectOption(slug);
    await header.getByRole('button', { name: 'Add to header' }).click();
    await expect.poll(() => header.getByRole('textbox', { name: /^Label of header item/ }).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toContain(title);
    await page.getByRole('button', { name: 'Save menus' }).click();
    await page.getByRole('button', { name: 'Saved' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();

    const visitor = await browser.newContext({ baseURL: baseURL() });
    const reader = await newPage(visitor);
    await reader.page.goto('/');
    await hydrated(reader.page);
    const link = reader.page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: title, exact: true });
    expect(await link.getAttribute('href')).toBe(`/${slug}`);
    await link.click();
    await reader.page.waitForURL(`${baseURL()}/${slug}`);
    await expect.poll(() => reader.page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    await reader.page.locator('strong', { hasText: 'responsible' }).waitFor();
    expect(reader.errors).toEqual([]);
    await visitor.close();
  });
});
