// New-device verification (product.md §15, docs/decisions/026): one account guessed from many addresses. After
// 10 failed logins on an account from anywhere in 15 minutes, a browser without that account's device cookie
// gets 202 {"verification":"email"} whatever the password; a right password mails a 6-digit code that
// POST /api/auth/verify-device turns into a session. The owner always gets in; the guesser learns nothing.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createUser, json, uid, type TestUser } from './factories';
import { call, expectError, login, sessionCookieFrom, uniqueIp, verify } from './helpers';
import { mailsTo } from './mail-outbox';

const DEVICE_COOKIE = '__Host-byline_device';
const VERIFICATION = '{"verification":"email"}';

const loginFrom = (loginText: string, password: string, opts: { ip?: string; cookie?: string | null } = {}) =>
  call('/api/auth/login', { json: { login: loginText, password }, ip: opts.ip ?? uniqueIp(), cookie: opts.cookie ?? null });
const verifyDevice = (body: unknown, opts: { ip?: string; cookie?: string | null } = {}) =>
  call('/api/auth/verify-device', { json: body, ip: opts.ip ?? uniqueIp(), cookie: opts.cookie ?? null });

/** The 6-digit code of the newest sign-in-code mail to the user. */
async function mailedCode(user: { email: string }, count = 1): Promise<string> {
  const mails = (await mailsTo(user.email, count)).filter((m) => /sign-in code/.test(m.subject));
  const code = /^(\d{6}) is your Byline sign-in code$/.exec(mails.at(-1)?.subject ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${user.email}`);
  expect(mails.at(-1)!.text).toContain(`\n${code}\n`);
  return code;
}

/** Puts the account under attack (10 failures this window) without spending 10 password checks. */
async function underAttack(user: TestUser): Promise<void> {
  await env.DB.prepare(
    'INSERT INTO login_attempts (key, count, window_start) VALUES (?, 10, ?) ON CONFLICT (key) DO UPDATE SET count = 10, window_start = excluded.window_start',
  )
    .bind(`login-account:user:${user.id}`, Date.now())
    .run();
}

async function expectVerificationAsked(res: Response): Promise<void> {
  expect(res.status).toBe(202);
  expect(await res.text()).toBe(VERIFICATION);
  expect(res.headers.getSetCookie()).toEqual([]);
}

/** A new user under attack who logged in with the right password from a new browser: the code mailed to them. */
async function codeForNewDevice(): Promise<{ user: TestUser; code: string }> {
  const user = await createUser();
  await underAttack(user);
  await expectVerificationAsked(await loginFrom(user.username, user.password));
  return { user, code: await mailedCode(user) };
}

describe('one account guessed from many addresses', () => {
  it('30 parallel + 30 sequential wrong passwords from 60 addresses: 10 are checked (401), every other gets 202; the owner, from a new browser, confirms by mail and is in; with the device cookie straight in', async () => {
    const owner = await createUser();
    const parallel = await Promise.all(Array.from({ length: 30 }, () => loginFrom(owner.username, `guess-${uid()}`)));
    const sequential: Response[] = [];
    for (let i = 0; i < 30; i++) sequential.push(await loginFrom(i % 2 ? owner.email : owner.username, `guess-${uid()}`));

    const statuses = parallel.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 202)).toHaveLength(20);
    expect(sequential.map((r) => r.status)).toEqual(Array(30).fill(202));
    for (const res of [...parallel, ...sequential].filter((r) => r.status === 202)) await expectVerificationAsked(res);
    expect(await mailsTo(owner.email, 1, 200)).toEqual([]); // wrong passwords mail nothing

    // The owner, from a new browser and address: the same 202, and a code in the mail.
    const browserIp = uniqueIp();
    const asked = await loginFrom(owner.username, owner.password, { ip: browserIp });
    expect([...asked.headers.keys()].sort()).toEqual([...sequential[0]!.headers.keys()].sort());
    await expectVerificationAsked(asked);
    const code = await mailedCode(owner);
    const done = await verifyDevice({ login: owner.username, code }, { ip: browserIp });
    expect(await json<{ user: { username: string } }>(done)).toEqual({ user: expect.objectContaining({ username: owner.username }) });
    const session = sessionCookieFrom(done);
    const device = sessionCookieFrom(done, DEVICE_COOKIE);
    expect(session).not.toBeNull();
    expect(device).not.toBeNull();
    expect(done.headers.getSetCookie().find((l) => l.startsWith(`${DEVICE_COOKIE}=`))).toMatch(/HttpOnly.*Secure.*SameSite=Lax|HttpOnly; Secure; SameSite=Lax/);
    expect((await verify(session)).status).toBe(200);

    // Still under attack: with the device cookie the owner gets straight in; guesses without it still get 202.
    const again = await loginFrom(owner.email, owner.password, { cookie: device });
    expect(again.status).toBe(200);
    expect(sessionCookieFrom(again)).not.toBeNull();
    await expectVerificationAsked(await loginFrom(owner.username, 'one more guess'));
    expect((await loginFrom(owner.username, 'a guess with the cookie', { cookie: device })).status).toBe(401);
  }, 60_000);

  it('an unknown account under attack answers the same 202, so guessing does not reveal which accounts exist', async () => {
    const ghost = `ghost-${uid()}`;
    const answers: Response[] = [];
    for (let i = 0; i < 11; i++) answers.push(await loginFrom(ghost, `guess-${uid()}`));
    expect(answers.map((r) => r.status)).toEqual([...Array(10).fill(401), 202]);
    await expectVerificationAsked(answers[10]!);
    await expectError(await verifyDevice({ login: ghost, code: '123456' }), 400, 'invalid_code');
  }, 30_000);

  it('a disabled account under attack gets the same 202 for its right password, and no code is mailed', async () => {
    const user = await createUser({ disabled: true });
    await underAttack(user);
    await expectVerificationAsked(await loginFrom(user.username, user.password));
    expect(await mailsTo(user.email, 1, 200)).toEqual([]);
  });

  it('below 10 failures nothing changes: a new browser with the right password gets straight in', async () => {
    const user = await createUser();
    for (let i = 0; i < 9; i++) expect((await loginFrom(user.username, `guess-${uid()}`)).status).toBe(401);
    expect((await loginFrom(user.username, user.password)).status).toBe(200);
  }, 30_000);
});

describe('the mailed code', () => {
  it('is kept only as a keyed hash, works once, and is refused when wrong (400 invalid_code)', async () => {
    const { user, code } = await codeForNewDevice();
    const row = await env.DB.prepare('SELECT code_hash, tries_left, expires_at FROM device_codes WHERE user_id = ?').bind(user.id).first<{
      code_hash: string;
      tries_left: number;
      expires_at: number;
    }>();
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.code_hash).not.toContain(code);
    expect(row!.tries_left).toBe(5);
    expect(row!.expires_at - Date.now()).toBeGreaterThan(14 * 60 * 1000);
    expect(row!.expires_at - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);

    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await expectError(await verifyDevice({ login: user.username, code: wrong }), 400, 'invalid_code');
    expect(refused.error.message).toMatch(/code/);
    expect((await verifyDevice({ login: ` ${user.email.toUpperCase()} `, code })).status).toBe(200);
    await expectError(await verifyDevice({ login: user.username, code }), 400, 'invalid_code');
  });

  it('allows 5 tries, then even the right code is refused', async () => {
    const { user, code } = await codeForNewDevice();
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) await expectError(await verifyDevice({ login: user.username, code: wrong }), 400, 'invalid_code');
    await expectError(await verifyDevice({ login: user.username, code }), 400, 'invalid_code');
  });

  it('expires after 15 minutes; a new login with the right password mails a new one', async () => {
    const { user, code: first } = await codeForNewDevice();
    await env.DB.prepare('UPDATE device_codes SET expires_at = ? WHERE user_id = ?').bind(Date.now() - 1, user.id).run();
    await expectError(await verifyDevice({ login: user.username, code: first }), 400, 'invalid_code');
    await expectVerificationAsked(await loginFrom(user.username, user.password));
    const second = await mailedCode(user, 2);
    expect((await verifyDevice({ login: user.username, code: second })).status).toBe(200);
  });

  it('malformed input is 422 and changes nothing', async () => {
    for (const body of [{}, { login: 'someone' }, { login: 'someone', code: '12345' }, { login: 'someone', code: 'abcdef' }, { login: 'someone', code: '123456', extra: 1 }]) {
      await expectError(await verifyDevice(body), 422, 'validation_failed');
    }
  });
});

describe('the device cookie', () => {
  it('names every account signed in from the browser, and spares only those the code', async () => {
    const a = await createUser();
    const b = await createUser();
    const first = await loginFrom(a.username, a.password);
    const deviceA = sessionCookieFrom(first, DEVICE_COOKIE);
    const second = await loginFrom(b.username, b.password, { cookie: deviceA });
    const deviceAB = sessionCookieFrom(second, DEVICE_COOKIE);
    await underAttack(a);
    await underAttack(b);
    expect((await loginFrom(a.username, a.password, { cookie: deviceAB })).status).toBe(200);
    expect((await loginFrom(b.username, b.password, { cookie: deviceAB })).status).toBe(200);
    // A's cookie alone does not vouch for B.
    await expectVerificationAsked(await loginFrom(b.username, b.password, { cookie: deviceA }));
  });

  it('is never a session, and a forged or altered one is worth nothing', async () => {
    const user = await createUser();
    const device = sessionCookieFrom(await loginFrom(user.username, user.password), DEVICE_COOKIE)!;
    expect((await verify(device)).status).toBe(401);
    await underAttack(user);
    const [name, value] = [device.slice(0, device.indexOf('=')), decodeURIComponent(device.slice(device.indexOf('=') + 1))];
    const forged = `${name}=${encodeURIComponent(value.replace(/^dev1\.\d+/, `dev1.${user.id}`).replace(/.{4}$/, 'AAA='))}`;
    const unsigned = `${name}=${encodeURIComponent(`dev1.${user.id}-9999999999`)}`;
    for (const cookie of [forged, unsigned]) await expectVerificationAsked(await loginFrom(user.username, user.password, { cookie }));
  });

  it('is set by every sign-in: registration, login and the code', async () => {
    const account = { name: 'Device Owner', username: `d${uid()}`, email: `d-${uid()}@example.com`, password: `pw-${uid(16)}` };
    const registered = await call('/api/auth/register', { json: account });
    expect(registered.status).toBe(201);
    expect(sessionCookieFrom(registered, DEVICE_COOKIE)).not.toBeNull();
    const line = registered.headers.getSetCookie().find((l) => l.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(Number(/Max-Age=(\d+)/.exec(line)?.[1])).toBe(365 * 24 * 60 * 60);
    expect(sessionCookieFrom(await login(account.username, account.password), DEVICE_COOKIE)).not.toBeNull();
  });
});
