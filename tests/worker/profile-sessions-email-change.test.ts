// Changing one's own email: PATCH /api/profile {email, currentPassword}; a wrong password is a 422 on
// currentPassword that counts like the password change's; a taken address 409; a notice to the old address.
import { describe, expect, it } from 'vitest';
import type { ProfileUpdateResponse } from '../../contracts/profile';
import { createUser, json, uid } from './factories';
import { call, expectError, findUser, login } from './helpers';
import { mailsTo, resetTokenIn } from './mail-outbox';

const patchProfile = (cookie: string, body: unknown) => call('/api/profile', { method: 'PATCH', json: body, cookie });

describe('changing the email of one’s own account', () => {
  it('changes it with the current password and sends a notice to the old address', async () => {
    const user = await createUser();
    const newEmail = `moved-${uid()}@example.com`;
    const body = await json<ProfileUpdateResponse>(
      await patchProfile(user.cookie, { email: ` ${newEmail.toUpperCase()} `, currentPassword: user.password }),
    );
    expect(body.user.email).toBe(newEmail);
    expect((await findUser(user.username))!.email).toBe(newEmail);
    expect((await login(newEmail, user.password)).status).toBe(200);

    const [notice, ...more] = await mailsTo(user.email);
    expect(more).toEqual([]);
    expect(notice!.subject).toBe('Your Byline email address was changed');
    expect(notice!.text).toContain(newEmail);
    expect(notice!.html).toContain(newEmail);
    expect(await mailsTo(newEmail, 1, 200)).toEqual([]);
  });

  it('refuses a wrong current password with 422 fields.currentPassword, and counts it (429 after 5)', async () => {
    const user = await createUser();
    const newEmail = `moved-${uid()}@example.com`;
    for (let i = 0; i < 5; i++) {
      const wrong = await expectError(await patchProfile(user.cookie, { email: newEmail, currentPassword: 'not it at all' }), 422, 'validation_failed');
      expect(Object.keys(wrong.error.fields ?? {})).toEqual(['currentPassword']);
    }
    const limited = await patchProfile(user.cookie, { email: newEmail, currentPassword: user.password });
    await expectError(limited, 429, 'rate_limited');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await findUser(user.username))!.email).toBe(user.email);
    expect(await mailsTo(user.email, 1, 200)).toEqual([]);
  });

  it('needs the current password with an email (422); the unchanged address sends no notice', async () => {
    const user = await createUser();
    const missing = await expectError(await patchProfile(user.cookie, { email: `x-${uid()}@example.com` }), 422, 'validation_failed');
    expect(Object.keys(missing.error.fields ?? {})).toEqual(['currentPassword']);
    expect((await patchProfile(user.cookie, { email: user.email, currentPassword: user.password, name: 'Same Address' })).status).toBe(200);
    expect(await mailsTo(user.email, 1, 200)).toEqual([]);
  });

  it('refuses an address another account has with 409 fields.email', async () => {
    const user = await createUser();
    const other = await createUser();
    const taken = await expectError(
      await patchProfile(user.cookie, { email: other.email.toUpperCase(), currentPassword: user.password }),
      409,
      'conflict',
    );
    expect(Object.keys(taken.error.fields ?? {})).toEqual(['email']);
    expect((await findUser(user.username))!.email).toBe(user.email);
  });

  it('refuses a malformed address with 422 fields.email', async () => {
    const user = await createUser();
    const bad = await expectError(await patchProfile(user.cookie, { email: 'nope', currentPassword: user.password }), 422, 'validation_failed');
    expect(Object.keys(bad.error.fields ?? {})).toEqual(['email']);
  });

  it('closes reset links mailed to the old address', async () => {
    const user = await createUser();
    await call('/api/auth/password-reset', { json: { email: user.email } });
    const token = resetTokenIn((await mailsTo(user.email))[0]!);
    expect((await patchProfile(user.cookie, { email: `moved-${uid()}@example.com`, currentPassword: user.password })).status).toBe(200);
    await expectError(await call('/api/auth/password-reset/confirm', { json: { token, password: 'takeover attempt' } }), 400, 'invalid_token');
  });
});
