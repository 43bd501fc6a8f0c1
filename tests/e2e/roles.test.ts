// The admin area as an editor sees it in real Chromium (product.md §15): the user menu's Admin link leads
// to a sidebar of the screens an editor may use — posts, pages, categories, tags, featured, navigation — and
// not users, settings, redirects, import or export; the pages screen works, and /admin/settings is the 403
// page (the Worker answers 403) inside the admin layout. A contributor gets no Admin link at all.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hydrated, launch, login, newContext, newPage } from './support/browser';
import { type Account, newAccount } from './support/own-data';

let browser: Browser;
let editor: Account;
let contributor: Account;
beforeAll(async () => {
  browser = await launch();
  [editor, contributor] = await Promise.all([newAccount('editor'), newAccount('contributor')]);
});
afterAll(async () => {
  await browser?.close();
});

describe('roles in the admin area', () => {
  it('an editor sees only the screens an editor may use, and /admin/settings is the 403 page', async () => {
    const context = await newContext(browser);
    const { page, errors } = await newPage(context);
    await login(page, editor);
    await hydrated(page);
    await page.getByRole('button', { name: editor.name }).click();
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // The dashboard links an editor to nothing of the users screens (accounts are admins').
    await page.getByRole('link', { name: /Authors/ }).waitFor();
    expect(await page.locator('main a[href^="/admin/user"]').count()).toBe(0);

    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    const links = await sidebar.getByRole('link').allTextContents();
    for (const shown of ['Posts', 'Pages', 'Categories', 'Tags', 'Featured', 'Navigation']) expect(links, shown).toContain(shown);
    for (const hidden of ['Users', 'Settings', 'Redirects', 'Import', 'Export']) expect(links, hidden).not.toContain(hidden);

    // A screen an editor may use works (its API answers the editor).
    await sidebar.getByRole('link', { name: 'Pages' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();

    const res = await page.goto('/admin/settings');
    expect(res?.status()).toBe(403);
    await page.getByRole('heading', { level: 1, name: 'You can’t open this page' }).waitFor();
    await page.getByText('Your role (Editor) may not use it.').waitFor();
    await hydrated(page);
    // Inside the admin layout, with the way back to the dashboard.
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Go to the dashboard' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a contributor has no Admin link, and /admin/dashboard is the 403 page', async () => {
    const context = await newContext(browser);
    const { page } = await newPage(context);
    await login(page, contributor);
    await hydrated(page);
    await page.getByRole('button', { name: contributor.name }).click();
    await page.getByRole('link', { name: 'Profile' }).waitFor();
    expect(await page.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    const res = await page.goto('/admin/dashboard');
    expect(res?.status()).toBe(403);
    await page.getByRole('heading', { level: 1, name: 'You can’t open this page' }).waitFor();
    await context.close();
  });
});
