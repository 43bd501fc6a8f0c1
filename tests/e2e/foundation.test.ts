// Issue 2 journeys in real Chromium: accounts, guards, the 404 page, the theme, SSR and accessibility.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  baseURL,
  hydrated,
  launch,
  login,
  newContext,
  newPage,
  setThemeBeforeLoad,
  uniqueName,
} from './support/browser';
import { type Account, newAccount } from './support/own-data';

let browser: Browser;
let author: Account;
let admin: Account;
beforeAll(async () => {
  browser = await launch();
  author = await newAccount('author');
  admin = await newAccount('admin');
});
afterAll(async () => {
  await browser?.close();
});

describe('accounts', () => {
  it('registers, stays signed in across a reload, and logs out', async () => {
    const context = await newContext(browser);
    const { page, errors } = await newPage(context);
    const username = uniqueName('reader');
    await page.goto('/register');
    await hydrated(page);
    await page.getByLabel('Name', { exact: true }).fill('Rita Reader');
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${baseURL()}/`);
    await page.getByRole('button', { name: 'Rita Reader' }).waitFor();

    await page.reload();
    await hydrated(page);
    await page.getByRole('button', { name: 'Rita Reader' }).waitFor();

    await page.getByRole('button', { name: 'Rita Reader' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows field errors from the shared rules without sending a bad form', async () => {
    const context = await newContext(browser);
    const { page } = await newPage(context);
    await page.goto('/register');
    await hydrated(page);
    await page.getByLabel('Username', { exact: true }).fill('x');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Username must be at least 3 characters').waitFor();
    await page.getByText('Name is required').waitFor();
    await context.close();
  });
});

describe('guards', () => {
  it('sends a visitor from /create-post to /login?redirect=… and back there after login', async () => {
    const context = await newContext(browser);
    const { page } = await newPage(context);
    await page.goto('/create-post');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/create-post');
    await hydrated(page);
    await page.getByLabel('Username or email').fill(author.login);
    await page.getByLabel('Password').fill(author.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${baseURL()}/create-post`);
    await context.close();
  });

  it('sends a signed-in user away from /login to /', async () => {
    const context = await newContext(browser);
    const { page } = await newPage(context);
    await login(page, author);
    await page.goto('/login');
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('shows an author the 403 page at /admin/dashboard (their role has no admin screens)', async () => {
    const context = await newContext(browser);
    const { page } = await newPage(context);
    await login(page, author);
    const res = await page.goto('/admin/dashboard');
    expect(res?.status()).toBe(403);
    await page.getByRole('heading', { level: 1, name: 'You can’t open this page' }).waitFor();
    await context.close();
  });

  it('lets an admin into /admin/dashboard', async () => {
    const context = await newContext(browser);
    const { page } = await newPage(context);
    await login(page, admin);
    await page.goto('/admin/dashboard');
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await context.close();
  });
});

describe('error pages', () => {
  it("shows 'Page Not Found' with the path, and the server answered 404", async () => {
    const context = await newContext(browser);
    const { page, errors } = await newPage(context);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Page Not Found');
    await expect(page.locator('main').textContent()).resolves.toContain('/no/such/page');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('theme', () => {
  it('is dark on the first visit, saved, and the toggle persists across reloads', async () => {
    const context = await newContext(browser);
    const { page } = await newPage(context);
    await page.goto('/');
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('dark');
    await expect(page.evaluate(() => localStorage.getItem('theme'))).resolves.toBe('dark');
    await hydrated(page);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('light');
    await page.reload();
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('light');
    await expect(page.evaluate(() => localStorage.getItem('theme'))).resolves.toBe('light');
    await hydrated(page);
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    await context.close();
  });

  it('applies the saved theme before first paint (no flash): the attribute is set before any stylesheet paints', async () => {
    const context = await newContext(browser);
    await setThemeBeforeLoad(context, 'light');
    const { page } = await newPage(context);
    await page.goto('/', { waitUntil: 'commit' });
    // The inline head script runs before <body> is parsed, so the first body parse already sees it.
    await page.waitForSelector('body');
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('light');
    await context.close();
  });
});

describe('server rendering', () => {
  it("the HTML of / already contains the page's content before any script runs", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toBeTruthy();
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await context.close();
  });
});

describe('accessibility', () => {
  for (const theme of ['dark', 'light'] as const) {
    for (const path of ['/', '/login', '/register', '/no-such-page']) {
      it(`axe finds no violations on ${path} in the ${theme} theme`, async () => {
        const context = await newContext(browser);
        await setThemeBeforeLoad(context, theme);
        const { page } = await newPage(context);
        await page.goto(path);
        await hydrated(page);
        expect(await axeViolations(page)).toEqual([]);
        await context.close();
      });
    }
  }
});
