// Issue 20 item 1 in real Chromium (product.md §13): with JavaScript off, every sign-in and profile form is a
// real POST to its API path; the Worker answers with a 303 (signed in, saved) or the form again with its
// errors and what was typed — and a password never reaches a URL. Also a form posted before the script ran
// hydrates afterwards at its page's own address, and item 13: a used reset link says so when it opens.
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, hydrated, newPage, uniqueName, launch } from './support/browser';
import { fromNewestMailTo, resetLinkMailedTo } from './support/mail-log';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A browser with JavaScript disabled, every URL it asked for recorded. */
async function scriptless(): Promise<{ context: BrowserContext; page: Page; urls: string[] }> {
  const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
  const page = await context.newPage();
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return { context, page, urls };
}

/** Clicks a form's button and answers the response to its POST (a 303, or the form again). */
async function submit(page: Page, button: string, action: string): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === action),
    page.getByRole('button', { name: button }).click(),
  ]);
  await page.waitForLoadState();
  return response;
}

/** Nothing the browser asked for or keeps in its history holds `secret`. */
async function expectNowhereInUrls(page: Page, urls: string[], secret: string): Promise<void> {
  for (const url of [...urls, page.url()]) expect(decodeURIComponent(url)).not.toContain(secret);
}

async function registerScriptless(page: Page, password = `pw-${uniqueName('p')}`) {
  const username = uniqueName('nojs');
  const email = `${username}@example.com`;
  await page.goto('/register');
  await page.getByLabel('Name', { exact: true }).fill('No Script');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  const res = await submit(page, 'Create account', '/api/auth/register');
  expect(res.status()).toBe(303);
  return { username, email, password };
}

/** An account registered in a browser of its own (then closed), so the test's browser starts signed out. */
async function accountMadeWithoutScript() {
  const { context, page } = await scriptless();
  const account = await registerScriptless(page);
  await context.close();
  return account;
}

describe('with JavaScript disabled', () => {
  it('log in: a wrong password comes back as the form (401, message, login kept, password empty); the right one signs in and goes to ?redirect=', async () => {
    const account = await accountMadeWithoutScript();

    const { context: fresh, page, urls } = await scriptless();
    await page.goto('/login?redirect=%2Fprofile');
    const form = page.locator('form').first();
    expect(await form.getAttribute('method')).toBe('post');
    await page.getByLabel('Username or email').fill(account.username);
    await page.getByLabel('Password').fill('not the password at all');
    const refused = await submit(page, 'Log in', '/api/auth/login');
    expect(refused.status()).toBe(401);
    await page.getByText('That username or email and password do not match').waitFor();
    expect(await page.getByLabel('Username or email').inputValue()).toBe(account.username);
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    expect(await page.content()).not.toContain('not the password at all');

    await page.getByLabel('Password').fill(account.password);
    const signedIn = await submit(page, 'Log in', '/api/auth/login');
    expect(signedIn.status()).toBe(303);
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.getByRole('heading', { name: 'No Script' }).waitFor();
    await expectNowhereInUrls(page, urls, account.password);
    await expectNowhereInUrls(page, urls, 'not the password at all');
    await fresh.close();
  });

  it('register: a refused sign-up keeps what was typed but the password (422); a good one signs in at /', async () => {
    const { context, page, urls } = await scriptless();
    const username = uniqueName('nojs');
    await page.goto('/register');
    await page.getByLabel('Name', { exact: true }).fill('Short Password');
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password').fill('short');
    const refused = await submit(page, 'Create account', '/api/auth/register');
    expect(refused.status()).toBe(422);
    await page.getByText('Password must be at least 8 characters').waitFor();
    expect(await page.getByLabel('Username', { exact: true }).inputValue()).toBe(username);
    expect(await page.getByLabel('Password').inputValue()).toBe('');

    await page.getByLabel('Password').fill('a long enough password');
    const created = await submit(page, 'Create account', '/api/auth/register');
    expect(created.status()).toBe(303);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Short Password' }).waitFor();
    await expectNowhereInUrls(page, urls, 'a long enough password');
    await context.close();
  });

  it('forgot and reset password: the link mailed, a refused password shown again, the new one signs in; the used link says so at once', async () => {
    const account = await accountMadeWithoutScript();

    const { context, page, urls } = await scriptless();
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(account.email);
    const asked = await submit(page, 'Send reset link', '/api/auth/password-reset');
    expect(asked.status()).toBe(303);
    await page.getByText('If an account uses that address').waitFor();

    const link = await resetLinkMailedTo(account.email);
    await page.goto(link);
    await page.getByLabel('New password').fill('short');
    const refused = await submit(page, 'Set password and log in', '/api/auth/password-reset/confirm');
    expect(refused.status()).toBe(422);
    await page.getByText('Password must be at least 8 characters').waitFor();
    expect(await page.getByLabel('New password').inputValue()).toBe('');

    await page.getByLabel('New password').fill('the reset password');
    const reset = await submit(page, 'Set password and log in', '/api/auth/password-reset/confirm');
    expect(reset.status()).toBe(303);
    expect(new URL(page.url()).pathname).toBe('/');
    await expectNowhereInUrls(page, urls, 'the reset password');
    await context.close();

    // Item 13: the used link says it is invalid as the page opens, before any password is typed.
    const { context: later, page: again } = await scriptless();
    await again.goto(link);
    await again.getByText('This reset link is not valid any more').waitFor();
    expect(await again.getByLabel('New password').count()).toBe(0);
    await later.close();
  });

  it('profile edit and password change: saved with a notice; a wrong current password shown again without either password', async () => {
    const { context, page, urls } = await scriptless();
    const account = await registerScriptless(page);
    await page.goto('/profile/edit');
    await page.getByLabel('Name', { exact: true }).fill('Renamed Without Script');
    await page.getByLabel('Bio').fill('Written with JavaScript off.');
    const saved = await submit(page, 'Save profile', '/api/profile');
    expect(saved.status()).toBe(303);
    await page.getByText('Profile saved.').waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Renamed Without Script');
    expect(await page.getByLabel('Bio').inputValue()).toBe('Written with JavaScript off.');

    await page.getByLabel('Current password').fill('wrong current one');
    await page.getByLabel('New password').fill('a second password');
    const refused = await submit(page, 'Change password', '/api/profile/password');
    expect(refused.status()).toBe(422);
    expect(await page.getByLabel('Current password').inputValue()).toBe('');
    expect(await page.getByLabel('New password').inputValue()).toBe('');
    const html = await page.content();
    expect(html).not.toContain('wrong current one');
    expect(html).not.toContain('a second password');

    await page.getByLabel('Current password').fill(account.password);
    await page.getByLabel('New password').fill('a second password');
    const changed = await submit(page, 'Change password', '/api/profile/password');
    expect(changed.status()).toBe(303);
    await page.getByText('Password changed.').waitFor();
    for (const secret of [account.password, 'a second password', 'wrong current one']) await expectNowhereInUrls(page, urls, secret);
    await context.close();
  });

  it('search is a GET form to /search', async () => {
    const { context, page } = await scriptless();
    await page.goto('/');
    await page.getByRole('searchbox').first().fill('aurora');
    await page.getByRole('searchbox').first().press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe('aurora');
    await context.close();
  });
});

describe('a form posted before the script ran', () => {
  it('comes back at its page address and hydrates; the hydrated form then signs in through the API', async () => {
    const account = await accountMadeWithoutScript();

    const context = await browser.newContext({ baseURL: baseURL() });
    // The page's scripts are held back until the form has been posted: a visitor who is quicker than the script.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await context.route('**/assets/**/*.js', async (route) => {
      await held;
      await route.continue();
    });
    const { page, errors } = await newPage(context);
    // Module scripts hold DOMContentLoaded back, so the form is used as soon as it is parsed.
    await page.goto('/login?redirect=%2Fprofile', { waitUntil: 'commit' });
    await page.getByLabel('Username or email').fill(account.username);
    await page.getByLabel('Password').fill('typed before hydration');
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/auth/login'),
      page.getByRole('button', { name: 'Log in' }).click({ noWaitAfter: true }),
    ]);
    expect(refused.status()).toBe(401);
    release();
    await hydrated(page);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/login?redirect=%2Fprofile');
    await page.getByText('That username or email and password do not match').waitFor();
    expect(await page.getByLabel('Username or email').inputValue()).toBe(account.username);

    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${baseURL()}/profile`);
    await page.getByRole('heading', { name: 'No Script' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

// New-device verification (product.md §15): the code step, before and after hydration.
describe('the login code step for a new device', () => {
  /** A new account that ten wrong logins from ten networks have put under attack (product.md §15). */
  async function attackedAccount() {
    const account = await accountMadeWithoutScript();
    for (let i = 1; i <= 10; i++) {
      await fetch(`${baseURL()}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseURL(), 'cf-connecting-ip': `198.51.100.${i}` },
        body: JSON.stringify({ login: account.username, password: `guess-${i}` }),
      });
    }
    return account;
  }

  const codeMailedTo = (to: string) => fromNewestMailTo(to, /\b(\d{6})\b/);

  it('with JavaScript off: the code step comes back with the login hidden, and the mailed code signs in', async () => {
    const account = await attackedAccount();

    const { context, page, urls } = await scriptless();
    await page.goto('/login?redirect=%2Fprofile');
    await page.getByLabel('Username or email').fill(account.username);
    await page.getByLabel('Password').fill(account.password);
    const asked = await submit(page, 'Log in', '/api/auth/login');
    expect(asked.status()).toBe(200);
    await page.getByText('We sent a code to your email').waitFor();
    expect(await page.locator('input[type="hidden"][name="login"]').inputValue()).toBe(account.username);
    expect(await page.content()).not.toContain(account.password);

    await page.getByLabel('Code from the mail').fill('000000');
    const wrong = await submit(page, 'Confirm and log in', '/api/auth/verify-device');
    expect(wrong.status()).toBe(400);
    await page.getByLabel('Code from the mail').fill(await codeMailedTo(account.email));
    const confirmed = await submit(page, 'Confirm and log in', '/api/auth/verify-device');
    expect(confirmed.status()).toBe(303);
    expect(new URL(page.url()).pathname).toBe('/profile');
    await expectNowhereInUrls(page, urls, account.password);
    await context.close();
  });

  it('hydrated: a 202 shows the code step, and the mailed code signs in', async () => {
    const account = await attackedAccount();

    const context = await browser.newContext({ baseURL: baseURL() });
    const { page, errors } = await newPage(context);
    await page.goto('/login');
    await hydrated(page);
    await page.getByLabel('Username or email').fill(account.username);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('We sent a code to your email').waitFor();
    await page.getByLabel('Code from the mail').fill(await codeMailedTo(account.email));
    await page.getByRole('button', { name: 'Confirm and log in' }).click();
    await page.waitForURL(`${baseURL()}/`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
