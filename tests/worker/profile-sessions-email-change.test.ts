// Changing one's own email: PATCH /api/profile {email, currentPassword} mails a link to the new address and a
// notice to the old; GET /confirm-email?token=… makes the change (product.md §11). A wrong password is a 422 on
// currentPassword that counts like the password change's; a taken address 409.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ProfileUpdateResponse } from '../../contracts/profile';
import { createUser, json, uid } from './factories';
import { call, expectError, findUser, login } from './helpers';
import { linkIn, mailsTo, resetTokenIn, tokenIn } from './mail-outbox';

const patchProfile = (cookie: string, body: unknown) => call('/api/profile', { method: 'PATCH', json: body, cookie });

describe('changing the email of one’s own account', () => {
  it('waits for the link mailed to the new address: the answer names it, the old address stays and is told', async () => {
    const user = await createUser();
    const newEmail = `moved-${uid()}@example.com`;
    const body = await json<ProfileUpdateResponse>(
      await patchProfile(user.cookie, { email: ` ${newEmail.toUpperCase()} `, currentPassword: user.password, name: 'Moved Soon' }),
    );
    expect(body).toEqual({ user: expect.objectContaining({ email: user.email, name: 'Moved Soon' }), pendingEmail: newEmail });
    expect((await findUser(user.username))!.email).toBe(user.email);
    expect((await login(user.email, user.password)).status).toBe(200);
    expect((await login(newEmail, user.password)).status).toBe(401);

    const [confirm, ...moreNew] = await mailsTo(newEmail);
    expect(moreNew).toEqual([]);
    expect(confirm!.subject).toBe('Confirm your new Byline email address');
    const link = linkIn(confirm!, '/confirm-email');
    expect(link.origin).toBe(env.SITE_URL);
    expect(confirm!.html).toContain(link.href.replace(/&/g, '&amp;'));
    const [notice, ...moreOld] = await mailsTo(user.email);
    expect(moreOld).toEqual([]);
    expect(notice!.subject).toBe('A change of your Byline email address was asked for');
    expect(notice!.text).toContain(newEmail);
    expect(notice!.text).not.toContain(link.searchParams.get('token')!);
  });

  it('the link changes the address once (303 to /profile?email=confirmed), tells the old address, and then is invalid', async () => {
    const user = await createUser();
    const newEmail = `moved-${uid()}@example.com`;
    await json<ProfileUpdateResponse>(await patchProfile(user.cookie, { email: newEmail, currentPassword: user.password }));
    const link = linkIn((await mailsTo(newEmail))[0]!, '/confirm-email');

    const confirmed = await call(`${link.pathname}${link.search}`, { cookie: user.cookie });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/profile?email=confirmed');
    expect(confirmed.headers.get('cache-control')).toBe('private, no-store');
    expect((await findUser(user.username))!.email).toBe(newEmail);
    expect((await login(newEmail, user.password)).status).toBe(200);
    const notices = await mailsTo(user.email, 2);
    expect(notices.map((m) => m.subject)).toEqual([
      'A change of your Byline email address was asked for',
      'Your Byline email address was changed',
    ]);
    expect(notices[1]!.text).toContain(newEmail);

    const again = await call(`${link.pathname}${link.search}`, { cookie: user.cookie });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/profile?email=invalid');
  });

  it('confirms by the token alone when not signed in, then sends the browser to /login?email=confirmed', async () => {
    const user = await createUser();
    const newEmail = `moved-${uid()}@example.com`;
    await json<ProfileUpdateResponse>(await patchProfile(user.cookie, { email: newEmail, currentPassword: user.password }));
    const link = linkIn((await mailsTo(newEmail))[0]!, '/confirm-email');
    const res = await call(`${link.pathname}${link.search}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?email=confirmed');
    expect((await findUser(user.username))!.email).toBe(newEmail);
  });

  it('an unknown, malformed, expired or superseded link, or one whose address was taken meanwhile, is invalid and changes nothing', async () => {
    const user = await createUser();
    const first = `first-${uid()}@example.com`;
    const second = `second-${uid()}@example.com`;
    await json<ProfileUpdateResponse>(await patchProfile(user.cookie, { email: first, currentPassword: user.password }));
    await json<ProfileUpdateResponse>(await patchProfile(user.cookie, { email: second, currentPassword: user.password }));
    const superseded = tokenIn((await mailsTo(first))[0]!, '/confirm-email');
    const latest = tokenIn((await mailsTo(second))[0]!, '/confirm-email');
    const tries = ['', 'nope', `eml_${'A'.repeat(43)}`, superseded, `${latest}x`];
    for (const token of tries) {
      const res = await call(`/confirm-email?token=${encodeURIComponent(token)}`, { cookie: user.cookie });
      expect(res.status, token).toBe(303);
      expect(res.headers.get('location'), token).toBe('/profile?email=invalid');
    }
    expect((await call('/confirm-email', { cookie: user.cookie })).headers.get('location')).toBe('/profile?email=invalid');

    // Another account takes the address before the link is opened: the link is invalid, nothing changes.
    await createUser().then((other) => env.DB.prepare('UPDATE users SET email = ? WHERE id = ?').bind(second, other.id).run());
    expect((await call(`/confirm-email?token=${latest}`, { cookie: user.cookie })).headers.get('location')).toBe('/profile?email=invalid');
    expect((await findUser(user.username))!.email).toBe(user.email);

    // An expired link (24 hours) is invalid too.
    const third = `third-${uid()}@example.com`;
    await json<ProfileUpdateResponse>(await patchProfile(user.cookie, { email: third, currentPassword: user.password }));
    const expired = tokenIn((await mailsTo(third))[0]!, '/confirm-email');
    await env.DB.prepare('UPDATE email_changes SET expires_at = ? WHERE user_id = ? AND used_at IS NULL').bind(Date.now() - 1, user.id).run();
    expect((await call(`/confirm-email?token=${expired}`, { cookie: user.cookie })).headers.get('location')).toBe('/profile?email=invalid');
    expect((await findUser(user.username))!.email).toBe(user.email);
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

  it('closes reset links mailed to the old address once the new one is confirmed', async () => {
    const user = await createUser();
    await call('/api/auth/password-reset', { json: { email: user.email } });
    const token = resetTokenIn((await mailsTo(user.email))[0]!);
    const newEmail = `moved-${uid()}@example.com`;
    expect((await patchProfile(user.cookie, { email: newEmail, currentPassword: user.password })).status).toBe(200);
    const link = linkIn((await mailsTo(newEmail))[0]!, '/confirm-email');
    expect((await call(`${link.pathname}${link.search}`)).headers.get('location')).toBe('/login?email=confirmed');
    await expectError(await call('/api/auth/password-reset/confirm', { json: { token, password: 'takeover attempt' } }), 400, 'invalid_token');
  });
});

describe('the email change’s limits', () => {
  it('a HEAD of the link (a mail scanner) does not use it up', async () => {
    const user = await createUser();
    const newEmail = `moved-${uid()}@example.com`;
    await json<ProfileUpdateResponse>(await patchProfile(user.cookie, { email: newEmail, currentPassword: user.password }));
    const link = linkIn((await mailsTo(newEmail))[0]!, '/confirm-email');
    expect((await call(`${link.pathname}${link.search}`, { method: 'HEAD' })).status).toBe(200);
    expect((await findUser(user.username))!.email).toBe(user.email);
    expect((await call(`${link.pathname}${link.search}`)).headers.get('location')).toBe('/login?email=confirmed');
  });

  it('allows 5 changes an hour, so no one’s inbox is flooded from one account (429 after)', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) {
      expect((await patchProfile(user.cookie, { email: `flood-${i}-${uid()}@example.com`, currentPassword: user.password })).status).toBe(200);
    }
    const target = `flood-last-${uid()}@example.com`;
    await expectError(await patchProfile(user.cookie, { email: target, currentPassword: user.password }), 429, 'rate_limited');
    expect(await mailsTo(target, 1, 200)).toEqual([]);
  });
});
