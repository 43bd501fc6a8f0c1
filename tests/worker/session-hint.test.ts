// Issue 9 (bytes): the readable session hint travels with the HttpOnly session cookie, so the browser can
// tell a visitor (no hint: the page's boot data answers the check at start) from a possible session.
import { describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '../../contracts/session-hint';
import { call, login, newAccount, registerUser, sessionSetCookieLine } from './helpers';

const HINT = `${SESSION_HINT_COOKIE}=1`;

describe('the session hint cookie', () => {
  it('is set with the session at registration and login: readable by scripts, SameSite=Lax, Secure, 30 days', async () => {
    const account = newAccount();
    const registered = await call('/api/auth/register', { json: account });
    expect(registered.status).toBe(201);
    for (const res of [registered, await login(account.email, account.password)]) {
      expect(res.status).toBeLessThan(300);
      const line = sessionSetCookieLine(res, SESSION_HINT_COOKIE);
      expect(line).toBeDefined();
      expect(line).toMatch(new RegExp(`^${HINT};`));
      expect(line).not.toMatch(/HttpOnly/i);
      expect(line).toMatch(/SameSite=Lax/i);
      expect(line).toMatch(/Secure/);
      expect(line).toMatch(/Max-Age=2592000/);
    }
  });

  it('is cleared with the session at logout', async () => {
    const { cookie } = await registerUser();
    const res = await call('/api/auth/logout', { method: 'POST', cookie: `${cookie}; ${HINT}`, headers: { origin: 'https://byline.test' } });
    expect(res.status).toBe(204);
    expect(sessionSetCookieLine(res, SESSION_HINT_COOKIE)).toMatch(/Max-Age=0/);
  });

  it('is cleared when the browser sends it without a session cookie, and a visitor without it gets no cookie at all', async () => {
    const stale = await call('/', { cookie: HINT });
    expect(stale.status).toBe(200);
    expect(sessionSetCookieLine(stale, SESSION_HINT_COOKIE)).toMatch(/Max-Age=0/);
    const visitor = await call('/');
    expect(visitor.headers.getSetCookie()).toEqual([]);
  });

  it('is cleared with a session cookie that names no live session', async () => {
    const { cookie } = await registerUser();
    const broken = cookie.slice(0, -4) + 'AAAA';
    const res = await call('/api/verify', { cookie: `${broken}; ${HINT}` });
    expect(res.status).toBe(401);
    expect(sessionSetCookieLine(res, SESSION_HINT_COOKIE)).toMatch(/Max-Age=0/);
  });

  it('is set again for a live session whose browser lacks it (a session from before the hint existed)', async () => {
    const { cookie } = await registerUser();
    const res = await call('/api/verify', { cookie });
    expect(res.status).toBe(200);
    expect(sessionSetCookieLine(res, SESSION_HINT_COOKIE)).toMatch(new RegExp(`^${HINT};`));
    const withHint = await call('/api/verify', { cookie: `${cookie}; ${HINT}` });
    expect(sessionSetCookieLine(withHint, SESSION_HINT_COOKIE)).toBeUndefined();
  });
});
