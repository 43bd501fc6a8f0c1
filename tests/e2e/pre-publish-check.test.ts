// Issue 25 item 6 in real Chromium at 390 px: Publish first lists what would hurt readers or search (an
// image without alt text, a skipped heading level, a link to a post that does not exist) in a dialog that
// takes the focus and closes on Escape; "Publish anyway" publishes. Never blocking.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hydrated, launch, login, newContext, newPage, uniqueName } from './support/browser';
import { api, newAccount, newCategory } from './support/own-data';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the pre-publish check', () => {
  it('lists the missing alt text, the skipped heading and the link to a missing post before Publish; Publish anyway publishes', async () => {
    const context = await newContext(browser);
    const { page, errors } = await newPage(context);
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, await newAccount('author'));
    const category = await newCategory();
    const missingSlug = uniqueName('never-written');
    await page.goto('/create-post');
    await hydrated(page);
    const title = uniqueName('Checked before publishing');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Category').selectOption(category.slug);
    await page.getByLabel('Excerpt').fill('A post with three things to fix.');
    await page
      .getByLabel('Body (Markdown)')
      .fill(`## Getting there\n\n#### The last mile\n\n![](https://images.example/road.png)\n\nSee [the earlier trip](/details/${missingSlug}).`);

    await page.getByRole('button', { name: 'Publish now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Before it goes out' });
    await dialog.waitFor();
    await expect(dialog.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-warning')))).resolves.toEqual([
      'image-alt',
      'heading-skip',
      'link-missing',
    ]);
    await expect(dialog.locator('li').nth(2).textContent()).resolves.toContain(`/details/${missingSlug}`);
    // The focus is in the dialog, the list is its description (read out when it opens), nothing overflows.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Keep editing');
    await expect(dialog.getAttribute('aria-describedby')).resolves.toBe('pre-publish-message');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Escape keeps editing, back on the button that opened the dialog: nothing was saved.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Publish now');
    expect(new URL(page.url()).pathname).toBe('/create-post');

    await page.getByRole('button', { name: 'Publish now' }).click();
    await dialog.getByRole('button', { name: 'Publish anyway' }).click();
    await page.waitForURL(/\/details\/[^/]+\/edit$/);
    await page.getByText('Published.').waitFor();
    const slug = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);
    const { post } = await api<{ post: { title: string; status: string } }>('GET', `/api/posts/${slug}`);
    expect(post).toMatchObject({ title, status: 'published' });

    // The same list on demand in the Publishing box.
    await page.getByRole('button', { name: 'Check before publishing' }).click();
    await page.locator('.pre-publish-panel li[data-warning="heading-skip"]').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
