// Issue 23 item 2 in real Chromium: a contributor writes a post and submits it for review (at 390 px); an editor
// opens the review queue from the dashboard's count and publishes it, readers find it on the home page, and its
// contributor sees it read-only. An editor returns another one with a note: the note is required, the author
// is mailed, the post is a draft again.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseURL, hydrated, launch, login, newContext, newPage, uniqueName } from './support/browser';
import { fromNewestMailTo } from './support/mail-log';
import { type Account, newAccount, newCategory, newPost } from './support/own-data';

let browser: Browser;
let contributor: Account;
let editor: Account;
let category: { slug: string; name: string };
beforeAll(async () => {
  browser = await launch();
  [contributor, editor, category] = await Promise.all([newAccount('contributor', 'Contributor'), newAccount('editor', 'Editor'), newCategory('Review')]);
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(who: Account, width = 1280) {
  const context = await newContext(browser);
  const { page, errors } = await newPage(context);
  await page.setViewportSize({ width, height: 844 });
  await login(page, who);
  return { page, errors, close: () => context.close() };
}

describe('review', () => {
  it('a contributor submits for review; an editor publishes it from the queue the dashboard links to; it is on the home page', async () => {
    const title = uniqueName('Reviewed post');
    const writer = await signedIn(contributor, 390);
    await writer.page.goto('/create-post');
    await hydrated(writer.page);
    await writer.page.getByLabel('Title').fill(title);
    await writer.page.getByLabel('Category').selectOption(category.slug);
    await writer.page.getByLabel('Body (Markdown)').fill('Words for the editor to read.');
    await expect(writer.page.getByRole('button', { name: 'Publish now' }).count()).resolves.toBe(0);
    await writer.page.getByRole('button', { name: 'Submit for review' }).click();
    // The pre-publish check lists the missing excerpt (decision 061).
    await writer.page.getByRole('button', { name: 'Submit anyway' }).click();
    await writer.page.getByRole('status').filter({ hasText: 'Submitted for review' }).waitFor();
    await writer.page.locator('.editor-header').getByText('Pending review').waitFor();
    await writer.page.getByRole('button', { name: 'Back to draft' }).waitFor();
    expect(await writer.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(writer.errors).toEqual([]);
    expect(await axeViolations(writer.page)).toEqual([]);
    const editPath = new URL(writer.page.url()).pathname;
    await writer.close();
    expect(await (await fetch(`${baseURL()}/`)).text()).not.toContain(title);

    const reviewer = await signedIn(editor);
    await reviewer.page.goto('/admin/dashboard');
    await hydrated(reviewer.page);
    await reviewer.page.getByRole('link', { name: /Pending review/ }).click();
    await reviewer.page.waitForURL((url) => url.pathname === '/admin/posts' && url.searchParams.get('status') === 'pending');
    const row = reviewer.page.locator('tr', { hasText: title });
    await row.getByText('Pending review').waitFor();
    await row.getByRole('button', { name: new RegExp(`^Publish ${title}`) }).click();
    await reviewer.page.getByRole('status').filter({ hasText: 'is published' }).waitFor();
    expect(reviewer.errors).toEqual([]);

    await reviewer.page.goto('/');
    await reviewer.page.getByRole('link', { name: title }).first().waitFor();
    await reviewer.close();

    // Published, it is the editors': its contributor sees it read-only.
    const again = await signedIn(contributor, 390);
    await again.page.goto(editPath);
    await hydrated(again.page);
    await again.page.getByText('This post is published, so it can no longer be changed by you.').waitFor();
    await expect(again.page.getByLabel('Title').isDisabled()).resolves.toBe(true);
    await expect(again.page.getByRole('button', { name: /Update|Save|Delete|Submit/ }).count()).resolves.toBe(0);
    await again.close();
  });

  it('an editor returns a pending post with a note: an empty note is refused, the author is mailed, the post is a draft', async () => {
    const pending = await newPost(contributor, { category: category.slug, status: 'pending', title: uniqueName('Returned post') });
    const reviewer = await signedIn(editor, 390);
    await reviewer.page.goto(`/admin/post/${pending.slug}`);
    await hydrated(reviewer.page);
    await reviewer.page.getByRole('button', { name: 'Return to author' }).click();
    const dialog = reviewer.page.getByRole('dialog', { name: /Return/ });
    await dialog.getByRole('button', { name: 'Send note and return' }).click();
    await dialog.getByText('Write a note telling the author what to change').waitFor();
    const note = 'Please add a source for the second claim.';
    await dialog.getByLabel('Note to the author').fill(note);
    await dialog.getByLabel('Note to the author').press('Tab');
    await reviewer.page.keyboard.press('Tab');
    await reviewer.page.keyboard.press('Enter');
    await reviewer.page.getByRole('status').filter({ hasText: 'your note was mailed to them' }).waitFor();
    await reviewer.page.locator('.editor-header').getByText('Draft', { exact: true }).waitFor();
    expect(reviewer.errors).toEqual([]);
    expect(await axeViolations(reviewer.page)).toEqual([]);
    await reviewer.close();
    await expect(fromNewestMailTo(contributor.email, /(Please add a source for the second claim\.)/)).resolves.toBe(note);
  });
});
