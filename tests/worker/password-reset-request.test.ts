// POST /api/auth/password-reset: the same 202 whether or not the address has an account, a mail with a
// single-use link only to a real, enabled account, only the token's hash stored, and the throttles.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_ACCEPTED } from '../../contracts/password-reset';
import { hashToken } from '../../worker/lib/session-token';
import { createUser, uid } from './factories';
import { call, expectError, uniqueIp } from './helpers';
import { mailsTo, resetTokenIn } from './mail-outbox';

const requestReset = (email: unknown, ip = uniqueIp()) => call('/api/auth/password-reset', { json: { email }, ip });

interface ResetRow {
  user_id: number;
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

const resetRows = (userId: number) =>
  env.DB.prepare('SELECT * FROM password_resets WHERE user_id = ? ORDER BY id').bind(userId).all<ResetRow>().then((r) => r.results);

describe('requesting a reset link', () => {
  it('answers an existing and an unknown address with the same 202 and body, and mails only the account', async () => {
    const user = await createUser();
    const nobody = `nobody-${uid()}@example.com`;

    const known = await requestReset(user.email);
    const unknown = await requestReset(nobody);
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    const knownBody = await known.text();
    expect(await unknown.text()).toBe(knownBody);
    expect(JSON.parse(knownBody)).toEqual(PASSWORD_RESET_ACCEPTED);
    expect([...known.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());
    expect(known.headers.getSetCookie()).toEqual([]);

    const [mail, ...more] = await mailsTo(user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Reset your Byline password');
    expect(mail!.from).toEqual({ name: 'Byline', email: env.MAIL_FROM });
    expect(mail!.text).toContain('Byline');
    expect(mail!.html).toContain('Byline');
    const token = resetTokenIn(mail!);
    expect(token).toMatch(/^pwr_[A-Za-z0-9_-]{43}$/); // 256 random bits
    expect(mail!.text).toContain(`https://byline.test/reset-password?token=${token}`);
    expect(mail!.html).toContain(`href="https://byline.test/reset-password?token=${token}"`);
    expect(await mailsTo(nobody, 1, 300)).toEqual([]);
  });

  it('matches the address in any case and with spaces, as login does', async () => {
    const user = await createUser();
    expect((await requestReset(`  ${user.email.toUpperCase()} `)).status).toBe(202);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('stores only the SHA-256 of the token, valid for one hour', async () => {
    const user = await createUser();
    const before = Date.now();
    await requestReset(user.email);
    const token = resetTokenIn((await mailsTo(user.email))[0]!);
    const rows = await resetRows(user.id);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.token_hash).toBe(await hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(token.slice(4));
    expect(row.used_at).toBeNull();
    expect(row.expires_at - row.created_at).toBe(60 * 60 * 1000);
    expect(row.created_at).toBeGreaterThanOrEqual(before);
  });

  it('sends a disabled account no mail, with the same answer', async () => {
    const user = await createUser({ disabled: true });
    const res = await requestReset(user.email);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual(PASSWORD_RESET_ACCEPTED);
    expect(await mailsTo(user.email, 1, 300)).toEqual([]);
    expect(await resetRows(user.id)).toEqual([]);
  });

  it('refuses a malformed address with 422 fields.email, and unknown fields', async () => {
    const bad = await expectError(await requestReset('not-an-address'), 422, 'validation_failed');
    expect(Object.keys(bad.error.fields ?? {})).toEqual(['email']);
    await expectError(await requestReset('a'.repeat(250) + '@x.io'), 422, 'validation_failed');
    await expectError(await call('/api/auth/password-reset', { json: { email: 'a@b.io', role: 0 } }), 422, 'validation_failed');
    await expectError(await call('/api/auth/password-reset', { json: {} }), 422, 'validation_failed');
  });

  it('allows 3 requests an hour for one address, existing or not, from any network → 429 with Retry-After', async () => {
    const user = await createUser();
    const nobody = `nobody-${uid()}@example.com`;
    for (const email of [user.email, nobody]) {
      for (let i = 0; i < 3; i++) expect((await requestReset(email)).status).toBe(202);
      const res = await requestReset(email);
      const body = await expectError(res, 429, 'rate_limited');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3500);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
      expect(body.error.message).toMatch(/try again later/);
    }
    // The refused fourth request sent nothing more.
    expect(await mailsTo(user.email, 4, 300)).toHaveLength(3);
  });

  it('allows 10 requests an hour from one client network → 429 with Retry-After', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) expect((await requestReset(`n${i}-${uid()}@example.com`, ip)).status).toBe(202);
    const res = await requestReset(`n-${uid()}@example.com`, ip);
    await expectError(res, 429, 'rate_limited');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another network is not affected.
    expect((await requestReset(`n-${uid()}@example.com`)).status).toBe(202);
  });
});
