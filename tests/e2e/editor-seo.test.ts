// Per-post SEO in real Chromium (issue 22 item 5): the editor's "SEO and social" section opens, its fields
// are saved with the post and come back after a reload, and the post page's head carries them.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostViaApi, hydrated, launch, login, newContext, newPage, uniqueName } from './support/browser';
import { newAccount, newCategory } from './support/own-data';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the editor’s SEO and social section', () => {
  it('saves the meta title, description, canonical URL and noindex, shows them again after a reload, and the post page uses them', async () => {
    const context = await newContext(browser);
    const { page, errors } = await newPage(context);
    await login(page, await newAccount('author'));
    const post = await createPostViaApi<{ slug: string; title: string }>(page, {
      title: uniqueName('Searchable'),
      body: 'A post to be found.',
      category: (await newCategory()).slug,
      status: 'published',
    });
    await page.goto(`/details/${post.slug}/edit`);
    await hydrated(page);
    await page.getByText('SEO and social').click();
    const title = page.getByLabel('Search and social headline');
    await title.fill('Found at last');
    await expect(page.locator('.seo-preview-title').textContent()).resolves.toBe('Found at last');
    await page.getByLabel('Meta description').fill('What the search result says.');
    await page.getByLabel('Canonical URL').fill('https://first.example/found');
    await page.getByLabel('Hide from search engines (noindex)').check();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Published.').waitFor();

    await page.reload();
    await hydrated(page);
    await page.getByText('SEO and social').click();
    await expect(page.getByLabel('Search and social headline').inputValue()).resolves.toBe('Found at last');
    await expect(page.getByLabel('Meta description').inputValue()).resolves.toBe('What the search result says.');
    await expect(page.getByLabel('Canonical URL').inputValue()).resolves.toBe('https://first.example/found');
    await expect(page.getByLabel('Hide from search engines (noindex)').isChecked()).resolves.toBe(true);

    await page.goto(`/details/${post.slug}`);
    await expect(page.title()).resolves.toBe('Found at last');
    await expect(page.locator('meta[name="description"]').getAttribute('content')).resolves.toBe('What the search result says.');
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex');
    await expect(page.locator('meta[property="og:url"]').getAttribute('content')).resolves.toBe('https://first.example/found');
    expect(errors).toEqual([]);
    await context.close();
  });
});
