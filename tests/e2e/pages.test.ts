// Standalone pages in real Chromium (product.md §14): an admin writes an About page in the page editor
// (the post editor's body and preview), is told a reserved slug cannot be used, publishes it; a visitor
// reads it at its address, server-rendered (200) without a byline; a draft is the 404 page; the list
// deletes a page after confirmation; both admin screens fit a 390 px phone and are axe-clean.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseURL, hydrated, launch, login, newPage, uniqueName } from './support/browser';
import { openNewPageEditor } from './support/page-editor';
import { api, newAccount, type Account } from './support/own-data';

const PHONE = { width: 390, height: 844 };

let browser: Browser;
let admin: Account;

beforeAll(async () => {
  browser = await launch();
  admin = await newAccount('admin');
});
afterAll(async () => {
  await browser?.close();
});

describe('pages', () => {
  it('an admin writes and publishes an About page; a visitor reads it at its address (SSR 200)', async () => {
    const { context, page, errors } = await openNewPageEditor(browser, admin);

    const title = uniqueName('About');
    const slug = title.toLowerCase();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await expect(page.getByLabel('Slug').inputValue()).resolves.toBe(slug);
    await page.getByLabel('Slug').fill('admin');
    await page.getByText('That address belongs to the site itself').waitFor();
    await page.getByLabel('Slug').fill(slug);
    await page.getByLabel('Body (Markdown)').fill('We are a **small** team.');
    await page.locator('.preview strong', { hasText: 'small' }).waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    // No meta description: the pre-publish check says so (decision 066), never blocking.
    await page.getByRole('dialog', { name: 'Before it goes out' }).getByRole('button', { name: 'Publish anyway' }).click();
    await page.waitForURL(`${baseURL()}/admin/pages/${slug}/edit`);
    await page.getByText('Published.').waitFor();
    await page.getByRole('link', { name: 'View page' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();

    const res = await fetch(`${baseURL()}/${slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(html).toContain('<strong>small</strong>');

    const visitor = await browser.newContext({ baseURL: baseURL() });
    const reader = await newPage(visitor);
    await reader.page.goto(`/${slug}`);
    await hydrated(reader.page);
    await expect(reader.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title);
    await expect(reader.page.locator('.post-byline').count()).resolves.toBe(0);
    expect(reader.errors).toEqual([]);
    await visitor.close();
  });

  it('a draft is the 404 page for a visitor', async () => {
    const draft = await api<{ slug: string }>('POST', '/api/admin/pages', { title: uniqueName('Draft page'), body: 'Not yet.', status: 'draft' });
    const res = await fetch(`${baseURL()}/${draft.slug}`);
    expect(res.status).toBe(404);
    await res.text();
  });

  it('the list deletes a page after confirmation', async () => {
    const doomed = await api<{ slug: string; title: string }>('POST', '/api/admin/pages', { title: uniqueName('Aaa doomed'), body: 'Bye.', status: 'published' });
    const context = await browser.newContext({ baseURL: baseURL() });
    const { page, errors } = await newPage(context);
    await login(page, admin);
    await page.goto('/admin/pages');
    await hydrated(page);
    await page.getByRole('button', { name: `Delete ${doomed.title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete page' }).click();
    await page.getByText(`Page “${doomed.title}” deleted.`).waitFor();
    await expect.poll(() => page.getByRole('link', { name: doomed.title }).count()).toBe(0);
    expect((await fetch(`${baseURL()}/${doomed.slug}`)).status).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the list and the editor fit a 390 px phone and have no axe violations', async () => {
    const existing = await api<{ slug: string }>('POST', '/api/admin/pages', { title: uniqueName('Phone page'), body: 'Small screens.', status: 'draft' });
    const context = await browser.newContext({ baseURL: baseURL(), viewport: PHONE });
    const { page } = await newPage(context);
    await login(page, admin);
    const found: string[] = [];
    for (const path of ['/admin/pages', '/admin/pages/new', `/admin/pages/${existing.slug}/edit`]) {
      await page.goto(path);
      await hydrated(page);
      const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
      if (scrollWidth > width) found.push(`${path}: ${scrollWidth} px wide in a ${width} px window`);
      found.push(...(await axeViolations(page)).map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
    await context.close();
  });
});
