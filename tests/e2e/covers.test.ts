// Covers in real Chromium at 390 px (decision 066): a cover chosen from the media library comes with the
// library's alt text; alt text written for an uploaded cover goes onto its library image; a cover marked
// decorative publishes without the pre-publish check asking for its alt text (the page shows alt=""); and a
// standalone page's Publish runs the same check.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../worker/png-kit';
import { uploadAs } from './support/uploads';
import { axeViolations, baseURL, hydrated, launch, login, newPage } from './support/browser';
import { openNewPageEditor } from './support/page-editor';
import { api, newAccount, newCategory, sessionCookie, type Account } from './support/own-data';

const PHONE = { width: 390, height: 844 };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});


const libraryAlt = async (who: Account, url: string): Promise<string | undefined> =>
  (await api<{ items: { url: string; alt: string }[] }>('GET', '/api/media', undefined, { as: await sessionCookie(who) })).items.find((i) => i.url === url)?.alt;

async function newPostEditor(who: Account): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: PHONE });
  const { page, errors } = await newPage(context);
  await login(page, who);
  await page.goto('/create-post');
  await hydrated(page);
  return { page, errors, close: () => context.close() };
}

describe('the cover field', () => {
  it('chooses a cover from the library with its alt text; alt text written for an uploaded cover is saved on the library image', async () => {
    const writer = await newAccount('author', 'Coverer');
    const described = await uploadAs(writer, [0, 120, 200, 255]);
    await api('PATCH', `/api/media/${described.slice('/media/'.length)}`, { alt: 'A blue lake' }, { as: await sessionCookie(writer) });
    const { page, errors, close } = await newPostEditor(writer);

    await page.getByRole('button', { name: 'Choose from library' }).click();
    const picker = page.getByRole('group', { name: 'Choose a cover from the library' });
    await picker.getByRole('button', { name: 'A blue lake' }).click();
    await expect.poll(() => page.getByLabel('Cover image URL').inputValue()).toBe(described);
    await expect(page.getByLabel('Alt text', { exact: true }).inputValue()).resolves.toBe('A blue lake');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Choose from library');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);

    // An upload has no alt text in the library yet: the one written here becomes the library's.
    await page.locator('.field:has(#post-cover) input[type="file"]').setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: Buffer.from(await solidPng(4, 3, [200, 0, 0, 255])) });
    await expect.poll(() => page.getByLabel('Cover image URL').inputValue()).not.toBe(described);
    const uploaded = await page.getByLabel('Cover image URL').inputValue();
    expect(await libraryAlt(writer, uploaded)).toBe('');
    await page.getByLabel('Alt text', { exact: true }).fill('A red square');
    await page.keyboard.press('Tab');
    await expect.poll(() => libraryAlt(writer, uploaded)).toBe('A red square');
    expect(errors).toEqual([]);
    await close();
  });

  it('a cover marked decorative disables its alt text and publishes with no cover warning; the page shows alt=""', async () => {
    const writer = await newAccount('author', 'Decorator');
    const category = await newCategory();
    const cover = await uploadAs(writer, [90, 90, 90, 255]);
    const { page, errors, close } = await newPostEditor(writer);
    const title = `Decorated ${Date.now().toString(36)}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Category').selectOption(category.slug);
    await page.getByLabel('Excerpt').fill('A post whose cover is only decoration.');
    await page.getByLabel('Body (Markdown)').fill('Plain words, nothing to fix.');
    await page.getByLabel('Cover image URL').fill(cover);
    const alt = page.getByLabel('Alt text', { exact: true });
    await alt.fill('Typed, then thought better of');
    await page.getByLabel('Decorative image (no alt text)').check();
    await expect(alt.isDisabled()).resolves.toBe(true);
    await expect(alt.inputValue()).resolves.toBe('');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.waitForURL(/\/details\/[^/]+\/edit$/);
    await page.getByText('Published.').waitFor();
    const slug = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);
    const { post } = await api<{ post: { coverImage: string; coverAlt: string; coverDecorative: boolean } }>('GET', `/api/posts/${slug}`);
    expect(post).toMatchObject({ coverImage: cover, coverAlt: '', coverDecorative: true });
    const html = await (await fetch(`${baseURL()}/details/${slug}`)).text();
    expect(html).toMatch(new RegExp(`<img class="post-cover" src="${cover}"[^>]* alt=""/>`));
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the page editor', () => {
  it('checks a page before Publish (image alt text, meta description); Publish anyway publishes', async () => {
    const admin = await newAccount('admin');
    const { context, page, errors } = await openNewPageEditor(browser, admin);
    await page.setViewportSize(PHONE);
    const title = `Checked ${Date.now().toString(36)}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Body (Markdown)').fill('Who we are.\n\n![](https://images.example/team.png)');
    await page.getByRole('button', { name: 'Publish' }).click();
    const dialog = page.getByRole('dialog', { name: 'Before it goes out' });
    await dialog.waitFor();
    await expect(dialog.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-warning')))).resolves.toEqual(['image-alt', 'summary-missing']);
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Keep editing');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/admin/pages/new');

    await page.getByRole('button', { name: 'Publish' }).click();
    await dialog.getByRole('button', { name: 'Publish anyway' }).click();
    const slug = title.toLowerCase().replace(' ', '-');
    await page.waitForURL(`${baseURL()}/admin/pages/${slug}/edit`);
    await page.getByText('Published.').waitFor();
    await expect(api<{ status: string }>('GET', `/api/pages/${slug}`)).resolves.toMatchObject({ title, status: 'published' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
