// /admin/mail in real Chromium (decision 059): a mail the queue gave up on is listed for an admin on a 390 px
// phone, dismissed with the keyboard after confirming, and the list says when it is empty. Axe-clean.
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, baseURL, hydrated, launch, login, newPage, uniqueName } from './support/browser';
import { type Account, newAccount } from './support/own-data';

let browser: Browser;
let admin: Account;
beforeAll(async () => {
  browser = await launch();
  admin = await newAccount('admin');
});
afterAll(async () => {
  await browser?.close();
});

/** A failure as the queue's consumer records it, written into the running site's local D1. */
function recordFailure(to: string, subject: string): void {
  const persist = dirname(inject('serverLogPath'));
  const sql = `INSERT INTO mail_failures ("to", subject, error, attempts) VALUES ('${to}', '${subject}', 'Error: 550 mailbox unavailable', 6)`;
  const run = spawnSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--config', 'wrangler.toml', '--persist-to', persist, '--command', sql], {
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  if (run.status !== 0) throw new Error(`${run.stdout}${run.stderr}`);
}

describe('/admin/mail', () => {
  it('lists a failed mail on a phone, dismisses it from the keyboard after confirming, then shows the empty list', async () => {
    const to = `${uniqueName('lost')}@example.com`;
    const subject = `Reset your Byline password ${uniqueName('s')}`;
    recordFailure(to, subject);
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 390, height: 844 } });
    const { page, errors } = await newPage(context);
    await login(page, admin);
    await page.goto('/admin/mail');
    await hydrated(page);
    await page.getByRole('heading', { level: 1, name: 'Failed mail' }).waitFor();
    await page.getByRole('row', { name: new RegExp(`${to}.*${subject}.*550 mailbox unavailable.*6 attempts`) }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);

    const dismiss = page.getByRole('button', { name: `Dismiss the failed mail to ${to}` });
    await dismiss.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Dismiss this failed mail?' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toMatch(/^mail-failure-dismiss-/);

    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByText(`The failed mail to ${to} was dismissed.`).waitFor();
    await expect.poll(() => page.getByRole('row', { name: new RegExp(to) }).count()).toBe(0);
    await page.getByText('No failed mail: everything queued was sent.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
