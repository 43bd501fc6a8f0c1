// Login failures: one generic answer, and exact throttles per account and address, and per address
// (docs/decisions/008-login-limits.md).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { throttleNetwork } from '../../worker/lib/client-address';
import { call, expectError, login, newAccount, registerUser, sessionCookieFrom, sessionCount, uniqueIp } from './helpers';

const WINDOW_S = 15 * 60;

async function expectThrottled(res: Response) {
  const err = await expectError(res, 429, 'rate_limited');
  const retryAfter = res.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(WINDOW_S);
  expect(sessionCookieFrom(res)).toBeNull();
  return err;
}

describe('wrong credentials', () => {
  it('a wrong password and an unknown user get the same 401 and the identical body', async () => {
    const { account } = await registerUser();
    const wrongPassword = await login(account.username, `${account.password}-nope`);
    const unknownUser = await login(`nobody-${crypto.randomUUID().slice(0, 8)}`, account.password);
    const unknownEmail = await login(`nobody-${crypto.randomUUID().slice(0, 8)}@example.com`, account.password);

    const bodies = [];
    for (const res of [wrongPassword, unknownUser, unknownEmail]) {
      expect(res.status).toBe(401);
      expect(sessionCookieFrom(res)).toBeNull();
      expect(res.headers.get('retry-after')).toBeNull();
      bodies.push(await res.text());
    }
    expect(bodies[1]).toBe(bodies[0]);
    expect(bodies[2]).toBe(bodies[0]);
    expect(JSON.parse(bodies[0]!)).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
  });

  it('login input is validated: unknown fields and missing fields are 422', async () => {
    await expectError(await call('/api/auth/login', { json: { login: 'someone', password: 'x', remember: true } }), 422, 'validation_failed');
    const err = await expectError(await call('/api/auth/login', { json: {} }), 422, 'validation_failed');
    expect(Object.keys(err.error.fields ?? {}).sort()).toEqual(['login', 'password']);
  });
});

describe('throttling per account and address', () => {
  it('after 5 failures for one account from one address (by username and by email) the 6th try from it is 429, even with the right password', async () => {
    const { account, userId } = await registerUser();
    const ip = uniqueIp();
    const sessionsBefore = await sessionCount(userId);
    const spellings = [
      account.username,
      account.email,
      account.username.toUpperCase(),
      account.email.toUpperCase(),
      ` ${account.username} `,
    ];
    for (const spelling of spellings) {
      const res = await login(spelling, 'definitely-wrong', ip);
      expect(res.status, `failure for ${spelling}`).toBe(401);
    }

    // Wrong again from that address: refused before the password is even looked at.
    await expectThrottled(await login(account.username, 'definitely-wrong', ip));
    // The right password, by username and by email, from that address: still refused while throttled.
    await expectThrottled(await login(account.username, account.password, ip));
    await expectThrottled(await login(account.email, account.password, ip));
    expect(await sessionCount(userId)).toBe(sessionsBefore);

    // The owner from another address is not locked out, nor is another account from this one.
    expect((await login(account.username, account.password, uniqueIp())).status).toBe(200);
    const other = await registerUser();
    expect((await login(other.account.username, other.account.password, ip)).status).toBe(200);
  });

  it('the throttle lifts once the 15-minute window has passed', async () => {
    const { account } = await registerUser();
    const ip = uniqueIp();
    const since = Date.now();
    for (let i = 0; i < 5; i++) expect((await login(account.username, 'wrong-password', ip)).status).toBe(401);
    await expectThrottled(await login(account.username, account.password, ip));

    // Move this test's windows (only rows it wrote: tests in a file run one at a time) 15 minutes back.
    await env.DB.prepare('UPDATE login_attempts SET window_start = window_start - ? WHERE window_start >= ?')
      .bind(WINDOW_S * 1000, since)
      .run();
    const res = await login(account.username, account.password, ip);
    expect(res.status).toBe(200);
    expect(sessionCookieFrom(res)).not.toBeNull();
  });

  it('a success resets the account count, so 4 failures, a success and 4 more failures are still allowed', async () => {
    const { account } = await registerUser();
    const ip = uniqueIp();
    for (let i = 0; i < 4; i++) expect((await login(account.username, 'wrong-password', ip)).status).toBe(401);
    expect((await login(account.username, account.password, ip)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(account.username, 'wrong-password', ip)).status).toBe(401);
    expect((await login(account.username, account.password, ip)).status).toBe(200);
  });
});

describe('throttling per address', () => {
  it('after 50 failures from one address across accounts, the next try from it is 429; other addresses are fine', async () => {
    const ip = uniqueIp();
    const a = await registerUser();
    const b = await registerUser();
    // Ten accounts (two real, eight unknown), five wrong passwords each: no account count passes 5.
    const ghosts = Array.from({ length: 8 }, () => `ghost-${crypto.randomUUID().slice(0, 8)}`);
    for (const target of [a.account.username, b.account.email, ...ghosts]) {
      const responses = await Promise.all(Array.from({ length: 5 }, () => login(target, 'wrong-password', ip)));
      expect(responses.map((r) => r.status), target).toEqual([401, 401, 401, 401, 401]);
    }

    // A third account, with the right password, from the same address: refused.
    const c = await registerUser();
    await expectThrottled(await login(c.account.username, c.account.password, ip));
    // The same accounts from another address: allowed.
    expect((await login(b.account.username, b.account.password, uniqueIp())).status).toBe(200);
    expect((await login(c.account.username, c.account.password, uniqueIp())).status).toBe(200);
  }, 30_000); // 50 password checks
});

describe('throttling registration per address', () => {
  it('an address over its sign-up allowance gets 429 with Retry-After and no account is created', async () => {
    const ip = uniqueIp();
    // Twenty sign-ups an hour per address (an IPv6 address by its /64); seed the counter rather than spend twenty password hashes.
    await env.DB.prepare('INSERT INTO login_attempts (key, count, window_start) VALUES (?, 20, ?)')
      .bind(`register:${throttleNetwork(ip)}`, Date.now())
      .run();
    const account = newAccount();
    const res = await call('/api/auth/register', { json: account, ip });
    await expectError(res, 429, 'rate_limited');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60 * 60);
    expect(sessionCookieFrom(res)).toBeNull();
    const row = await env.DB.prepare('SELECT count(*) AS n FROM users WHERE username = ?').bind(account.username).first<{ n: number }>();
    expect(row!.n).toBe(0);
    // Another address may still sign up.
    expect((await call('/api/auth/register', { json: newAccount(), ip: uniqueIp() })).status).toBe(201);
  });
});
