// The session cookie and row: anything but a live, signed, stored session of an enabled user is anonymous.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, expectError, login, registerUser, SECURE_COOKIE, sessionCookieFrom, sessionCount, sessionSetCookieLine, verify } from './helpers';

/** Hono's signed-cookie value for `value` under `secret`: `value.base64(HMAC-SHA256)`, URI-encoded. */
async function signedPair(value: string, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(value)));
  return `${SECURE_COOKIE}=${encodeURIComponent(`${value}.${btoa(String.fromCharCode(...mac))}`)}`;
}

function tokenOf(cookiePair: string): string {
  const value = decodeURIComponent(cookiePair.slice(cookiePair.indexOf('=') + 1));
  return value.slice(0, value.lastIndexOf('.'));
}

async function expectAnonymous(cookie: string) {
  const res = await verify(cookie);
  await expectError(res, 401, 'unauthenticated');
  return res;
}

describe('the session cookie', () => {
  it('the test signer reproduces the real cookie (so the forged cookies below differ only where intended)', async () => {
    const { cookie } = await registerUser();
    expect(await signedPair(tokenOf(cookie), env.SESSION_SECRET)).toBe(cookie);
  });

  it('a tampered signature is anonymous', async () => {
    const { cookie } = await registerUser();
    const token = tokenOf(cookie);
    const good = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
    const sig = good.slice(good.lastIndexOf('.') + 1);
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    await expectAnonymous(`${SECURE_COOKIE}=${encodeURIComponent(`${token}.${flipped}`)}`);
    // The untouched cookie still works: the refusal was the signature's doing.
    expect((await verify(cookie)).status).toBe(200);
  });

  it('a live session id signed with another secret is anonymous', async () => {
    const { cookie } = await registerUser();
    await expectAnonymous(await signedPair(tokenOf(cookie), 'some-other-secret-'.padEnd(64, 'x')));
  });

  it('a tampered session id under the original signature is anonymous', async () => {
    const { cookie } = await registerUser();
    const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
    const token = tokenOf(cookie);
    const changed = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    await expectAnonymous(`${SECURE_COOKIE}=${encodeURIComponent(changed + value.slice(token.length))}`);
  });

  it.each([
    ['garbage', 'garbage'],
    ['empty', ''],
    ['no signature', 'sess_abc'],
    ['a dot and nothing else', '.'],
    ['bad percent-encoding', '%E0%A4%A'],
    ['a huge value', 'x'.repeat(3000)],
  ])('a malformed cookie value (%s) is anonymous, never an error', async (_label, value) => {
    await expectAnonymous(`${SECURE_COOKIE}=${value}`);
  });

  it('a correctly signed value that is not a session id is anonymous', async () => {
    await expectAnonymous(await signedPair('sess_short', env.SESSION_SECRET));
    await expectAnonymous(await signedPair('1', env.SESSION_SECRET));
    await expectAnonymous(await signedPair(`sess_${'A'.repeat(43)}`, env.SESSION_SECRET)); // well formed, never issued
  });

  it('an unprefixed cookie name on the https site is ignored (only __Host- counts there)', async () => {
    const { cookie } = await registerUser();
    const unprefixed = cookie.replace(`${SECURE_COOKIE}=`, 'byline_session=');
    await expectAnonymous(unprefixed);
  });
});

describe('the session row decides', () => {
  it('an expired session (expires_at in the past) is anonymous', async () => {
    const { cookie, userId } = await registerUser();
    await env.DB.prepare('UPDATE sessions SET expires_at = ? WHERE user_id = ?').bind(Date.now() - 1000, userId).run();
    await expectAnonymous(cookie);
  });

  it('a revoked session (row deleted) is anonymous', async () => {
    const { cookie, userId } = await registerUser();
    await env.DB.prepare('DELETE FROM sessions WHERE user_id = ?').bind(userId).run();
    const res = await expectAnonymous(cookie);
    // The dead cookie is cleared, so the browser stops sending it.
    expect(sessionSetCookieLine(res)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  });
});

describe('a disabled user', () => {
  it('cannot log in, even with the right password, and gets no session', async () => {
    const { account, userId } = await registerUser();
    await env.DB.prepare('UPDATE users SET disabled_at = ? WHERE id = ?').bind(Date.now(), userId).run();
    const before = await sessionCount(userId);
    for (const loginText of [account.username, account.email]) {
      const res = await login(loginText, account.password);
      await expectError(res, 403, 'forbidden');
      expect(sessionCookieFrom(res)).toBeNull();
    }
    expect(await sessionCount(userId)).toBe(before);
    // A wrong password still gets the generic 401: being disabled is not revealed to a guesser.
    await expectError(await login(account.username, 'wrong-password'), 401, 'unauthenticated');
  });

  it('loses every existing session on its next request', async () => {
    const { account, cookie, userId } = await registerUser();
    const second = sessionCookieFrom(await login(account.email, account.password))!;
    expect((await verify(cookie)).status).toBe(200);
    expect((await verify(second)).status).toBe(200);

    await env.DB.prepare('UPDATE users SET disabled_at = ? WHERE id = ?').bind(Date.now(), userId).run();
    await expectAnonymous(cookie);
    await expectAnonymous(second);
    // And signed-in pages treat them as a visitor too.
    const page = await call('/login', { cookie });
    expect(page.status).toBe(200);
  });
});
