// Issue 20 item 14 in real Chromium, as an admin of this file's own: the posts list's bulk actions (tick posts, act on
// them, read the result, a refused post named) and its sortable columns (the sort in the URL, aria-sort).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseURL, createPostViaApi, hydrated, launch, login, newContext, newPage } from './support/browser';
import { type Account, newAccount, newCategory } from './support/own-data';

let browser: Browser;
let admin: Account;
let category: string;
beforeAll(async () => {
  browser = await launch();
  admin = await newAccount('admin');
  category = (await newCategory()).slug;
});
afterAll(async () => {
  await browser?.close();
});

interface Made {
  slug: string;
  title: string;
  version: number;
}

async function adminPage(): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await newContext(browser);
  const { page, errors } = await newPage(context);
  await login(page, admin);
  return { page, errors, close: () => context.close() };
}

/** Posts titled `<name> <mark>` (the mark isolates them with ?q=), published, in this file's category. */
async function makePosts(page: Page, mark: string, names: string[]): Promise<Made[]> {
  const made: Made[] = [];
  for (const name of names) {
    made.push(await createPostViaApi<Made>(page, { title: `${name} ${mark}`, body: `About ${name}.`, category, status: 'published' }));
  }
  return made;
}

const statusOf = async (page: Page, slug: string) =>
  ((await (await page.request.get(`/api/admin/posts/${slug}`)).json()) as { post: { status: string } }).post.status;

const rowTitles = (page: Page) => page.locator('.data-table tbody tr td:nth-child(2)').allTextContents();

describe('the admin posts list', () => {
  it('ticks two posts, unpublishes them in bulk and says so; the list shows them as drafts', async () => {
    const { page, errors, close } = await adminPage();
    const mark = `bulk${Date.now() % 1_000_000}`;
    const [one, two, three] = await makePosts(page, mark, ['Alder', 'Birch', 'Cedar']);
    await page.goto(`/admin/posts?q=${mark}`);
    await hydrated(page);
    const bar = page.getByRole('group', { name: 'Bulk actions' });
    await expect(bar.getByRole('button', { name: 'Unpublish selected' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('checkbox', { name: `Select “${one!.title}”` }).check();
    await page.getByRole('checkbox', { name: `Select “${two!.title}”` }).check();
    await bar.getByText('2 posts selected').waitFor();
    await expect(page.getByRole('checkbox', { name: 'Select all posts on this page' }).evaluate((b: HTMLInputElement) => b.indeterminate)).resolves.toBe(true);
    await bar.getByRole('button', { name: 'Unpublish selected' }).click();
    await page.getByRole('status').filter({ hasText: '2 posts unpublished.' }).waitFor();
    // The pressed button is disabled now (nothing is ticked): focus is on the result instead of lost.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('2 posts unpublished.');
    await expect(statusOf(page, one!.slug)).resolves.toBe('draft');
    await expect(statusOf(page, two!.slug)).resolves.toBe('draft');
    await expect(statusOf(page, three!.slug)).resolves.toBe('published');
    await page.locator('tr', { hasText: one!.title }).getByText('Draft').waitFor();
    // Done posts are no longer ticked.
    await bar.getByText('Select posts to act on several at once.').waitFor();
    expect(errors).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });

  it('names a post that changed since the list was loaded and does the others; delete asks first, naming how many', async () => {
    const { page, close } = await adminPage();
    const mark = `stale${Date.now() % 1_000_000}`;
    const [fresh, changed] = await makePosts(page, mark, ['Fresh', 'Changed']);
    await page.goto(`/admin/posts?q=${mark}`);
    await hydrated(page);
    await page.getByRole('checkbox', { name: 'Select all posts on this page' }).check();
    // Someone else edits one of them after the list was loaded.
    const put = await page.request.patch(`/api/admin/posts/${changed!.slug}`, {
      data: { status: 'draft', version: changed!.version },
      headers: { origin: baseURL() },
    });
    expect(put.status()).toBe(200);
    await page.getByRole('button', { name: 'Delete selected…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 2 posts?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete 2 posts' }).click();
    const alert = page.getByRole('alert').filter({ hasText: '1 of 2 posts deleted; 1 was not:' });
    await alert.waitFor();
    await alert.getByText(`“${changed!.title}” was changed elsewhere`).waitFor();
    expect((await page.request.get(`/api/admin/posts/${fresh!.slug}`)).status()).toBe(404);
    expect((await page.request.get(`/api/admin/posts/${changed!.slug}`)).status()).toBe(200);
    // The refused post stays ticked for another try.
    await expect(page.getByRole('checkbox', { name: `Select “${changed!.title}”` }).isChecked()).resolves.toBe(true);
    await close();
  });

  it('sorts by title from the column heading, the sort kept in the URL, either way', async () => {
    const { page, close } = await adminPage();
    const mark = `sort${Date.now() % 1_000_000}`;
    await makePosts(page, mark, ['banana', 'Apple', 'cherry']);
    await page.goto(`/admin/posts?q=${mark}`);
    await hydrated(page);
    expect(await rowTitles(page)).toEqual([`cherry ${mark}`, `Apple ${mark}`, `banana ${mark}`]);
    await page.getByRole('link', { name: 'Title' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'title' && url.searchParams.get('dir') === 'asc');
    await page.locator('th[aria-sort="ascending"]', { hasText: 'Title' }).waitFor();
    await expect.poll(() => rowTitles(page)).toEqual([`Apple ${mark}`, `banana ${mark}`, `cherry ${mark}`]);
    expect(new URL(page.url()).searchParams.get('q')).toBe(mark);
    await page.getByRole('link', { name: 'Title' }).click();
    await page.waitForURL((url) => url.searchParams.get('dir') === 'desc');
    await page.locator('th[aria-sort="descending"]', { hasText: 'Title' }).waitFor();
    await expect.poll(() => rowTitles(page)).toEqual([`cherry ${mark}`, `banana ${mark}`, `Apple ${mark}`]);
    // The server renders the same order for the URL (a reload, a shared link).
    await page.reload();
    await hydrated(page);
    expect(await rowTitles(page)).toEqual([`cherry ${mark}`, `banana ${mark}`, `Apple ${mark}`]);
    // Filtering again keeps the sort.
    await page.getByLabel('Title contains').fill(`a ${mark}`);
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === `a ${mark}` && url.searchParams.get('sort') === 'title' && url.searchParams.get('dir') === 'desc');
    await expect.poll(() => rowTitles(page)).toEqual([`banana ${mark}`]);
    await page.locator('th[aria-sort="descending"]', { hasText: 'Title' }).waitFor();
    await close();
  });
});
