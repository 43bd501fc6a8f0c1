// The newsletter's opt-in and unsubscribe (decision 069): POST /api/subscribe answers any well-formed address
// the same, mails a single-use, expiring link (only its hash kept) to an address that is not active yet; the
// link confirms; the signed one-click unsubscribe refuses a forged token or another subscriber's; the honeypot
// and the per-network limit; expired pending rows are deleted by the cron's batch.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { SUBSCRIBE_ACCEPTED, SUBSCRIBE_CONFIRM_TTL_MS, SUBSCRIBE_PER_NETWORK_PER_HOUR } from '../../contracts/newsletter';
import { createDb } from '../../worker/db/client';
import { deleteExpiredRows } from '../../worker/jobs/expired-rows';
import { hashToken } from '../../worker/lib/session-token';
import { unsubscribeToken } from '../../worker/services/newsletter-token';
import { uid } from './factories';
import { call, expectError, uniqueIp } from './helpers';
import { linkIn, mailsTo, tokenIn } from './mail-outbox';

const subscribe = (email: string, ip = uniqueIp(), extra: Record<string, string> = {}) => call('/api/subscribe', { json: { email, ...extra }, ip });
const newAddress = () => `reader-${uid()}@example.com`;

interface SubscriberRow {
  id: number;
  email: string;
  status: string;
  source: string;
  confirm_token_hash: string | null;
  confirm_expires_at: number | null;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
}
const rowOf = (email: string) => env.DB.prepare('SELECT * FROM subscribers WHERE email_key = ?').bind(email.toLowerCase()).first<SubscriberRow>();

/** Subscribes and confirms `email` through the mailed link; answers its row. */
async function activeSubscriber(email = newAddress()): Promise<SubscriberRow> {
  await subscribe(email);
  const [mail] = await mailsTo(email);
  const confirm = await call(linkIn(mail!, '/subscribe/confirm').pathname + linkIn(mail!, '/subscribe/confirm').search);
  expect(confirm.headers.get('location')).toBe('/subscribe?notice=confirmed');
  return (await rowOf(email))!;
}

const unsubscribeCall = (token: string, opts: { method?: string; origin?: string } = {}) =>
  call(`/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: opts.method ?? 'POST',
    body: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(opts.origin ? { origin: opts.origin } : {}) },
  });

describe('subscribing (double opt-in)', () => {
  it('answers new, pending, active, unsubscribed and unknown-but-well-formed addresses with the same 202 and body', async () => {
    const active = await activeSubscriber();
    const pending = newAddress();
    await subscribe(pending);
    const gone = await activeSubscriber();
    await unsubscribeCall(await unsubscribeToken(env.SESSION_SECRET, gone.id));
    const answers = await Promise.all([newAddress(), pending, active.email, gone.email].map((e) => subscribe(e)));
    const bodies = await Promise.all(answers.map((a) => a.text()));
    for (const [i, answer] of answers.entries()) {
      expect(answer.status).toBe(202);
      expect(bodies[i]).toBe(JSON.stringify(SUBSCRIBE_ACCEPTED));
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    // An active address gets no second confirmation mail.
    expect(await mailsTo(active.email, 2, 300)).toHaveLength(1);
  });

  it('mails a confirmation link whose token is stored only as its hash, and confirming makes the row active once', async () => {
    const email = newAddress();
    const before = Date.now();
    expect((await subscribe(email)).status).toBe(202);
    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Confirm your subscription to Byline');
    const token = tokenIn(mail!, '/subscribe/confirm');
    expect(token).toMatch(/^sub_[A-Za-z0-9_-]{43}$/);
    expect(mail!.html).toContain(`href="https://byline.test/subscribe/confirm?token=${token}"`);
    const pending = (await rowOf(email))!;
    expect(pending).toMatchObject({ status: 'pending', source: 'form', confirm_token_hash: await hashToken(token) });
    expect(pending.confirm_expires_at! - before).toBeGreaterThanOrEqual(SUBSCRIBE_CONFIRM_TTL_MS - 1000);

    const head = await call(`/subscribe/confirm?token=${token}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect((await rowOf(email))!.status).toBe('pending'); // a mail scanner's HEAD does not use the link
    const confirmed = await call(`/subscribe/confirm?token=${token}`);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/subscribe?notice=confirmed');
    expect(confirmed.headers.get('cache-control')).toContain('no-store');
    expect(await rowOf(email)).toMatchObject({ status: 'active', confirm_token_hash: null });
    expect((await rowOf(email))!.confirmed_at).not.toBeNull();

    const again = await call(`/subscribe/confirm?token=${token}`);
    expect(again.headers.get('location')).toBe('/subscribe?notice=invalid');
  });

  it('refuses an expired link, and the cron deletes the expired pending row', async () => {
    const email = newAddress();
    await subscribe(email);
    const [mail] = await mailsTo(email);
    const token = tokenIn(mail!, '/subscribe/confirm');
    await env.DB.prepare('UPDATE subscribers SET confirm_expires_at = ? WHERE email_key = ?').bind(Date.now() - 1, email).run();
    const expired = await call(`/subscribe/confirm?token=${token}`);
    expect(expired.headers.get('location')).toBe('/subscribe?notice=invalid');
    expect((await rowOf(email))!.status).toBe('pending');
    await deleteExpiredRows(createDb(env.DB), Date.now());
    expect(await rowOf(email)).toBeNull();
  });

  it('works as a form posted before hydration: 303 to /subscribe?notice=sent, or /subscribe again with the error and the address', async () => {
    const post = (body: string) =>
      call('/api/subscribe?form=subscribe', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://byline.test' } });
    const email = newAddress();
    const ok = await post(new URLSearchParams({ email, website: '' }).toString());
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/subscribe?notice=sent');
    expect((await rowOf(email))!.status).toBe('pending');
    const bad = await post(new URLSearchParams({ email: 'not an address', website: '' }).toString());
    expect(bad.status).toBe(422);
    const html = await bad.text();
    expect(html).toContain('Enter a valid email address');
    expect(html).toContain('value="not an address"');
  });

  it('refuses a malformed address with 422 and stores nothing', async () => {
    await expectError(await subscribe('not-an-address'), 422, 'validation_failed');
    expect(await env.DB.prepare("SELECT count(*) AS n FROM subscribers WHERE email = 'not-an-address'").first('n')).toBe(0);
  });

  it('answers a filled honeypot with the same 202 and stores and mails nothing', async () => {
    const email = newAddress();
    const answer = await subscribe(email, uniqueIp(), { website: 'https://spam.example' });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual(SUBSCRIBE_ACCEPTED);
    expect(await rowOf(email)).toBeNull();
    expect(await mailsTo(email, 1, 300)).toEqual([]);
  });

  it(`limits one network to ${SUBSCRIBE_PER_NETWORK_PER_HOUR} requests an hour (429, Retry-After)`, async () => {
    const ip = uniqueIp();
    for (let i = 0; i < SUBSCRIBE_PER_NETWORK_PER_HOUR; i++) expect((await subscribe(newAddress(), ip)).status).toBe(202);
    const email = newAddress();
    const refused = await subscribe(email, ip);
    await expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rowOf(email)).toBeNull();
  });
});

describe('unsubscribing with the signed token (RFC 8058 one-click)', () => {
  it('unsubscribes with a one-click POST carrying no cookie, no CSRF token and no Origin, and again harmlessly', async () => {
    const row = await activeSubscriber();
    const token = await unsubscribeToken(env.SESSION_SECRET, row.id);
    const page = await call(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Unsubscribe');
    expect((await rowOf(row.email))!.status).toBe('active'); // opening the page changes nothing
    const done = await unsubscribeCall(token);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/unsubscribe?notice=done');
    expect(await rowOf(row.email)).toMatchObject({ status: 'unsubscribed' });
    expect((await unsubscribeCall(token)).headers.get('location')).toBe('/unsubscribe?notice=done');
  });

  it('is also accepted from a mail client running on another origin (the token is the whole authority)', async () => {
    const row = await activeSubscriber();
    const done = await unsubscribeCall(await unsubscribeToken(env.SESSION_SECRET, row.id), { origin: 'https://mail.example' });
    expect(done.headers.get('location')).toBe('/unsubscribe?notice=done');
    expect((await rowOf(row.email))!.status).toBe('unsubscribed');
  });

  it('refuses a forged token and another subscriber’s signature, changing nothing', async () => {
    const [a, b] = [await activeSubscriber(), await activeSubscriber()];
    const tokenOfB = await unsubscribeToken(env.SESSION_SECRET, b.id);
    const forged = [
      `${a.id}.${tokenOfB.split('.')[1]}`, // a's id with b's signature
      `${a.id}.${'A'.repeat(43)}`,
      await unsubscribeToken('another-secret-'.padEnd(64, 'x'), a.id),
      `${a.id}`,
      'garbage',
    ];
    for (const token of forged) {
      const refused = await unsubscribeCall(token);
      expect(refused.headers.get('location'), token).toBe('/unsubscribe?notice=invalid');
    }
    expect((await rowOf(a.email))!.status).toBe('active');
    expect((await rowOf(b.email))!.status).toBe('active');
  });

  it('still refuses other unsafe paths from another origin (only /unsubscribe is let through)', async () => {
    const refused = await call('/api/subscribe', { json: { email: newAddress() }, headers: { origin: 'https://evil.example' } });
    await expectError(refused, 403, 'forbidden');
  });
});
