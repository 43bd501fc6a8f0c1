// Issue 23 item 4 in real Chromium: an admin invites someone from /admin/users, the link from the mail (the
// server's output, MAIL_LOG=console) opens the accept form, and the new person is signed in with their role;
// pending invites are resent and revoked (after confirmation) from the same panel.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseURL, hydrated, launch, login, newContext, newPage, uniqueName } from './support/browser';
import { inviteLinkMailedTo } from './support/mail-log';
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

/** Sends an invite from the panel on /admin/users and waits for its confirmation. */
async function inviteFromUsersPage(page: Page, email: string, role: string): Promise<void> {
  await page.goto('/admin/users');
  await hydrated(page);
  const form = page.locator('form.invite-form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption({ label: role });
  await form.getByRole('button', { name: 'Send invite' }).click();
  await page.getByText(`Invite sent to ${email} as ${role}.`).waitFor();
}

/** A browser signed in as this file's admin that has just sent an invite to a new address with `role`. */
async function adminSendsInvite(prefix: string, role: string) {
  const context = await newContext(browser);
  const { page, errors } = await newPage(context);
  await login(page, admin);
  const email = `${uniqueName(prefix)}@example.com`;
  await inviteFromUsersPage(page, email, role);
  return { context, page, errors, email };
}

/** Opens the mailed link in a fresh browser and fills in the accept form. */
async function acceptInvite(link: string, name: string, username: string) {
  const context = await newContext(browser);
  const { page, errors } = await newPage(context);
  await page.goto(link);
  await hydrated(page);
  await page.getByRole('heading', { name: 'Accept your invite' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password').fill('my own invited password');
  await page.getByRole('button', { name: 'Create account and log in' }).click();
  return { context, page, errors };
}

describe('invites', () => {
  it('an admin invites an editor: the mailed link, the accept form, signed in with the editor’s admin sidebar', async () => {
    const { context, page, email } = await adminSendsInvite('invited-editor', 'Editor');
    const row = page.locator('.invites-panel tr', { hasText: email });
    await expect(row.getByRole('cell').nth(1).textContent()).resolves.toBe('Editor');
    await expect(row.getByRole('cell').nth(2).textContent()).resolves.toBe(admin.name);

    const link = await inviteLinkMailedTo(email);
    expect(new URL(link).origin).toBe(baseURL());
    const username = uniqueName('editor');
    const invited = await acceptInvite(link, 'Ed Invited', username);
    await invited.page.waitForURL((url) => url.pathname.startsWith('/admin'));
    const sidebar = invited.page.getByRole('navigation', { name: 'Admin' });
    await sidebar.getByRole('link', { name: 'Posts' }).waitFor();
    await expect(sidebar.getByRole('link', { name: 'Categories' }).count()).resolves.toBe(1);
    for (const adminOnly of ['Users', 'Settings', 'Redirects', 'Import', 'Export']) {
      await expect(sidebar.getByRole('link', { name: adminOnly, exact: true }).count(), adminOnly).resolves.toBe(0);
    }
    expect(invited.errors).toEqual([]);

    // The link worked once; the invite has left the pending list.
    await invited.context.clearCookies();
    await invited.page.goto(link);
    await hydrated(invited.page);
    await invited.page.getByText('This invite link is not valid any more').waitFor();
    await invited.context.close();
    await page.goto('/admin/users');
    await hydrated(page);
    await expect(page.locator('.invites-panel tr', { hasText: email }).count()).resolves.toBe(0);
    await context.close();
  });

  it('an invited admin lands on the dashboard with the whole sidebar', async () => {
    const { context, email } = await adminSendsInvite('invited-admin', 'Admin');
    const invited = await acceptInvite(await inviteLinkMailedTo(email), 'Ada Invited', uniqueName('admin'));
    await invited.page.waitForURL(`${baseURL()}/admin/dashboard`);
    await invited.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).waitFor();
    expect(invited.errors).toEqual([]);
    await invited.context.close();
    await context.close();
  });

  it('resends (new link, the old one dead) and revokes after confirmation from the pending list', async () => {
    const { context, page, errors, email } = await adminSendsInvite('pending', 'Author');
    const first = await inviteLinkMailedTo(email);
    const row = page.locator('.invites-panel tr', { hasText: email });
    await row.getByRole('button', { name: /^Resend/ }).click();
    await page.getByText(`The invite to ${email} was sent again with a new link`).waitFor();
    let second = first;
    // The new mail goes through the mail queue: wait for it (up to 5 s).
    for (let i = 0; i < 50 && second === first; i++) {
      await new Promise((r) => setTimeout(r, 100));
      second = await inviteLinkMailedTo(email);
    }
    expect(second).not.toBe(first);

    await row.getByRole('button', { name: /^Revoke/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`The link mailed to ${email} will stop working`).waitFor();
    await dialog.getByRole('button', { name: 'Revoke invite' }).click();
    await page.getByText(`The invite to ${email} was revoked`).waitFor();
    await row.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);

    const visitor = await newContext(browser);
    const { page: theirs } = await newPage(visitor);
    await theirs.goto(second);
    await hydrated(theirs);
    await theirs.getByText('This invite link is not valid any more').waitFor();
    await visitor.close();
    await context.close();
  });

  it('the accept form works with JavaScript off: an invited author lands on the home page signed in', async () => {
    const { context, email } = await adminSendsInvite('no-script', 'Author');
    const link = await inviteLinkMailedTo(email);
    await context.close();

    const noScript = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const theirs = await noScript.newPage();
    await theirs.goto(link);
    await theirs.getByLabel('Name', { exact: true }).fill('Nora Noscript');
    await theirs.getByLabel('Username', { exact: true }).fill(uniqueName('noscript'));
    await theirs.getByLabel('Password').fill('my own invited password');
    await theirs.getByRole('button', { name: 'Create account and log in' }).click();
    await theirs.waitForURL(`${baseURL()}/`);
    const me = await theirs.request.get('/api/verify');
    expect(((await me.json()) as { user: { name: string; role: number } }).user).toMatchObject({ name: 'Nora Noscript', role: 1 });
    await noScript.close();
  });
});
