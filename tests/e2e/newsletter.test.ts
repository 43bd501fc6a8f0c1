// The newsletter in real Chromium (decision 069): subscribing from the footer before hydration (a plain post and
// a 303) and after a post once hydrated (fetch, a status message, no navigation); confirming through the link of
// the mail `wrangler dev` printed; the RFC 8058 one-click unsubscribe (no cookie) and the /unsubscribe page's
// button; the admin's list.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, hydrated, launch, login, newContext, newPage, uniqueName } from './support/browser';
import { fromNewestMailTo } from './support/mail-log';
import { api, newAccount, newPost, sessionCookie } from './support/own-data';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const confirmLinkMailedTo = (to: string) => fromNewestMailTo(to, /Subject: Confirm your subscription to [\s\S]*?(http:\/\/\S+\/subscribe\/confirm\?token=\S+)/);
const unsubscribeLinkMailedTo = (to: string) => fromNewestMailTo(to, /List-Unsubscribe: <(http:\/\/\S+\/unsubscribe\?token=[^>]+)>/);

interface SubscriberList {
  items: { email: string; status: string }[];
}
const statusOf = async (email: string) => (await api<SubscriberList>('GET', `/api/admin/subscribers?q=${encodeURIComponent(email)}`)).items[0]?.status;

describe('the newsletter', () => {
  it('subscribes from the footer before hydration, confirms by the mailed link, and unsubscribes with one click', async () => {
    const email = `${uniqueName('reader')}@example.com`;
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('#subscribe-footer-email').fill(email);
    await Promise.all([page.waitForURL(`${baseURL()}/subscribe?notice=sent`), page.locator('.subscribe-footer').getByRole('button', { name: 'Subscribe' }).click()]);
    await page.getByText('Check your inbox').waitFor();
    expect(await statusOf(email)).toBe('pending');

    const link = await confirmLinkMailedTo(email);
    await page.goto(link);
    expect(page.url()).toBe(`${baseURL()}/subscribe?notice=confirmed`);
    await page.getByText('You are subscribed').waitFor();
    expect(await statusOf(email)).toBe('active');
    await context.close();

    // A post sent by email carries the subscriber's one-click link; a mail client posts it without any cookie.
    const author = await newAccount('author');
    await newPost(author, { sendEmail: true });
    const unsubscribe = await unsubscribeLinkMailedTo(email);
    const res = await fetch(unsubscribe, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(await statusOf(email)).toBe('unsubscribed');
  });

  it('subscribes after a post once hydrated, without leaving the page, and unsubscribes with the page’s one button', async () => {
    const email = `${uniqueName('hydrated')}@example.com`;
    const author = await newAccount('author');
    const post = await newPost(author);
    const context = await newContext(browser);
    const { page, errors } = await newPage(context);
    await page.goto(`/details/${post.slug}`);
    await hydrated(page);
    const form = page.locator('.subscribe-post');
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await form.getByRole('status').getByText('Check your inbox').waitFor();
    expect(page.url()).toBe(`${baseURL()}/details/${post.slug}`);

    await page.goto(await confirmLinkMailedTo(email));
    await page.getByText('You are subscribed').waitFor();
    await newPost(author, { sendEmail: true });
    await page.goto(await unsubscribeLinkMailedTo(email));
    await hydrated(page);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('You are unsubscribed').waitFor();
    expect(await statusOf(email)).toBe('unsubscribed');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists subscribers for an admin with counts, a search and the export link, and unsubscribes one after confirmation', async () => {
    const email = `${uniqueName('listed')}@example.com`;
    const imported = await fetch(`${baseURL()}/api/admin/subscribers/import`, {
      method: 'POST',
      body: `email\n${email}\n`,
      headers: { 'content-type': 'text/csv', origin: baseURL(), cookie: await sessionCookie(inject('harnessAdmin')) },
    });
    expect(await imported.json()).toEqual({ imported: 1, skipped: 0, errors: [] });
    const context = await newContext(browser);
    const { page } = await newPage(context);
    await login(page, inject('harnessAdmin'));
    await page.goto(`/admin/subscribers?q=${encodeURIComponent(email)}`);
    await hydrated(page);
    await page.getByRole('heading', { name: 'Subscribers' }).waitFor();
    await page.getByRole('cell', { name: email, exact: true }).waitFor();
    await page.getByText('waiting for confirmation').waitFor();
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/admin/subscribers.csv');
    await page.getByRole('button', { name: `Unsubscribe ${email}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText(`${email} was unsubscribed.`).waitFor();
    expect(await statusOf(email)).toBe('unsubscribed');
    await context.close();
  });
});
