// Issue 8, items 7 and 18 in real Chromium: a password change confirms itself and empties its fields;
// the login page says how long to wait after too many attempts.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, hydrated, launch, newContext, newPage, uniqueName } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function register(page: Page, password: string): Promise<void> {
  const username = uniqueName('pw');
  await page.goto('/register');
  await hydrated(page);
  await page.getByLabel('Name', { exact: true }).fill('Petra Password');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${baseURL()}/`);
}

describe('changing the password on /profile/edit (item 7)', () => {
  it('shows "Password changed", empties both fields, and the new session keeps the user signed in', async () => {
    const context = await newContext(browser);
    const { page, errors } = await newPage(context);
    await register(page, 'the first password');

    await page.goto('/profile/edit');
    await hydrated(page);
    const current = page.getByLabel('Current password');
    const next = page.getByLabel('New password');
    await current.fill('the first password');
    await next.fill('the second password');
    await page.getByRole('button', { name: 'Change password' }).click();

    await page.getByRole('status').filter({ hasText: 'Password changed' }).waitFor();
    expect(await current.inputValue()).toBe('');
    expect(await next.inputValue()).toBe('');
    await expect(page.getByRole('alert').count()).resolves.toBe(0);

    // The replaced session (new cookie) still signs this browser in.
    await page.reload();
    await hydrated(page);
    expect(new URL(page.url()).pathname).toBe('/profile/edit');
    await page.getByRole('heading', { name: 'Edit profile' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the login page after too many attempts (item 18)', () => {
  it('says "Too many attempts — try again in N minutes" from Retry-After', async () => {
    const context = await newContext(browser);
    const { page } = await newPage(context);
    const login = uniqueName('nobody'); // unknown names are counted by their text, per address
    await page.goto('/login');
    await hydrated(page);
    await page.getByLabel('Username or email').fill(login);
    for (let i = 0; i < 5; i++) {
      await page.getByLabel('Password').fill(`wrong guess ${i}`);
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
      await page.getByRole('button', { name: 'Log in' }).click();
      expect((await answer).status()).toBe(401);
    }
    await page.getByLabel('Password').fill('wrong guess 6');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await page.getByRole('button', { name: 'Log in' }).click();
    const res = await answer;
    expect(res.status()).toBe(429);
    const minutes = Math.ceil(Number(res.headers()['retry-after']) / 60);
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeLessThanOrEqual(15);

    const message = page.getByRole('alert').filter({ hasText: 'Too many attempts' });
    await message.waitFor();
    expect(await message.textContent()).toBe(`Too many attempts — try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`);
    await context.close();
  });
});
