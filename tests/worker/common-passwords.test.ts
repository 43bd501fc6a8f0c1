// §7: the 100,000 most common passwords of a public breach corpus (SecLists' 10-million-password-list) are refused
// wherever a password is set, as 422 fields.password (fields.newPassword in the profile) (docs/decisions/027).
import { describe, expect, it } from 'vitest';
import { PASSWORD_IS_COMMON } from '../../contracts/users';
import { COMMON_PASSWORD_FILTER } from '../../worker/lib/password-common-filter';
import { isCommonPassword } from '../../worker/lib/password-common';
import { createAdmin, createUser, uid } from './factories';
import { call, expectError, findUser, login, newAccount } from './helpers';
import { mailsTo, resetTokenIn } from './mail-outbox';

const COMMON = 'password1234'; // #31,873 of the list

async function expectCommonRefused(res: Response, field = 'password') {
  const err = await expectError(res, 422, 'validation_failed');
  expect(err.error.fields).toEqual({ [field]: PASSWORD_IS_COMMON });
}

describe('the common-password list', () => {
  it('knows the list from its first entries to its 100,000th, in any case, and not what comes after', async () => {
    // Ranks 21, 37, 50, 374, 3,504, 31,873, 70,572 and 99,990 of the list.
    for (const p of ['qwertyuiop', 'trustno1', 'iloveyou', '1q2w3e4r5t', 'football1', 'password1234', 'letmein123', '07031969', 'PassWord1234', 'ILOVEYOU']) {
      expect(await isCommonPassword(p), p).toBe(true);
    }
    // Ranks 100,001 and on, and passwords nobody has used.
    for (const p of ['07012006', '07011963', `pw-${uid(16)}`, 'correct horse battery staple', 'q7$Lm2!x']) {
      expect(await isCommonPassword(p), p).toBe(false);
    }
  });

  it('is a compact Bloom filter: 38,452 entries in 138,212 bytes with 20 hashes', () => {
    expect(COMMON_PASSWORD_FILTER.bits).toBe(138_212 * 8);
    expect(COMMON_PASSWORD_FILTER.hashes).toBe(20);
    expect(atob(COMMON_PASSWORD_FILTER.base64).length).toBe(138_212);
  });
});

describe('a common password is refused wherever a password is set', () => {
  it('at registration (nothing is created)', async () => {
    const account = newAccount({ password: COMMON });
    await expectCommonRefused(await call('/api/auth/register', { json: account }));
    expect(await findUser(account.username)).toBeNull();
  });

  it('when a reset link is used (the link stays usable for a better one)', async () => {
    const user = await createUser();
    await call('/api/auth/password-reset', { json: { email: user.email } });
    const token = resetTokenIn((await mailsTo(user.email))[0]!);
    await expectCommonRefused(await call('/api/auth/password-reset/confirm', { json: { token, password: 'Password1234' } }));
    expect((await login(user.username, user.password)).status).toBe(200);
    expect((await call('/api/auth/password-reset/confirm', { json: { token, password: `pw-${uid(16)}` } })).status).toBe(204);
  });

  it('in the profile’s password change (fields.newPassword; the password stays)', async () => {
    const user = await createUser();
    const res = await call('/api/profile/password', { json: { currentPassword: user.password, newPassword: COMMON }, cookie: user.cookie });
    await expectCommonRefused(res, 'newPassword');
    expect((await login(user.username, user.password)).status).toBe(200);
  });

  it('when an admin creates a user or sets a password', async () => {
    const admin = await createAdmin();
    const account = newAccount({ password: COMMON });
    await expectCommonRefused(await call('/api/admin/users', { json: { ...account, role: 1 }, cookie: admin.cookie }));
    expect(await findUser(account.username)).toBeNull();

    const user = await createUser();
    await expectCommonRefused(await call(`/api/admin/users/${user.username}`, { method: 'PATCH', json: { password: COMMON }, cookie: admin.cookie }));
    expect((await login(user.username, user.password)).status).toBe(200);
  });
});
