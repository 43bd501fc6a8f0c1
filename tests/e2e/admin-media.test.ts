// /admin/media in real Chromium (decision 063): an editor on a 390 px phone finds an author's images by
// uploader, sets one's alt text from the keyboard (saving, saved), deletes an unused one after confirming,
// and is refused, with the post named, deleting one a post uses (decision 067: pages and the site logo and icon count too). Axe-clean.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadAs } from './support/uploads';
import { axeViolations, baseURL, hydrated, launch, login, newPage } from './support/browser';
import { api, type Account, newAccount, newPost, sessionCookie } from './support/own-data';

let browser: Browser;
let editor: Account;
let author: Account;
beforeAll(async () => {
  browser = await launch();
  [editor, author] = await Promise.all([newAccount('editor'), newAccount('author')]);
});
afterAll(async () => {
  await browser?.close();
});


describe('/admin/media', () => {
  it('filters by uploader, edits alt text and deletes after confirming on a phone, refusing an image a post and a page use, the page linked to its editor', async () => {
    const used = await uploadAs(author, [200, 0, 0, 255]);
    const unused = await uploadAs(author, [0, 0, 200, 255]);
    const post = await newPost(author, { coverImage: used });
    const pageSlug = `media-use-${Date.now().toString(36)}`;
    const { title: pageTitle } = await api<{ title: string }>('POST', '/api/admin/pages', { title: `Colophon ${pageSlug}`, slug: pageSlug, body: `![](${used})`, status: 'draft' });
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 390, height: 844 } });
    const { page, errors } = await newPage(context);
    await login(page, editor);
    await page.goto(`/admin/media?uploader=${author.username}`);
    await hydrated(page);
    await page.getByRole('heading', { level: 1, name: 'Media' }).waitFor();
    const cards = page.getByRole('list', { name: 'Images' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(2);
    await page.getByRole('link', { name: post.title }).waitFor();
    // A page's use links to the page editor (decision 067).
    expect(await page.getByRole('link', { name: `Page ${pageTitle}` }).getAttribute('href')).toBe(`/admin/pages/${pageSlug}/edit`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);

    const unusedCard = cards.filter({ has: page.locator(`img[src="${unused}"]`) });
    const alt = unusedCard.getByLabel('Alt text');
    await alt.focus();
    await page.keyboard.type('A blue rectangle');
    await page.keyboard.press('Enter');
    await unusedCard.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    await unusedCard.getByRole('button', { name: /^Delete/ }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete this image?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The image was deleted.').waitFor();
    await expect.poll(() => cards.count()).toBe(1);

    await cards.first().getByRole('button', { name: /^Delete/ }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(new RegExp(`used by post .${post.title}., page .${pageTitle}.`)).waitFor();
    await expect.poll(() => cards.count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the editor: insert from the library', () => {
  it('picks one of the writer’s uploaded images with its library alt text filled in, and inserts its Markdown', async () => {
    const writer = await newAccount('author', 'Librarian');
    const url = await uploadAs(writer, [0, 150, 0, 255]);
    const key = url.slice('/media/'.length);
    await api('PATCH', `/api/media/${key}`, { alt: 'A green field' }, { as: await sessionCookie(writer) });
    const post = await newPost(writer, { body: 'First line.' });
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 390, height: 844 } });
    const { page, errors } = await newPage(context);
    await login(page, writer);
    await page.goto(`/details/${post.slug}/edit`);
    await hydrated(page);
    const body = page.getByLabel('Body (Markdown)');
    await body.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(11, 11));
    await page.getByRole('button', { name: 'From library', exact: true }).click();
    await page.getByRole('button', { name: 'A green field' }).click();
    const alt = page.getByLabel('Alt text (what the image shows)');
    await expect.poll(() => alt.inputValue()).toBe('A green field');
    await expect.poll(() => alt.evaluate((el) => el === document.activeElement)).toBe(true);
    await alt.press('Enter');
    await expect.poll(() => body.inputValue()).toBe(`First line.\n![A green field](${url})\n`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
