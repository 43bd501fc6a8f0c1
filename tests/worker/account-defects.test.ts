// Issue 8, items 17–19: sessions end with a password, the login limits count exactly and are keyed
// by account and network, session-dependent answers are never cached, and names refuse bidi controls.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { throttleNetwork } from '../../worker/lib/client-address';
import { callAs } from './admin-kit';
import { createAdmin, createCategory, createUser, postInput, startTestSession, uid } from './factories';
import { call, expectError, login, newAccount, sessionCookieFrom, sessionCount, uniqueIp, verify } from './helpers';

const WINDOW_S = 15 * 60;

/** A fresh IPv6 /64 and `n` distinct addresses in it. */
function addressesInOneNetwork(n: number): string[] {
  const prefix = uniqueIp().split(':').slice(0, 4).join(':');
  return Array.from({ length: n }, (_, i) => `${prefix}::${(i + 1).toString(16)}`);
}

function statusCounts(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

async function expectThrottled(res: Response): Promise<void> {
  await expectError(res, 429, 'rate_limited');
  const retryAfter = res.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(WINDOW_S);
  expect(sessionCookieFrom(res)).toBeNull();
}

describe('login limits under concurrency (item 18)', () => {
  it('30 parallel wrong logins for one account from one address → exactly 5 × 401, the rest 429 with Retry-After', async () => {
    const user = await createUser();
    const ip = uniqueIp();
    const responses = await Promise.all(Array.from({ length: 30 }, () => login(user.username, 'wrong-password', ip)));
    expect(statusCounts(responses)).toEqual({ 401: 5, 429: 25 });
    for (const res of responses.filter((r) => r.status === 429)) await expectThrottled(res);
    // The right password from that address is refused too while the window lasts.
    await expectThrottled(await login(user.username, user.password, ip));
  }, 30_000);

  it('parallel wrong logins across one IPv6 /64 count as one network', async () => {
    const user = await createUser();
    const responses = await Promise.all(addressesInOneNetwork(12).map((ip) => login(user.email, 'wrong-password', ip)));
    expect(statusCounts(responses)).toEqual({ 401: 5, 429: 7 });
  });

  it('parallel sign-ups from one address never pass the allowance (20 an hour)', async () => {
    const ip = uniqueIp();
    const before = Date.now();
    const network = throttleNetwork(ip);
    // Fifteen already counted this hour; ten at once may add exactly five accounts.
    await env.DB.prepare('INSERT INTO login_attempts (key, count, window_start) VALUES (?, 15, ?)').bind(`register:${network}`, before).run();
    const responses = await Promise.all(Array.from({ length: 10 }, () => call('/api/auth/register', { json: newAccount(), ip })));
    expect(statusCounts(responses)).toEqual({ 201: 5, 429: 5 });
  });
});

describe('login limits are keyed by account and address (item 18)', () => {
  it('an IPv6 address counts by its /64, however it is written; anything else as it is', () => {
    expect(throttleNetwork('2001:db8:a:b:c:d:e:f')).toBe('2001:db8:a:b::/64');
    expect(throttleNetwork('2001:0db8:000a:000b::1')).toBe('2001:db8:a:b::/64');
    expect(throttleNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleNetwork('::1')).toBe('0:0:0:0::/64');
    for (const same of ['203.0.113.9', '::ffff:203.0.113.9', 'unknown', '1::2::3', '1:2:3', 'g::1']) expect(throttleNetwork(same)).toBe(same);
  });

  it("a stranger's 5 failures do not lock the admin out: the admin logs in from their own address", async () => {
    const admin = await createAdmin();
    const stranger = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await login(admin.username, `guess-${i}`, stranger)).status).toBe(401);
    await expectThrottled(await login(admin.username, 'guess-6', stranger));

    const res = await login(admin.username, admin.password, admin.ip);
    expect(res.status).toBe(200);
    expect(sessionCookieFrom(res)).not.toBeNull();
  });

  it("after 5 failures on account A, another user's correct password from the same address works", async () => {
    const [a, b] = await Promise.all([createUser(), createUser()]);
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await login(a.username, `guess-${i}`, ip)).status).toBe(401);
    await expectThrottled(await login(a.username, a.password, ip));

    const res = await login(b.username, b.password, ip);
    expect(res.status).toBe(200);
    expect(sessionCookieFrom(res)).not.toBeNull();
  });

  it('one address has a higher ceiling across accounts: 50 failures, then even a correct password from it is 429', async () => {
    const ip = uniqueIp();
    const target = await createUser();
    // Ten unknown names, five wrong guesses each: every account count stays within its 5.
    const names = Array.from({ length: 10 }, () => `nobody-${uid(8)}`);
    for (const name of names) {
      const responses = await Promise.all(Array.from({ length: 5 }, () => login(name, 'wrong-password', ip)));
      expect(statusCounts(responses)).toEqual({ 401: 5 });
    }
    await expectThrottled(await login(target.username, target.password, ip));
    // Other addresses are not affected.
    expect((await login(target.username, target.password, uniqueIp())).status).toBe(200);
  }, 30_000);

  it('correct logins from one address do not use up its ceiling', async () => {
    const ip = uniqueIp();
    const users = await Promise.all(Array.from({ length: 11 }, () => createUser()));
    // 55 logins from one address, eleven at a time: none is a failure, so none counts against it.
    for (let round = 0; round < 5; round++) {
      const responses = await Promise.all(users.map((u) => login(u.username, u.password, ip)));
      expect(statusCounts(responses)).toEqual({ 200: 11 });
    }
  }, 30_000);
});

describe('a password change ends sessions (item 17)', () => {
  it('replaces the current session (old cookie 401, new cookie works) and ends every other session', async () => {
    const user = await createUser();
    const other = await startTestSession(user.id);
    const res = await call('/api/profile/password', {
      json: { currentPassword: user.password, newPassword: `new-${uid(12)}` },
      cookie: user.cookie,
      ip: user.ip,
    });
    expect(res.status).toBe(204);
    const fresh = sessionCookieFrom(res);
    expect(fresh).not.toBeNull();
    expect(fresh).not.toBe(user.cookie);

    await expectError(await verify(user.cookie), 401, 'unauthenticated');
    await expectError(await verify(other), 401, 'unauthenticated');
    const me = await verify(fresh);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { username: string } }).user.username).toBe(user.username);
    expect(await sessionCount(user.id)).toBe(1);
  });

  it('a wrong current password changes nothing: the session and the others stay', async () => {
    const user = await createUser();
    const other = await startTestSession(user.id);
    const res = await call('/api/profile/password', { json: { currentPassword: 'not-it-at-all', newPassword: `new-${uid(12)}` }, cookie: user.cookie });
    await expectError(res, 422, 'validation_failed');
    expect(sessionCookieFrom(res)).toBeNull();
    expect((await verify(user.cookie)).status).toBe(200);
    expect((await verify(other)).status).toBe(200);
  });

  it('parallel wrong current passwords are counted exactly: 5 × 422, then 429', async () => {
    const user = await createUser();
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('/api/profile/password', { json: { currentPassword: `wrong-${i}`, newPassword: `new-${uid(12)}` }, cookie: user.cookie }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 422: 5, 429: 7 });
  });

  it("an admin setting a user's password ends all that user's sessions", async () => {
    const [admin, author] = await Promise.all([createAdmin(), createUser()]);
    const second = await startTestSession(author.id);
    const res = await callAs(admin, `/api/admin/users/${author.username}`, { method: 'PATCH', json: { password: `set-${uid(12)}` } });
    expect(res.status).toBe(200);
    expect(sessionCookieFrom(res)).toBeNull(); // the admin's own session is untouched
    expect(await sessionCount(author.id)).toBe(0);
    await expectError(await verify(author.cookie), 401, 'unauthenticated');
    await expectError(await verify(second), 401, 'unauthenticated');
    expect((await verify(admin.cookie)).status).toBe(200);
  });
});

describe('session-dependent answers are never cached (item 19)', () => {
  it('GET /api/verify says private, no-store with a session and without one', async () => {
    const user = await createUser();
    const signedIn = await verify(user.cookie);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');

    const anonymous = await verify(null);
    await expectError(anonymous, 401, 'unauthenticated');
    expect(anonymous.headers.get('cache-control')).toBe('private, no-store');
  });

  it('any answer to a request with a session cookie is private, no-store; anonymous public answers are not', async () => {
    const user = await createUser();
    for (const path of ['/api/posts', '/api/categories', `/api/users/${user.username}`, '/api/profile', '/rss.xml']) {
      const res = await call(path, { cookie: user.cookie });
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
    }
    const login = await call('/api/auth/login', { json: { login: user.username, password: user.password } });
    expect(login.headers.get('cache-control')).toBe('private, no-store');
    const publicList = await call('/api/posts');
    expect(publicList.headers.get('cache-control') ?? '').not.toMatch(/private/);
  });
});

describe('names and titles refuse bidi controls (item 19)', () => {
  const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

  it('a post title with any bidi control → 422 with fields.title', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    for (const ch of BIDI) {
      const res = await call('/api/posts', { json: postInput(category, { title: `Invoice ${ch}fdp.exe` }), cookie: author.cookie });
      const err = await expectError(res, 422, 'validation_failed');
      expect(Object.keys(err.error.fields ?? {}), `U+${ch.codePointAt(0)!.toString(16)}`).toEqual(['title']);
    }
  });

  it('a user name (register, profile, admin) with U+202E → 422 with fields.name', async () => {
    const user = await createUser();
    const admin = await createAdmin();
    const register = await call('/api/auth/register', { json: newAccount({ name: 'Mallory \u202Enimda' }) });
    expect((await expectError(register, 422, 'validation_failed')).error.fields).toHaveProperty('name');
    const profile = await call('/api/profile', { method: 'PATCH', json: { name: 'Eve \u2066x\u2069' }, cookie: user.cookie });
    expect((await expectError(profile, 422, 'validation_failed')).error.fields).toHaveProperty('name');
    const byAdmin = await callAs(admin, `/api/admin/users/${user.username}`, { method: 'PATCH', json: { name: 'A \u202Eb' } });
    expect((await expectError(byAdmin, 422, 'validation_failed')).error.fields).toHaveProperty('name');
  });

  it('a category name with U+202E → 422 with fields.name; a bio with U+202E → 422 with fields.bio', async () => {
    const [admin, user] = await Promise.all([createAdmin(), createUser()]);
    const category = await callAs(admin, '/api/admin/categories', { method: 'POST', json: { name: `Topic \u202E${uid(6)}` } });
    expect((await expectError(category, 422, 'validation_failed')).error.fields).toHaveProperty('name');
    const bio = await call('/api/profile', { method: 'PATCH', json: { bio: 'Line one\nLine \u202Etwo' }, cookie: user.cookie });
    expect((await expectError(bio, 422, 'validation_failed')).error.fields).toHaveProperty('bio');
    // Line breaks in a bio, and right-to-left letters anywhere, are fine.
    const ok = await call('/api/profile', { method: 'PATCH', json: { name: 'שלום Dana', bio: 'Line one\nLine two' }, cookie: user.cookie });
    expect(ok.status).toBe(200);
  });
});
