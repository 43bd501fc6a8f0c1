// Comments in real Chromium (product.md §13, §18; decision 068): a visitor comments with JavaScript off (a real
// POST, a 303 back to the post saying it waits for moderation), an editor approves it in /admin/comments, and
// the next visitor reads it; after hydration the same form sends with fetch and shows its result in place.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, hydrated, launch, login, newContext, newPage, uniqueName } from './support/browser';
import { api, newAccount, newPost, sessionCookie } from './support/own-data';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function fillComment(page: Page, who: { name: string; email: string }, body: string): Promise<void> {
  const form = page.locator('#comment-form');
  await form.getByLabel('Name', { exact: true }).fill(who.name);
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Comment', { exact: true }).fill(body);
}

describe('comments', () => {
  it('before hydration: held for moderation; an editor approves it; the next visitor reads it; after hydration it posts in place', async () => {
    const [author, editor] = await Promise.all([newAccount('author'), newAccount('editor')]);
    const post = await newPost(author);
    const reader = { name: `Reader ${uniqueName('r').slice(-6)}`, email: `${uniqueName('reader')}@example.com` };
    const words = `A scriptless thought ${uniqueName('w')}`;

    // JavaScript off: a real form post, answered with a 303 to the post and its notice.
    const scriptless = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const plain = await scriptless.newPage();
    await plain.goto(`/details/${post.slug}`);
    await fillComment(plain, reader, words);
    const [posted] = await Promise.all([
      plain.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/posts/${post.slug}/comments`),
      plain.getByRole('button', { name: 'Post comment' }).click(),
    ]);
    expect(posted.status()).toBe(303);
    await plain.waitForLoadState();
    expect(new URL(plain.url()).searchParams.get('comment')).toBe('pending');
    await expect.poll(() => plain.getByText('Your comment is awaiting moderation').count()).toBe(1);
    expect(await plain.getByText(words).count()).toBe(0);
    await scriptless.close();

    // The editor approves it from the pending tab.
    const staff = await newContext(browser);
    const { page: admin, errors } = await newPage(staff);
    await login(admin, editor);
    await admin.goto(`/admin/comments?status=pending&post=${post.slug}`);
    await hydrated(admin);
    await expect.poll(() => admin.getByText(words).count()).toBe(1);
    await admin.getByRole('button', { name: `Approve the comment by ${reader.name}` }).click();
    await expect.poll(() => admin.getByText(`The comment by ${reader.name} was approved.`).count()).toBe(1);
    expect(errors).toEqual([]);
    await staff.close();

    // The next visitor reads it, and comments after hydration: the email is approved now, so it shows at once.
    const visitor = await newContext(browser);
    const { page, errors: visitorErrors } = await newPage(visitor);
    await page.goto(`/details/${post.slug}`);
    await hydrated(page);
    expect(await page.getByText(words).count()).toBe(1);
    const later = `A hydrated thought ${uniqueName('h')}`;
    await fillComment(page, reader, later);
    const before = page.url();
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect.poll(() => page.getByText('Comment posted.').count()).toBe(1);
    await expect.poll(() => page.getByText(later).count()).toBe(1);
    expect(page.url()).toBe(before);
    expect(await page.getByRole('heading', { name: '2 comments' }).count()).toBe(1);
    expect(visitorErrors).toEqual([]);
    await visitor.close();
  });

  it('on a 390 px phone: the post’s comments and form, and /admin/comments, fit the width; the row actions are reachable', async () => {
    const [author, editor] = await Promise.all([newAccount('author'), newAccount('editor')]);
    const post = await newPost(author);
    const long = `A long thought ${'without-any-break-'.repeat(8)} ${uniqueName('p')}`;
    await api('POST', `/api/posts/${post.slug}/comments`, { body: long }, { as: await sessionCookie(author) });
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 390, height: 844 } });
    const { page, errors } = await newPage(context);
    await page.goto(`/details/${post.slug}`);
    await hydrated(page);
    await page.locator('#comments').scrollIntoViewIfNeeded();
    expect(await page.getByText('Author', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await login(page, editor);
    await page.goto(`/admin/comments?status=approved&post=${post.slug}`);
    await hydrated(page);
    await page.getByRole('button', { name: `Edit the comment by ${author.name}` }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });
});
