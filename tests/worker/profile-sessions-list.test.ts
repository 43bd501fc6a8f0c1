// The sessions a user controls: listed with an opaque id, user agent and dates; one ended by id (404 for
// anyone else's); "log out everywhere else" keeps only this one.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ProfileSessionList } from '../../contracts/profile';
import { createUser, json } from './factories';
import { call, expectError, login, sessionCookieFrom, sessionCount, verify } from './helpers';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

async function loginFrom(user: { username: string; password: string }, userAgent: string): Promise<string> {
  const res = await call('/api/auth/login', { json: { login: user.username, password: user.password }, headers: { 'user-agent': userAgent } });
  expect(res.status).toBe(200);
  return sessionCookieFrom(res)!;
}

const listSessions = async (cookie: string) => json<ProfileSessionList>(await call('/api/profile/sessions', { cookie }));

describe('the profile session list', () => {
  it('lists the live sessions with an opaque id, user agent, dates and which one is current', async () => {
    const user = await createUser();
    const chrome = await loginFrom(user, CHROME);
    const { items } = await listSessions(chrome);
    expect(items).toHaveLength(2);
    const current = items.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]!.userAgent).toBe(CHROME);
    for (const s of items) {
      expect(Object.keys(s).sort()).toEqual(['createdAt', 'current', 'id', 'lastSeenAt', 'userAgent']);
      expect(s.id).toMatch(/^[0-9a-f]{32}$/);
      expect(Number.isNaN(Date.parse(s.lastSeenAt))).toBe(false);
      expect(Number.isNaN(Date.parse(s.createdAt))).toBe(false);
    }
    // The id is neither the row id, nor the secret, nor its hash.
    const rows = (await env.DB.prepare('SELECT id, secret_hash FROM sessions WHERE user_id = ?').bind(user.id).all<{ id: number; secret_hash: string }>()).results;
    const secrets = [chrome.split('=')[1]!, ...rows.flatMap((r) => [String(r.id), r.secret_hash])];
    for (const s of items) for (const secret of secrets) expect(secret).not.toContain(s.id);
    // Private, never cached.
    expect((await call('/api/profile/sessions', { cookie: chrome })).headers.get('cache-control')).toBe('private, no-store');
  });

  it('needs a session: a visitor gets 401', async () => {
    await expectError(await call('/api/profile/sessions'), 401, 'unauthenticated');
    await expectError(await call('/api/profile/sessions/revoke', { method: 'POST' }), 401, 'unauthenticated');
    await expectError(await call(`/api/profile/sessions/${'a'.repeat(32)}`, { method: 'DELETE' }), 401, 'unauthenticated');
  });
});

describe('ending sessions', () => {
  it('"log out everywhere else" ends every other session and keeps this one', async () => {
    const user = await createUser();
    const phone = await loginFrom(user, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1');
    const laptop = await loginFrom(user, CHROME);
    expect(await sessionCount(user.id)).toBe(3);
    const res = await call('/api/profile/sessions/revoke', { method: 'POST', cookie: laptop });
    expect(res.status).toBe(204);
    expect((await verify(laptop)).status).toBe(200);
    expect((await verify(phone)).status).toBe(401);
    expect((await verify(user.cookie)).status).toBe(401);
    expect(await sessionCount(user.id)).toBe(1);
  });

  it('ends one session by its id', async () => {
    const user = await createUser();
    const phone = await loginFrom(user, 'a phone');
    const { items } = await listSessions(user.cookie);
    const phoneSession = items.find((s) => s.userAgent === 'a phone')!;
    const res = await call(`/api/profile/sessions/${phoneSession.id}`, { method: 'DELETE', cookie: user.cookie });
    expect(res.status).toBe(204);
    expect((await verify(phone)).status).toBe(401);
    expect((await verify(user.cookie)).status).toBe(200);
    expect((await listSessions(user.cookie)).items.map((s) => s.id)).not.toContain(phoneSession.id);
  });

  it('ending the current session by its id logs out (the cookie is cleared)', async () => {
    const user = await createUser();
    const { items } = await listSessions(user.cookie);
    const res = await call(`/api/profile/sessions/${items[0]!.id}`, { method: 'DELETE', cookie: user.cookie });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/byline_session=;/);
    expect((await verify(user.cookie)).status).toBe(401);
  });

  it("answers 404 for someone else's session id, an unknown id and a used one, and ends nothing", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const { items } = await listSessions(owner.cookie);
    const theirs = items[0]!.id;
    await expectError(await call(`/api/profile/sessions/${theirs}`, { method: 'DELETE', cookie: stranger.cookie }), 404, 'not_found');
    await expectError(await call(`/api/profile/sessions/${'0'.repeat(32)}`, { method: 'DELETE', cookie: stranger.cookie }), 404, 'not_found');
    await expectError(await call('/api/profile/sessions/not-an-id', { method: 'DELETE', cookie: stranger.cookie }), 404, 'not_found');
    expect((await verify(owner.cookie)).status).toBe(200);
  });

  it('does not list expired sessions', async () => {
    const user = await createUser();
    await login(user.username, user.password);
    await env.DB.prepare('UPDATE sessions SET expires_at = ? WHERE user_id = ? AND user_agent != ?').bind(Date.now() - 1, user.id, 'vitest').run();
    expect((await listSessions(user.cookie)).items).toHaveLength(1);
  });
});
