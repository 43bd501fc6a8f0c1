// An admin's "send a reset link" on /admin/user/:slug: POST /api/admin/users/:username/password-reset.
import { describe, expect, it } from 'vitest';
import { createAdmin, createUser, json } from './factories';
import { call, expectError, login } from './helpers';
import { mailsTo, resetTokenIn } from './mail-outbox';

const sendLink = (cookie: string | null, username: string) =>
  call(`/api/admin/users/${username}/password-reset`, { method: 'POST', cookie });

describe('an admin sends a reset link', () => {
  it('mails the user a working link (202) and changes nothing else', async () => {
    const admin = await createAdmin();
    const user = await createUser();
    const body = await json<{ message: string }>(await sendLink(admin.cookie, user.username), 202);
    expect(body.message).toContain(user.email);
    expect((await login(user.username, user.password)).status).toBe(200);
    const token = resetTokenIn((await mailsTo(user.email))[0]!);
    expect((await call('/api/auth/password-reset/confirm', { json: { token, password: 'chosen by the user' } })).status).toBe(204);
    expect((await login(user.username, 'chosen by the user')).status).toBe(200);
  });

  it('is closed when an admin sets a new password meanwhile', async () => {
    const admin = await createAdmin();
    const user = await createUser();
    await call('/api/auth/password-reset', { json: { email: user.email } });
    const token = resetTokenIn((await mailsTo(user.email))[0]!);
    const set = await call(`/api/admin/users/${user.username}`, { method: 'PATCH', json: { password: 'set by the admin' }, cookie: admin.cookie });
    expect(set.status).toBe(200);
    await expectError(await call('/api/auth/password-reset/confirm', { json: { token, password: 'undo the admin' } }), 400, 'invalid_token');
    expect((await login(user.username, 'set by the admin')).status).toBe(200);
  });

  it('is for admins only, 404 for an unknown user, 409 for a disabled one', async () => {
    const admin = await createAdmin();
    const author = await createUser();
    const disabled = await createUser({ disabled: true });
    await expectError(await sendLink(null, author.username), 401, 'unauthenticated');
    await expectError(await sendLink(author.cookie, author.username), 403, 'forbidden');
    await expectError(await sendLink(admin.cookie, 'no-such-user-here'), 404, 'not_found');
    await expectError(await sendLink(admin.cookie, disabled.username), 409, 'conflict');
    expect(await mailsTo(author.email, 1, 200)).toEqual([]);
    expect(await mailsTo(disabled.email, 1, 200)).toEqual([]);
  });
});
