// New-device verification for staff, always (product.md §15's setting `deviceVerification: always`; issue 23
// item 5): every login of an admin or editor — whoever may open the admin area — from a browser without that
// account's device cookie gets 202 {"verification":"email"} and a mailed code, as under attack (decision
// 026); the code signs in and leaves the device cookie, which lets the next login straight in. Authors and
// contributors are not affected, and `risk` keeps the old behaviour.
import { afterEach, describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_AUTHOR, ROLE_CONTRIBUTOR, ROLE_EDITOR, roleLabel, type Role } from '../../contracts/roles';
import { json } from './factories';
import { call, expectError, sessionCookieFrom, uniqueIp, verify } from './helpers';
import { mailsTo } from './mail-outbox';
import { createUserWithRole, postForm, setSettings } from './signup-kit';

const DEVICE_COOKIE = '__Host-byline_device';

afterEach(() => setSettings({ deviceVerification: 'risk' }));

const loginFrom = (login: string, password: string, cookie: string | null = null) =>
  call('/api/auth/login', { json: { login, password }, ip: uniqueIp(), cookie });

async function codeMailedTo(email: string): Promise<string> {
  const mails = (await mailsTo(email)).filter((m) => /sign-in code/.test(m.subject));
  const code = /^(\d{6}) is your Byline sign-in code$/.exec(mails.at(-1)?.subject ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

const STAFF: readonly Role[] = [ROLE_ADMIN, ROLE_EDITOR];
const WRITERS: readonly Role[] = [ROLE_AUTHOR, ROLE_CONTRIBUTOR];

describe('deviceVerification: always', () => {
  it.each(STAFF.map((r) => [roleLabel(r), r] as const))('%s from a new browser: 202 and a mailed code; the code signs in; with its device cookie straight in', async (_label, role) => {
    await setSettings({ deviceVerification: 'always' });
    const user = await createUserWithRole(role);
    const asked = await loginFrom(user.username, user.password);
    expect(asked.status).toBe(202);
    expect(await asked.text()).toBe('{"verification":"email"}');
    expect(asked.headers.getSetCookie()).toEqual([]);

    const done = await call('/api/auth/verify-device', { json: { login: user.username, code: await codeMailedTo(user.email) } });
    expect(await json(done)).toEqual({ user: expect.objectContaining({ username: user.username, role }) });
    expect((await verify(sessionCookieFrom(done))).status).toBe(200);
    const device = sessionCookieFrom(done, DEVICE_COOKIE);
    expect(device).not.toBeNull();

    const again = await loginFrom(user.email, user.password, device);
    expect(again.status).toBe(200);
  });

  it.each(STAFF.map((r) => [roleLabel(r), r] as const))('%s with a wrong password: 401 as always, no code mailed', async (_label, role) => {
    await setSettings({ deviceVerification: 'always' });
    const user = await createUserWithRole(role);
    await expectError(await loginFrom(user.username, `${user.password}-wrong`), 401, 'unauthenticated');
    expect(await mailsTo(user.email, 1, 200)).toEqual([]);
  });

  it.each(WRITERS.map((r) => [roleLabel(r), r] as const))('%s from a new browser: straight in (200), no code', async (_label, role) => {
    await setSettings({ deviceVerification: 'always' });
    const user = await createUserWithRole(role);
    const res = await loginFrom(user.username, user.password);
    expect(res.status).toBe(200);
    expect(sessionCookieFrom(res)).not.toBeNull();
    expect(await mailsTo(user.email, 1, 200)).toEqual([]);
  });

  it('the login form posted before hydration shows the code step for an editor', async () => {
    await setSettings({ deviceVerification: 'always' });
    const editor = await createUserWithRole(ROLE_EDITOR);
    const res = await postForm('/api/auth/login?form=login', { login: editor.username, password: editor.password });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('We sent a code to your email');
    expect(html).not.toContain(editor.password);
    expect(await codeMailedTo(editor.email)).toMatch(/^\d{6}$/);
  });
});

describe('deviceVerification: risk (the default)', () => {
  it.each([...STAFF, ...WRITERS].map((r) => [roleLabel(r), r] as const))('%s from a new browser, not under attack: straight in (200)', async (_label, role) => {
    const user = await createUserWithRole(role);
    const res = await loginFrom(user.username, user.password);
    expect(res.status).toBe(200);
    expect(await mailsTo(user.email, 1, 200)).toEqual([]);
  });
});
