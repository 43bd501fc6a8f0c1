// "Your password was changed" (product.md §11): a mail to the account after every password change — in the
// profile, by a reset link, or by an admin — with the way back (a reset link's page) on SITE_URL.
import { describe, expect, it } from 'vitest';
import { createAdmin, createUser, type TestUser } from './factories';
import { call } from './helpers';
import { mailsTo, resetTokenIn } from './mail-outbox';

const SUBJECT = 'Your Byline password was changed';

async function expectPasswordChangedMail(user: TestUser, count = 1) {
  const mails = (await mailsTo(user.email, count)).filter((m) => m.subject === SUBJECT);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.text).toContain('https://byline.test/forgot-password');
  expect(mails[0]!.text).not.toMatch(/chosen|new-pass/); // never the password itself
}

describe('the "your password was changed" mail', () => {
  it('goes out after a change in the profile', async () => {
    const user = await createUser();
    const res = await call('/api/profile/password', {
      json: { currentPassword: user.password, newPassword: 'new-pass-for-the-profile' },
      cookie: user.cookie,
    });
    expect(res.status).toBe(204);
    await expectPasswordChangedMail(user);
  });

  it('goes out after a reset by link', async () => {
    const user = await createUser();
    await call('/api/auth/password-reset', { json: { email: user.email } });
    const token = resetTokenIn((await mailsTo(user.email))[0]!);
    expect((await call('/api/auth/password-reset/confirm', { json: { token, password: 'chosen after a reset' } })).status).toBe(204);
    await expectPasswordChangedMail(user, 2);
  });

  it('goes out after an admin sets the password, and not after other admin edits', async () => {
    const admin = await createAdmin();
    const user = await createUser();
    const patch = (json: unknown) => call(`/api/admin/users/${user.username}`, { method: 'PATCH', json, cookie: admin.cookie });
    expect((await patch({ bio: 'Edited by the admin' })).status).toBe(200);
    expect(await mailsTo(user.email, 1, 200)).toEqual([]);
    expect((await patch({ password: 'chosen by the admin' })).status).toBe(200);
    await expectPasswordChangedMail(user);
  });

  it('does not go out when the change is refused', async () => {
    const user = await createUser();
    const res = await call('/api/profile/password', { json: { currentPassword: 'not my password', newPassword: 'new-pass-refused' }, cookie: user.cookie });
    expect(res.status).toBe(422);
    expect(await mailsTo(user.email, 1, 200)).toEqual([]);
  });
});
