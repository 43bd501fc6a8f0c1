// Accounts, happy paths: register, login (username or email, any case), verify, logout, sliding sessions.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  call,
  findUser,
  LOCAL_COOKIE,
  LOCAL_ORIGIN,
  login,
  newAccount,
  registerUser,
  SECURE_COOKIE,
  sessionCookieFrom,
  sessionCount,
  sessionSetCookieLine,
  uniqueIp,
  verify,
} from './helpers';

const THIRTY_DAYS_S = 30 * 24 * 60 * 60;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The opaque session id inside a signed cookie pair `name=value.signature`. */
function tokenOf(cookiePair: string): string {
  const value = decodeURIComponent(cookiePair.slice(cookiePair.indexOf('=') + 1));
  return value.slice(0, value.lastIndexOf('.'));
}

describe('POST /api/auth/register', () => {
  it('creates an author, answers 201 with the current user and sets a __Host- session cookie', async () => {
    const account = newAccount({ username: `Mixed${crypto.randomUUID().slice(0, 8)}`, email: `Mixed.${crypto.randomUUID().slice(0, 8)}@Example.COM` });
    const res = await call('/api/auth/register', { json: account });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      user: { name: account.name, username: account.username.toLowerCase(), bio: '', image: null, role: 1 },
    });

    const line = sessionSetCookieLine(res);
    expect(line).toBeDefined();
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*Secure/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(line).toMatch(/;\s*Path=\/(;|$)/);
    expect(line).not.toMatch(/;\s*Domain=/i);
    expect(line).toMatch(new RegExp(`;\\s*Max-Age=${THIRTY_DAYS_S}(;|$)`));

    // Stored lower-cased, with a PBKDF2 hash, never the password itself.
    const row = await findUser(account.username.toLowerCase());
    expect(row).not.toBeNull();
    expect(row!.email).toBe(account.email.toLowerCase());
    expect(row!.role).toBe(1);
    expect(row!.disabled_at).toBeNull();
    expect(row!.password_hash).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(row!.password_hash).not.toContain(account.password);

    // The sessions row holds only the SHA-256 of the cookie's id, and expires in 30 days.
    const cookie = sessionCookieFrom(res)!;
    const token = tokenOf(cookie);
    expect(token).toMatch(/^sess_[A-Za-z0-9_-]{43}$/);
    const session = await env.DB.prepare('SELECT secret_hash, expires_at FROM sessions WHERE user_id = ?')
      .bind(row!.id)
      .first<{ secret_hash: string; expires_at: number }>();
    expect(session!.secret_hash).toBe(await sha256Hex(token));
    expect(session!.expires_at - Date.now()).toBeGreaterThan(THIRTY_DAYS_S * 1000 - 60_000);
    expect(session!.expires_at - Date.now()).toBeLessThanOrEqual(THIRTY_DAYS_S * 1000);

    // The cookie works straight away.
    const me = await verify(cookie);
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(body);
  });

  it('on http://localhost uses the plain cookie name without Secure, and it works there', async () => {
    const account = newAccount();
    const res = await call('/api/auth/register', { json: account, origin: LOCAL_ORIGIN });
    expect(res.status).toBe(201);
    const line = sessionSetCookieLine(res, LOCAL_COOKIE);
    expect(line).toBeDefined();
    expect(line).not.toMatch(/;\s*Secure/i);
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(sessionCookieFrom(res, SECURE_COOKIE)).toBeNull();
    const cookie = sessionCookieFrom(res, LOCAL_COOKIE)!;
    expect((await verify(cookie, LOCAL_ORIGIN)).status).toBe(200);
    // The same signed value under the plain name is not accepted by the https site (it wants __Host-).
    expect((await verify(cookie)).status).toBe(401);
  });

  it('accepts every field at its upper bound (username 32, name 80, email 254, password 128)', async () => {
    const id = crypto.randomUUID().replace(/-/g, '');
    const username = `a${id}`.slice(0, 32);
    const local = `e${id.slice(0, 10)}`;
    const domainBody = 'd'.repeat(254 - local.length - 1 - 4).replace(/(.{60})./g, '$1.');
    const email = `${local}@${domainBody}.com`;
    expect(email).toHaveLength(254);
    const account = newAccount({ username, name: 'N'.repeat(80), email, password: 'p'.repeat(128) });
    expect(username).toHaveLength(32);
    const res = await call('/api/auth/register', { json: account });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await findUser(username)).not.toBeNull();
  });

  it('accepts every field at its lower bound (username 3, name 1, password 8) and trims the name', async () => {
    const username = crypto.randomUUID().replace(/-/g, '').slice(0, 3);
    const account = newAccount({ username, name: '  Q  ', password: 'q7$Lm2!x' }); // 8 characters, and not a common password
    const res = await call('/api/auth/register', { json: account });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(((await res.json()) as { user: { name: string } }).user.name).toBe('Q');
    expect((await findUser(username))!.name).toBe('Q');
  });
});

describe('POST /api/auth/login', () => {
  it('logs in by username and by email, in any case, each with a new session', async () => {
    const { account, userId } = await registerUser();
    expect(await sessionCount(userId)).toBe(1);

    for (const loginText of [account.username.toUpperCase(), ` ${account.email.toUpperCase()} `]) {
      const res = await login(loginText, account.password);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toEqual({
        user: { name: account.name, username: account.username, bio: '', image: null, role: 1 },
      });
      const cookie = sessionCookieFrom(res);
      expect(cookie).not.toBeNull();
      expect(sessionSetCookieLine(res)).toMatch(/;\s*HttpOnly/i);
      const me = await verify(cookie);
      expect(me.status).toBe(200);
      expect(((await me.json()) as { user: { username: string } }).user.username).toBe(account.username);
    }
    expect(await sessionCount(userId)).toBe(3);
  });

  it('the password itself is case-sensitive', async () => {
    const { account } = await registerUser({ password: 'CaseSensitive-Pass' });
    const res = await login(account.username, 'casesensitive-pass');
    expect(res.status).toBe(401);
    expect(sessionCookieFrom(res)).toBeNull();
  });
});

describe('GET /api/verify', () => {
  it('answers 401 unauthenticated without a cookie', async () => {
    const res = await verify(null);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
  });

  it('reads the role from D1 on every request (a promotion shows without logging in again)', async () => {
    const { cookie, userId } = await registerUser();
    await env.DB.prepare('UPDATE users SET role = 0, name = ? WHERE id = ?').bind('Renamed', userId).run();
    const res = await verify(cookie);
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: { role: number; name: string } };
    expect(user.role).toBe(0);
    expect(user.name).toBe('Renamed');
  });

  it('slides an idle session: after an hour unseen, expiry moves 30 days ahead and the cookie is re-sent', async () => {
    const { cookie, userId } = await registerUser();
    const twoHoursAgo = Date.now() - 2 * 60 * 60 * 1000;
    const soon = Date.now() + 24 * 60 * 60 * 1000;
    await env.DB.prepare('UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE user_id = ?')
      .bind(twoHoursAgo, soon, userId)
      .run();
    const res = await verify(cookie);
    expect(res.status).toBe(200);
    expect(sessionCookieFrom(res)).toBe(cookie);
    const row = await env.DB.prepare('SELECT last_seen_at, expires_at FROM sessions WHERE user_id = ?')
      .bind(userId)
      .first<{ last_seen_at: number; expires_at: number }>();
    expect(row!.last_seen_at).toBeGreaterThan(twoHoursAgo);
    expect(row!.expires_at - Date.now()).toBeGreaterThan(THIRTY_DAYS_S * 1000 - 60_000);

    // A recently seen session is left alone: no write, no cookie.
    const again = await verify(cookie);
    expect(again.status).toBe(200);
    expect(sessionSetCookieLine(again)).toBeUndefined();
  });
});

describe('POST /api/auth/logout', () => {
  it('answers 204, deletes the session row and clears the cookie; the old cookie is then anonymous', async () => {
    const { cookie, userId } = await registerUser();
    expect(await sessionCount(userId)).toBe(1);

    const res = await call('/api/auth/logout', { method: 'POST', cookie, headers: { origin: 'https://byline.test' } });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    const cleared = sessionSetCookieLine(res);
    expect(cleared).toBeDefined();
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(await sessionCount(userId)).toBe(0);

    const after = await verify(cookie);
    expect(after.status).toBe(401);
  });

  it('ends only this session: another device stays signed in', async () => {
    const { account, cookie, userId } = await registerUser();
    const other = sessionCookieFrom(await login(account.username, account.password))!;
    expect(await sessionCount(userId)).toBe(2);
    expect((await call('/api/auth/logout', { method: 'POST', cookie })).status).toBe(204);
    expect(await sessionCount(userId)).toBe(1);
    expect((await verify(cookie)).status).toBe(401);
    expect((await verify(other)).status).toBe(200);
  });

  it('answers 204 without a session too', async () => {
    const res = await call('/api/auth/logout', { method: 'POST', ip: uniqueIp() });
    expect(res.status).toBe(204);
  });
});
