// Issue 11's writing, in real Chromium against the built site: a post with two tags and an image inserted
// in the body; text typed and then reloaded comes back; autosave of a draft; two revisions and a restore;
// a changed slug whose old address still leads to the post; a session that ends during a save returns the
// author to their text; the editor at 390 and 1280 px in both themes, keyboard-usable and axe-clean.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseURL, hydrated, launch, login, newContext, newPage, setThemeBeforeLoad, uniqueName, createPostViaApi } from './support/browser';
import { type Account, newAccount, newCategory } from './support/own-data';
import { tinyPng } from './support/png';

let browser: Browser;
let author: Account;
let category: string;
beforeAll(async () => {
  browser = await launch();
  author = await newAccount('author');
  category = (await newCategory()).slug;
});
afterAll(async () => {
  await browser?.close();
});

interface ApiPost {
  slug: string;
  title: string;
  body: string;
  version: number;
  status: string;
  tags: { slug: string; name: string }[];
}

async function signedIn(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser);
  const { page, errors } = await newPage(context);
  page.on('dialog', (d) => void d.accept()); // "leave with unsaved changes?" — yes, the test means to
  await login(page, author);
  return { context, page, errors };
}

const apiPost = async (page: Page, slug: string): Promise<ApiPost> =>
  ((await (await page.request.get(`/api/posts/${slug}`)).json()) as { post: ApiPost }).post;

const body = (page: Page) => page.getByLabel('Body (Markdown)');

/** A published post made through the API, opened in the editor. */
async function openNewPost(page: Page, text: string): Promise<ApiPost> {
  const post = await createPostViaApi<ApiPost>(page, {
    title: uniqueName('Revised post'),
    body: text,
    category,
    status: 'published',
  });
  await page.goto(`/details/${post.slug}/edit`);
  await hydrated(page);
  return post;
}

describe('writing a post (issue 11)', () => {
  it('writes a post with two tags and an image inserted in the body, then publishes it', async () => {
    const { context, page, errors } = await signedIn();
    await page.goto('/create-post');
    await hydrated(page);
    const title = uniqueName('Tagged and illustrated');
    await page.getByLabel('Title').fill(title);
    await expect(page.getByLabel('Slug').inputValue()).resolves.toBe(title.toLowerCase().replace(/ /g, '-'));

    const tags = page.getByLabel('Tags', { exact: true });
    const newTag = uniqueName('Field tag');
    await tags.fill('Edge cache');
    await tags.press('Enter');
    await tags.fill(newTag);
    await tags.press('Enter');
    await expect(page.getByRole('button', { name: /^Remove tag/ }).count()).resolves.toBe(2);
    // keyboard: Backspace in the empty field removes the last chip; add it back
    await tags.press('Backspace');
    await expect(page.getByRole('button', { name: /^Remove tag/ }).count()).resolves.toBe(1);
    await tags.fill(newTag);
    await tags.press('Enter');

    await body(page).fill('Before the picture.\n\nAfter the picture.');
    await body(page).evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(19, 19)); // after "Before the picture."
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Insert image' }).click();
    await (await chooser).setFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: tinyPng() });
    const alt = page.getByLabel('Alt text (what the image shows)');
    await expect.poll(() => alt.evaluate((el) => el === document.activeElement)).toBe(true);
    await alt.fill('A tiny diagram');
    await alt.press('Enter');
    await expect.poll(() => body(page).inputValue()).toMatch(/^Before the picture\.\n!\[A tiny diagram\]\(\/media\/[^)]+\)\n\nAfter the picture\.$/);
    await page.locator('.preview img[alt="A tiny diagram"]').waitFor();
    await expect(page.locator('.word-count').textContent()).resolves.toMatch(/^\d+ words · 1 min read$/);

    await page.getByRole('button', { name: 'Publish now' }).click();
    // The pre-publish check lists the missing excerpt (decision 061).
    await page.getByRole('button', { name: 'Publish anyway' }).click();
    await page.waitForURL(/\/details\/[^/]+\/edit$/);
    await page.getByText('Published.').waitFor();
    const slug = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);
    const post = await apiPost(page, slug);
    expect(post.tags.map((t) => t.name)).toEqual(['Edge cache', newTag]);
    expect(post.body).toContain('![A tiny diagram](/media/');

    await page.goto(`/details/${slug}`);
    await hydrated(page);
    await page.locator('img[alt="A tiny diagram"]').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an image that is not an image is refused with a clear message, and nothing is inserted', async () => {
    const { context, page } = await signedIn();
    await openNewPost(page, 'Some words.');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Insert image' }).click();
    await (await chooser).setFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await page.getByLabel('Alt text (what the image shows)').fill('Nothing');
    await page.getByRole('button', { name: 'Upload and insert' }).click();
    await page.getByText(/not an image|JPEG, PNG, WebP, GIF or AVIF/i).first().waitFor();
    await expect(body(page).inputValue()).resolves.toBe('Some words.');
    await context.close();
  });

  it('text typed and then reloaded comes back with "Restore unsaved text"', async () => {
    const { context, page } = await signedIn();
    const post = await openNewPost(page, 'Saved text.');
    // Typed and stored in the same turn, before the browser paints again: a tab closed right after a
    // keystroke keeps it.
    const stored = await body(page).evaluate(async (el: HTMLTextAreaElement, text) => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, text);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 0));
      return Object.keys(localStorage).map((key) => localStorage.getItem(key) ?? '');
    }, 'Saved text. And words typed just before the tab went away.');
    expect(stored.some((copy) => copy.includes('words typed just before'))).toBe(true);
    await page.reload();
    await hydrated(page);
    await page.getByRole('heading', { name: 'Unsaved text found' }).waitFor();
    await expect(body(page).inputValue()).resolves.toBe('Saved text.');
    await page.getByRole('button', { name: 'Restore unsaved text' }).click();
    await expect(body(page).inputValue()).resolves.toBe('Saved text. And words typed just before the tab went away.');
    // a published post changes only on Update
    expect((await apiPost(page, post.slug)).body).toBe('Saved text.');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Published.').waitFor();
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Unsaved text found' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('autosaves a draft a few seconds after typing stops, with no conflict with itself', async () => {
    const { context, page } = await signedIn();
    await page.goto('/create-post');
    await hydrated(page);
    await page.getByLabel('Title').fill(uniqueName('Autosaved draft'));
    await body(page).fill('First words.');
    await page.keyboard.press('Control+s');
    await page.waitForURL(/\/details\/[^/]+\/edit$/);
    await page.getByText('Draft saved.').waitFor();
    const slug = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);
    const before = await apiPost(page, slug);

    await body(page).fill('First words. Then more.');
    await page.locator('.save-state', { hasText: /^Saved$/ }).waitFor({ timeout: 10_000 });
    await expect.poll(async () => (await apiPost(page, slug)).version).toBe(before.version + 1);
    await body(page).fill('First words. Then more. And more again.');
    await page.locator('.save-state', { hasText: /^Unsaved changes/ }).waitFor();
    await page.locator('.save-state', { hasText: /^Saved$/ }).waitFor({ timeout: 10_000 });
    const after = await apiPost(page, slug);
    expect(after.body).toBe('First words. Then more. And more again.');
    expect(after.version).toBe(before.version + 2);
    expect(after.status).toBe('draft');
    await expect(page.locator('.form-message').count()).resolves.toBe(0);
    await context.close();
  });

  it('makes two revisions, shows one beside the current text, and restores it after confirmation', async () => {
    const { context, page, errors } = await signedIn();
    const post = await openNewPost(page, 'Version one text.');
    for (const text of ['Version two text.', 'Version three text.']) {
      await body(page).fill(text);
      await page.getByRole('button', { name: 'Update' }).click();
      await page.getByText('Published.').waitFor();
      await expect.poll(async () => (await apiPost(page, post.slug)).body).toBe(text);
    }
    await page.getByRole('button', { name: 'Show revisions' }).click();
    const items = page.locator('.revision-list li');
    await expect.poll(() => items.count()).toBe(2);
    await expect(items.first().textContent()).resolves.toContain(`Version ${post.version + 1}`);

    await page.getByRole('button', { name: `View version ${post.version}` }).click();
    const compare = page.locator('.revision-compare');
    await compare.waitFor();
    await expect(compare.locator('del').first().textContent()).resolves.toBe('one');
    await expect(compare.locator('ins').first().textContent()).resolves.toBe('three');

    await page.getByRole('button', { name: `Restore version ${post.version}` }).click();
    const dialog = page.getByRole('dialog', { name: `Restore version ${post.version}?` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Restore this version' }).click();
    await page.getByText(`Restored version ${post.version}; it is now version ${post.version + 3}.`).waitFor();
    await expect(body(page).inputValue()).resolves.toBe('Version one text.');
    const restored = await apiPost(page, post.slug);
    expect(restored.body).toBe('Version one text.');
    expect(restored.version).toBe(post.version + 3);
    await expect.poll(() => items.count()).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes the slug of a published post; the old address leads to the new one', async () => {
    const { context, page } = await signedIn();
    const post = await openNewPost(page, 'A post that moves.');
    const slug = page.getByLabel('Slug');
    await expect(slug.inputValue()).resolves.toBe(post.slug);
    const moved = `${post.slug}-moved`;
    await slug.fill(moved);
    await page.getByText('The old address will redirect here.').waitFor();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL((url) => url.pathname === `/details/${moved}/edit`);

    const res = await fetch(`${baseURL()}/details/${post.slug}`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get('location')!, baseURL()).pathname).toBe(`/details/${moved}`);
    await page.goto(`/details/${post.slug}`);
    await hydrated(page);
    expect(new URL(page.url()).pathname).toBe(`/details/${moved}`);
    await page.getByRole('heading', { level: 1, name: post.title }).waitFor();
    await context.close();
  });

  it('a session that ends during a save keeps the text and brings the author back to it after logging in', async () => {
    const { context, page } = await signedIn();
    const post = await openNewPost(page, 'Before the session ended.');
    await body(page).fill('Written while the session ended.');
    await context.clearCookies();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === `/details/${post.slug}/edit`);
    await hydrated(page);
    await page.getByLabel('Username or email').fill(author.login);
    await page.getByLabel('Password').fill(author.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === `/details/${post.slug}/edit`);
    await page.getByRole('button', { name: 'Restore unsaved text' }).click();
    await expect(body(page).inputValue()).resolves.toBe('Written while the session ended.');
    await context.close();
  });
});

describe('the editor on a phone and a desktop', () => {
  for (const theme of ['dark', 'light'] as const) {
    it(`has no sideways scroll and no axe violations at 390 and 1280 px (${theme})`, async () => {
      const context = await newContext(browser);
      await setThemeBeforeLoad(context, theme);
      const { page } = await newPage(context);
      await login(page, author);
      const post = await openNewPost(page, 'A body to compare.\n\nWith two paragraphs.');
      await body(page).fill('A body to compare, changed.');
      await page.getByRole('button', { name: 'Update' }).click();
      await page.getByText('Published.').waitFor();
      await page.getByLabel('Tags', { exact: true }).fill('Layout');
      await page.getByLabel('Tags', { exact: true }).press('Enter');
      await page.getByRole('button', { name: 'Show revisions' }).click();
      await page.getByRole('button', { name: `View version ${post.version}` }).click();
      await page.locator('.revision-compare').waitFor();
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 844 });
        const { scrollWidth, inner } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, inner: window.innerWidth }));
        expect(scrollWidth, `${width} px`).toBeLessThanOrEqual(inner);
        expect(await axeViolations(page), `${width} px`).toEqual([]);
      }
      await context.close();
    });
  }
});
