// /admin/redirects in real Chromium (product.md §14): an admin adds a redirect in the screen (a taken
// `from` is shown at its field), a visitor following the old address lands on the new one with its page
// shown, and once the admin deletes it (after confirming) the old address is "not found" again. The
// screen is axe-clean and fits a 390 px phone.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseURL, hydrated, launch, login, newContext, newPage, uniqueName } from './support/browser';
import { type Account, newAccount, newPost } from './support/own-data';

let browser: Browser;
let admin: Account;
let post: { slug: string; title: string };
beforeAll(async () => {
  browser = await launch();
  admin = await newAccount('admin');
  post = await newPost(await newAccount('author'));
});
afterAll(async () => {
  await browser?.close();
});

describe('/admin/redirects', () => {
  it('an admin adds a redirect; a visitor at the old address lands on the new one; deleted, the old address is 404', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 390, height: 844 } });
    const { page, errors } = await newPage(context);
    await login(page, admin);
    await page.goto('/admin/redirects');
    await hydrated(page);
    // On a phone the admin's screens are folded into its "Menu", which names the current one.
    await page.getByRole('navigation', { name: 'Admin' }).getByText('Menu: Redirects').waitFor();

    const from = `/${uniqueName('2019/05/old-post')}/`;
    await page.getByRole('textbox', { name: 'From' }).fill(from);
    await page.getByRole('textbox', { name: 'To' }).fill(`/details/${post.slug}`);
    await page.getByRole('button', { name: 'Add redirect' }).click();
    const fromKey = from.replace(/\/$/, '');
    await page.getByText(`Redirect added: ${fromKey} → /details/${post.slug} (301).`).waitFor();
    await page.getByRole('row', { name: new RegExp(`${fromKey}.*/details/${post.slug}.*301.*Added here`) }).waitFor();
    await expect(page.getByRole('textbox', { name: 'From' }).inputValue()).resolves.toBe('');

    // The same address again: the Worker's 409 at From; a bad To: the contract's message at To.
    await page.getByRole('textbox', { name: 'From' }).fill(fromKey);
    await page.getByRole('textbox', { name: 'To' }).fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Add redirect' }).click();
    await page.getByText('Only https URLs may leave the site').waitFor();
    await page.getByRole('textbox', { name: 'To' }).fill('/search');
    await page.getByRole('button', { name: 'Add redirect' }).click();
    await page.getByText('There is already a redirect from this address').waitFor();
    await expect(page.getByRole('textbox', { name: 'From' }).getAttribute('aria-invalid')).resolves.toBe('true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);

    const visitor = await newContext(browser);
    const { page: reader } = await newPage(visitor);
    const answer = await reader.goto(from);
    expect(reader.url()).toBe(`${baseURL()}/details/${post.slug}`);
    expect(answer?.status()).toBe(200);
    await reader.getByRole('heading', { level: 1, name: post.title }).waitFor();

    await page.getByRole('button', { name: `Delete the redirect from ${fromKey}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this redirect?' });
    await dialog.getByRole('button', { name: 'Delete redirect' }).click();
    await page.getByText(`Redirect from ${fromKey} deleted.`).waitFor();
    await expect.poll(() => page.getByRole('row', { name: new RegExp(fromKey) }).count()).toBe(0);

    const gone = await reader.goto(from);
    expect(gone?.status()).toBe(404);
    expect(errors).toEqual([]);
    await visitor.close();
    await context.close();
  });
});
