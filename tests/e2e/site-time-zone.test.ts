// Issue 22 item 2 in real Chromium: with the site's zone set to Pacific/Auckland (and the browser in Los
// Angeles), the editor's schedule picker names the site's zone, a typed wall-clock time is stored as the
// right UTC instant, and the server's and the browser's dates agree (no hydration mismatch).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings } from '../../contracts/settings';
import { baseURL, hydrated, launch, login, newPage, uniqueName } from './support/browser';
import { api, newAccount, newCategory, type Account } from './support/own-data';

let browser: Browser;
let author: Account;
let category: { slug: string; name: string };
let before: AdminSettings;
beforeAll(async () => {
  browser = await launch();
  [author, category] = await Promise.all([newAccount('author'), newCategory()]);
  before = await api<AdminSettings>('GET', '/api/admin/settings');
  await api('PATCH', '/api/admin/settings', { timeZone: 'Pacific/Auckland', language: 'en' });
});
afterAll(async () => {
  // Settings are global: the other browser files run against the same server.
  if (before) await api('PATCH', '/api/admin/settings', { timeZone: before.timeZone, language: before.language });
  await browser?.close();
});

describe('the schedule picker in the site’s time zone', () => {
  it('a time typed in the editor means Pacific/Auckland: stored as that UTC instant and shown with the zone', async () => {
    // The browser's own zone is another: only the site's may count.
    const context = await browser.newContext({ baseURL: baseURL(), timezoneId: 'America/Los_Angeles' });
    const { page, errors } = await newPage(context);
    await login(page, author);
    await page.goto('/create-post');
    await hydrated(page);
    const title = uniqueName('Auckland morning');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Category').selectOption(category.slug);
    await page.getByLabel('Body (Markdown)').fill('Out at nine in the morning, New Zealand time.');
    const picker = page.getByLabel(/^Schedule for \(Pacific\/Auckland, GMT\+1[23]\)$/);
    // 09:00 on 15 July 2030 in Auckland (NZST, UTC+12) is 21:00 UTC the day before.
    await picker.fill('2030-07-15T09:00');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    // The pre-publish check lists the missing excerpt (decision 061).
    await page.getByRole('button', { name: 'Schedule anyway' }).click();
    await page.waitForURL(/\/details\/[^/]+\/edit$/);
    const slug = new URL(page.url()).pathname.split('/')[2]!;
    await page.getByRole('status').filter({ hasText: 'Scheduled for Jul 15, 2030, 9:00' }).waitFor();

    const stored = (await (await page.request.get(`/api/posts/${slug}`)).json()) as { post: { title: string; publishedAt: string } };
    expect(stored.post).toMatchObject({ title, publishedAt: '2030-07-14T21:00:00.000Z' });

    // Opened afresh, the server's render and the browser's agree: the picker holds Auckland's time, the zone is named.
    await page.reload();
    await hydrated(page);
    const reopened = page.getByLabel('Scheduled for (Pacific/Auckland, GMT+12)');
    await expect(reopened.inputValue()).resolves.toBe('2030-07-15T09:00');
    // Intl may put a narrow no-break space before AM.
    await page.getByText(/^Scheduled for Jul 15, 2030, 9:00\sAM GMT\+12\.$/).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
