// The registration policy in real Chromium (issue 23 item 3, product.md §15): under `invite` the register page
// says the site is invite-only and has no form, and the login page offers no "Create an account"; under
// `review` a visitor registers and their profile shows "Contributor". The honeypot is out of people's way:
// off-screen and skipped by the keyboard. Settings are global: the policy is set back to `open` afterwards.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hydrated, launch, newContext, newPage, uniqueName } from './support/browser';
import { api } from './support/own-data';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await api('PATCH', '/api/admin/settings', { registration: 'open' });
  await browser?.close();
});

const setRegistration = (registration: 'open' | 'review' | 'invite' | 'closed') => api('PATCH', '/api/admin/settings', { registration });

describe('the register page under each policy', () => {
  it('invite: "This site is invite-only", no form, and no way to it from the login page', async () => {
    await setRegistration('invite');
    const context = await newContext(browser);
    const { page, errors } = await newPage(context);
    await page.goto('/register');
    await hydrated(page);
    await page.getByRole('heading', { name: 'This site is invite-only' }).waitFor();
    expect(await page.locator('form').count()).toBe(0);
    expect(await page.getByLabel('Password').count()).toBe(0);

    await page.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Username or email').waitFor();
    expect(await page.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('review: a visitor registers (the honeypot off-screen and skipped by Tab) and their profile shows "Contributor"', async () => {
    await setRegistration('review');
    // At phone width (390 px).
    const own = await newContext(browser);
    const { page, errors } = await newPage(own);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/register');
    await hydrated(page);
    await page.getByText('New accounts are reviewed before publishing').waitFor();

    const honeypot = page.locator('input[name="website"]');
    const box = await honeypot.boundingBox();
    expect(box === null || box.x + box.width <= 0).toBe(true);
    expect(await honeypot.getAttribute('tabindex')).toBe('-1');

    const username = uniqueName('contrib');
    await page.getByLabel('Name', { exact: true }).fill('Con Tributor');
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password').fill(`pw-${uniqueName('p')}-long`);
    await page.getByLabel('Password').press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Create account');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/profile');
    await page.getByText(`@${username} · Contributor`).waitFor();
    expect(errors).toEqual([]);
    await own.close();
  });
});
