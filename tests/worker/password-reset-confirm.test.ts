// POST /api/auth/password-reset/confirm: a live link sets the password once, ends every session of the
// account and signs in afresh; a used, unknown, malformed or expired link → 400 invalid_token, one message.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVALID_RESET_TOKEN } from '../../contracts/password-reset';
import { newRandomToken } from '../../worker/lib/session-token';
import { createUser, startTestSession, type TestUser } from './factories';
import { call, expectError, login, sessionCookieFrom, sessionCount, uniqueIp, verify } from './helpers';
import { mailsTo, resetTokenIn } from './mail-outbox';

afterEach(() => {
  vi.useRealTimers();
});

/** Asks for a link for the user and answers the token from the mail (the `n`th mail to them). */
async function resetTokenFor(user: TestUser, n = 1): Promise<string> {
  expect((await call('/api/auth/password-reset', { json: { email: user.email }, ip: uniqueIp() })).status).toBe(202);
  const mails = await mailsTo(user.email, n);
  expect(mails).toHaveLength(n);
  return resetTokenIn(mails[n - 1]!);
}

const confirm = (token: unknown, password: unknown) =>
  call('/api/auth/password-reset/confirm', { json: { token, password } });

async function expectInvalidToken(res: Response): Promise<void> {
  const body = await expectError(res, 400, 'invalid_token');
  expect(body.error.message).toBe(INVALID_RESET_TOKEN);
  expect(body.error.fields).toBeUndefined();
}

describe('using a reset link', () => {
  it('sets the new password, ends every session of the account and signs in afresh', async () => {
    const user = await createUser();
    const other = await startTestSession(user.id);
    expect(await sessionCount(user.id)).toBe(2);
    const token = await resetTokenFor(user);

    const res = await confirm(token, 'a brand new secret');
    expect(res.status, await res.clone().text()).toBe(204);
    const fresh = sessionCookieFrom(res);
    expect(fresh).not.toBeNull();

    expect((await verify(user.cookie)).status).toBe(401);
    expect((await verify(other)).status).toBe(401);
    expect(await sessionCount(user.id)).toBe(1);
    expect((await verify(fresh)).status).toBe(200);
    expect((await login(user.username, user.password)).status).toBe(401);
    expect((await login(user.email, 'a brand new secret')).status).toBe(200);
  });

  it('works once: the same link again → 400 invalid_token, and the password stays', async () => {
    const user = await createUser();
    const token = await resetTokenFor(user);
    expect((await confirm(token, 'first new password')).status).toBe(204);
    await expectInvalidToken(await confirm(token, 'second new password'));
    expect((await login(user.username, 'first new password')).status).toBe(200);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const user = await createUser();
    const token = await resetTokenFor(user);
    const answers = await Promise.all([confirm(token, 'racing password one'), confirm(token, 'racing password two')]);
    expect(answers.map((r) => r.status).sort()).toEqual([204, 400]);
  });

  it('expires after one hour (clock moved)', async () => {
    const user = await createUser();
    const token = await resetTokenFor(user);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60 * 60 * 1000 + 1000);
    await expectInvalidToken(await confirm(token, 'too late a password'));
    vi.useRealTimers();
    expect((await login(user.username, user.password)).status).toBe(200);
  });

  it('still works just before the hour is up', async () => {
    const user = await createUser();
    const token = await resetTokenFor(user);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 59 * 60 * 1000);
    expect((await confirm(token, 'just in time password')).status).toBe(204);
  });

  it('answers unknown and malformed tokens with the same 400 invalid_token', async () => {
    await expectInvalidToken(await confirm(newRandomToken('pwr_'), 'whatever password'));
    await expectInvalidToken(await confirm('pwr_short', 'whatever password'));
    await expectInvalidToken(await confirm(newRandomToken('sess_'), 'whatever password'));
    await expectInvalidToken(await confirm('', 'whatever password'));
  });

  it('refuses a weak password with 422 naming the field, and keeps the link usable', async () => {
    const user = await createUser();
    const token = await resetTokenFor(user);
    const short = await expectError(await confirm(token, 'short'), 422, 'validation_failed');
    expect(Object.keys(short.error.fields ?? {})).toEqual(['password']);
    const same = await expectError(await confirm(token, user.email.toUpperCase()), 422, 'validation_failed');
    expect(Object.keys(same.error.fields ?? {})).toEqual(['password']);
    await expectError(await confirm(token, 'x'.repeat(129)), 422, 'validation_failed');
    expect((await confirm(token, 'a good long password')).status).toBe(204);
  });

  it('closes the other open links of the account once one is used', async () => {
    const user = await createUser();
    const first = await resetTokenFor(user, 1);
    const second = await resetTokenFor(user, 2);
    expect((await confirm(second, 'the newer link wins')).status).toBe(204);
    await expectInvalidToken(await confirm(first, 'the older link loses'));
  });

  it('refuses the link of an account disabled after it was sent', async () => {
    const user = await createUser();
    const token = await resetTokenFor(user);
    await env.DB.prepare('UPDATE users SET disabled_at = ? WHERE id = ?').bind(Date.now(), user.id).run();
    await expectInvalidToken(await confirm(token, 'a disabled account'));
  });

  it('is closed by a password change made meanwhile', async () => {
    const user = await createUser();
    const token = await resetTokenFor(user);
    const change = await call('/api/profile/password', {
      json: { currentPassword: user.password, newPassword: 'changed from profile' },
      cookie: user.cookie,
    });
    expect(change.status).toBe(204);
    await expectInvalidToken(await confirm(token, 'undo the change'));
  });
});
