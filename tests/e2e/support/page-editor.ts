// The page editor as an admin reaches it: signed in, from the list at /admin/pages by its "New page" link.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseURL, hydrated, login, newPage } from './browser';
import type { Account } from './own-data';

export async function openNewPageEditor(browser: Browser, admin: Account): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseURL() });
  const { page, errors } = await newPage(context);
  await login(page, admin);
  await page.goto('/admin/pages');
  await hydrated(page);
  await page.getByRole('link', { name: 'New page' }).click();
  await page.waitForURL(`${baseURL()}/admin/pages/new`);
  await hydrated(page);
  return { context, page, errors };
}
