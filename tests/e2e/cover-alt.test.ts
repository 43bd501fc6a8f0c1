// Issue 20 item 16 in real Chromium: a cover's alt text is written in the editor and read by the post page
// and its card (alt="" while it is left empty: a decorative cover).
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

describe('the cover’s alt text', () => {
  it('is typed under the cover in the editor, and the post page and its card show it', async () => {
    const context = await newContext(browser);
    const { page, errors } = await newPage(context);
    await login(page, await newAccount('author'));
    const category = (await newCategory()).slug;
    const post = await createPostViaApi<{ slug: string; title: string }>(page, {
      title: uniqueName('Covered'),
      body: 'A post with a cover.',
      category,
      status: 'published',
      coverImage: 'https://images.example/pen-nib.jpg',
    });
    const cover = () => page.locator('img.post-cover').getAttribute('alt');
    await page.goto(`/details/${post.slug}`);
    await expect(cover()).resolves.toBe('');

    await page.goto(`/details/${post.slug}/edit`);
    await hydrated(page);
    await page.getByLabel('Alt text', { exact: true }).fill('A pen nib drawn in one line');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Published.').waitFor();
    await page.goto(`/details/${post.slug}`);
    await expect(cover()).resolves.toBe('A pen nib drawn in one line');
    await page.goto(`/category/${category}`);
    await expect(page.locator('article.post-card', { hasText: post.title }).locator('img.post-card-cover').getAttribute('alt')).resolves.toBe(
      'A pen nib drawn in one line',
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
