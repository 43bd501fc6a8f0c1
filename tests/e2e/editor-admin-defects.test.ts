// Issue 8, items 6, 9–13, in real Chromium: form feedback where the author is looking (and gone once the
// field is fixed), the scheduled post's Update, messages shown once, admin filters that clear and offer a
// choice of authors, the admin editor staying in the admin area, and category deletes explained up front.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseURL, hydrated, launch, login, newContext, newPage, uniqueName, createPostViaApi } from './support/browser';
import { type Account, newAccount, newCategory, newPost } from './support/own-data';

let browser: Browser;
let author: Account;
let otherAuthor: Account;
let admin: Account;
/** A category of this file's own, with one post of `author`'s (titled with an "a", for the title filter). */
let category: { slug: string; name: string };
beforeAll(async () => {
  browser = await launch();
  [author, otherAuthor, admin] = [await newAccount('author'), await newAccount('author'), await newAccount('admin')];
  category = await newCategory();
  await newPost(author, { category: category.slug, title: uniqueName('Catalogued post') });
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(who: { login: string; password: string }): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await newContext(browser);
  const { page, errors } = await newPage(context);
  await login(page, who);
  return { page, errors, close: () => context.close() };
}

/** True when the element's box lies wholly inside the viewport. */
const inViewport = (locator: Locator): Promise<boolean> =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  });

const focusedName = (page: Page): Promise<string | null> => page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);

const apiPost = (page: Page, data: Record<string, unknown>) =>
  createPostViaApi<{ slug: string; title: string; publishedAt: string | null; version: number }>(page, data);

describe('editor feedback (item 6)', () => {
  it('a save with an empty title shows the error beside the buttons and at the title, focuses the title, and clears it once the title is typed', async () => {
    const { page, errors, close } = await signedIn(author);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/create-post');
    await hydrated(page);
    await page.getByLabel('Body (Markdown)').fill('A body long enough to be worth saving.');
    const save = page.getByRole('button', { name: 'Save draft' });
    await save.scrollIntoViewIfNeeded();
    await save.click();

    const banner = page.getByRole('alert').filter({ hasText: 'Please correct the highlighted field' });
    await banner.waitFor();
    const fieldError = page.getByText('Title is required');
    await fieldError.waitFor();
    await expect.poll(() => focusedName(page)).toBe('title'); // focus moves in an effect, after the message paints
    // Both the message and the buttons it belongs to are on screen, side by side in the action bar.
    await expect(inViewport(banner)).resolves.toBe(true);
    await expect(inViewport(save)).resolves.toBe(true);
    await expect(inViewport(fieldError)).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.type('Fixed');
    await expect.poll(() => fieldError.count()).toBe(0);
    await expect.poll(() => banner.count()).toBe(0);
    await expect(page.getByLabel('Title', { exact: true }).getAttribute('aria-invalid')).resolves.toBeNull();

    await save.click();
    await page.waitForURL((url) => url.pathname.endsWith('/edit'));
    const saved = page.getByRole('status').filter({ hasText: 'Draft saved.' });
    await saved.waitFor();
    await expect(inViewport(saved)).resolves.toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('an upload or cover URL error goes away as soon as the cover field is edited', async () => {
    const { page, close } = await signedIn(author);
    await page.goto('/create-post');
    await hydrated(page);
    await page.getByLabel('Title', { exact: true }).fill(uniqueName('Cover check'));
    await page.getByLabel('Cover image URL').fill('http://insecure.example/cover.png');
    await page.getByRole('button', { name: 'Save draft' }).click();
    const coverError = page.locator('.field-error');
    await coverError.first().waitFor();
    await expect.poll(() => focusedName(page)).toBe('coverImage'); // focus moves in an effect, after the message paints
    await page.getByLabel('Cover image URL').fill('');
    await expect.poll(() => coverError.count()).toBe(0);
    await close();
  });
});

describe('a scheduled post in the editor (item 9)', () => {
  it('offers Update (keeping its date), Publish now and Unschedule', async () => {
    const { page, close } = await signedIn(author);
    const at = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    const post = await apiPost(page, { title: uniqueName('Later'), body: 'Comes out next week.', category: category.slug, status: 'published', publishedAt: at });
    await page.goto(`/details/${post.slug}/edit`);
    await hydrated(page);
    for (const name of ['Update', 'Publish now', 'Unschedule']) await page.getByRole('button', { name, exact: true }).waitFor();

    await page.getByLabel('Title', { exact: true }).fill(`${post.title} (revised)`);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Scheduled for' }).waitFor();
    const after = ((await (await page.request.get(`/api/posts/${post.slug}`)).json()) as { post: { title: string; status: string; publishedAt: string } }).post;
    expect(after).toMatchObject({ title: `${post.title} (revised)`, status: 'published', publishedAt: post.publishedAt });
    await close();
  });
});

describe('messages that name a field are shown once (item 10)', () => {
  it('registering with a taken username shows "That username is taken" exactly once, at the field', async () => {
    const context = await newContext(browser);
    const { page } = await newPage(context);
    await page.goto('/register');
    await hydrated(page);
    await page.getByLabel('Name', { exact: true }).fill('Someone Else');
    await page.getByLabel('Username', { exact: true }).fill(author.username);
    await page.getByLabel('Email').fill(`${uniqueName('someone')}@example.com`);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('That username is taken').waitFor();
    await expect(page.getByText('That username is taken').count()).resolves.toBe(1);
    await expect.poll(() => focusedName(page)).toBe('username'); // focus moves in an effect, after the message paints
    await context.close();
  });

  it('creating a category with a taken name shows the message once, at the name', async () => {
    const { page, close } = await signedIn(admin);
    await page.goto('/admin/category/create');
    await hydrated(page);
    await page.getByLabel('Name', { exact: true }).fill(category.name);
    await page.getByLabel('Slug').fill(uniqueName('eng'));
    await page.getByRole('button', { name: 'Create category' }).click();
    await page.getByText('That name is already used by another category').waitFor();
    await expect(page.getByText('That name is already used by another category').count()).resolves.toBe(1);
    await close();
  });
});

describe('admin list filters (item 11)', () => {
  it('the author filter is a choice of authors that filters the posts, and Clear empties every field', async () => {
    const { page, close } = await signedIn(admin);
    await page.goto('/admin/posts');
    await hydrated(page);
    const authorFilter = page.getByLabel('Author', { exact: true });
    await expect(authorFilter.evaluate((el) => el.tagName)).resolves.toBe('SELECT');
    await authorFilter.selectOption({ label: `${author.name} (@${author.username})` });
    await page.getByLabel('Status').selectOption('published');
    await page.getByLabel('Title contains').fill('a');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL((url) => url.searchParams.get('author') === author.username);
    await hydrated(page);
    // Columns: select, title, status, author, …
    const authors = await page.locator('.data-table tbody tr td:nth-child(4)').allTextContents();
    expect(authors.length).toBeGreaterThan(0);
    expect(new Set(authors)).toEqual(new Set([author.name]));

    await page.getByRole('link', { name: 'Clear' }).click();
    await page.waitForURL((url) => url.search === '');
    await expect.poll(() => page.getByLabel('Author', { exact: true }).inputValue()).toBe('');
    await expect(page.getByLabel('Status').inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Title contains').inputValue()).resolves.toBe('');
    await close();
  });

  it('Clear on the users list empties the search and the role', async () => {
    const { page, close } = await signedIn(admin);
    await page.goto('/admin/users');
    await hydrated(page);
    // The page also holds the invite form, with a Role of its own.
    const filters = page.getByRole('form', { name: 'Filter users' });
    await page.getByLabel('Name, username or email').fill(author.username);
    await filters.getByLabel('Role').selectOption('1');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === author.username);
    await page.getByRole('link', { name: 'Clear' }).click();
    await page.waitForURL((url) => url.search === '');
    await expect.poll(() => page.getByLabel('Name, username or email').inputValue()).toBe('');
    await expect(filters.getByLabel('Role').inputValue()).resolves.toBe('');
    await close();
  });
});

describe('the admin editor stays in the admin area (item 12)', () => {
  it('New post opens the editor inside admin, saving stays there, and Delete returns to /admin/posts with a confirmation', async () => {
    const { page, close } = await signedIn(admin);
    await page.goto('/admin/posts');
    await hydrated(page);
    await page.getByRole('link', { name: 'New post' }).click();
    await page.waitForURL(`${baseURL()}/admin/posts/new`);
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    const title = uniqueName('Admin draft');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Body (Markdown)').fill('Written from the admin area.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/admin/post/'));
    await page.getByRole('status').filter({ hasText: 'Draft saved.' }).waitFor();
    await expect(page.getByRole('link', { name: 'New post' }).getAttribute('href')).resolves.toBe('/admin/posts/new');

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete post' }).click();
    await page.waitForURL(`${baseURL()}/admin/posts`);
    await page.getByRole('status').filter({ hasText: `“${title}” was deleted.` }).waitFor();
    await close();
  });

  it("an author opening someone else's edit page gets a 403 page saying they can't edit it", async () => {
    const { page, close } = await signedIn(author);
    const theirs = await newPost(otherAuthor, { category: category.slug });
    const res = await page.goto(`/details/${theirs.slug}/edit`);
    expect(res?.status()).toBe(403);
    await hydrated(page);
    await page.getByRole('heading', { name: 'You can’t edit this post' }).waitFor();
    await page.getByRole('link', { name: 'Read the post' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/details/${theirs.slug}/edit`);

    // The same in-app, after a client-side navigation.
    await page.goto('/');
    await hydrated(page);
    await page.evaluate((slug) => {
      history.pushState(null, '', `/details/${slug}/edit`);
      dispatchEvent(new PopStateEvent('popstate'));
    }, theirs.slug);
    await page.getByRole('heading', { name: 'You can’t edit this post' }).waitFor();
    await close();
  });
});

describe('category delete is explained up front (item 13)', () => {
  it('a category with posts has no active Delete, with the reason, in the list and on its edit page', async () => {
    const { page, close } = await signedIn(admin);
    const used = await newCategory('Used');
    await newPost(author, { category: used.slug });
    const reason = 'Has 1 post — move or delete them first';

    await page.goto('/admin/categories');
    await hydrated(page);
    const del = page.getByRole('button', { name: `Delete ${used.name}` });
    await expect(del.isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('row', { name: new RegExp(used.name) }).getByText(reason).count()).resolves.toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`/admin/category/${used.slug}`);
    await hydrated(page);
    await expect(page.getByRole('button', { name: `Delete ${used.name}` }).isDisabled()).resolves.toBe(true);
    await page.getByText(reason).waitFor();

    // An empty category can still be deleted from its edit page, landing on the list with a confirmation.
    const name = `Empty ${uniqueName('c')}`;
    const created = await page.request.post('/api/admin/categories', { data: { name }, headers: { origin: baseURL() } });
    const slug = ((await created.json()) as { category: { slug: string } }).category.slug;
    await page.goto(`/admin/category/${slug}`);
    await hydrated(page);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete category' }).click();
    await page.waitForURL(`${baseURL()}/admin/categories`);
    await page.getByText(`Category “${name}” deleted.`).waitFor();
    await close();
  });
});
