// Issue 20 item 1 (product.md §13, security rule 8): the forms posted before hydration. A urlencoded POST to
// a form's API path is the same call as the JSON one — same validation, body limit and origin check — and is
// answered with a 303 to the next page (the session cookie set as the JSON call sets it) or with the form's
// page rendered again with the API's status, the field errors and the echoed input, never a password.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createUser, uid } from './factories';
import { call, expectError, findUser, newAccount, ORIGIN, sessionCookieFrom, uniqueIp, usersMatching, usersSnapshot, verify } from './helpers';
import { mailsTo, resetTokenIn } from './mail-outbox';

const URLENCODED = 'application/x-www-form-urlencoded';

/** A form post as a browser without the script sends it. */
function postForm(action: string, fields: Record<string, string>, opts: { cookie?: string; ip?: string; origin?: string } = {}) {
  return call(action, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': URLENCODED, origin: opts.origin ?? ORIGIN, 'sec-fetch-site': opts.origin && opts.origin !== ORIGIN ? 'cross-site' : 'same-origin' },
    ...(opts.cookie ? { cookie: opts.cookie } : {}),
    ...(opts.ip ? { ip: opts.ip } : {}),
  });
}

/** The re-rendered page: HTML, not cacheable, and its text. */
async function formPage(res: Response, status: number): Promise<string> {
  const html = await res.text();
  expect(res.status, html.slice(0, 300)).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  return html;
}

/** The value attribute of the input named `name` in the page, or null when it has none. */
function inputValue(html: string, name: string): string | null {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  if (!input) throw new Error(`no input named ${name}`);
  return /value="([^"]*)"/.exec(input)?.[1] ?? null;
}

describe('log in with a form posted before hydration', () => {
  it('success: 303 to the same-site ?redirect= with the session cookie, as the JSON call sets it', async () => {
    const user = await createUser();
    const res = await postForm('/api/auth/login?form=login&redirect=%2Fprofile', { login: user.username, password: user.password });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/profile');
    const cookie = sessionCookieFrom(res);
    expect(cookie).not.toBeNull();
    expect((await verify(cookie)).status).toBe(200);
  });

  it('a redirect to another site goes home instead', async () => {
    const user = await createUser();
    for (const target of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const res = await postForm(`/api/auth/login?form=login&redirect=${encodeURIComponent(target)}`, { login: user.email, password: user.password });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/');
    }
  });

  it('failure: the login page again with 401, the message, the login kept and the password nowhere', async () => {
    const user = await createUser();
    const password = `wrong-${uid()}`;
    const res = await postForm('/api/auth/login?form=login&redirect=%2Fprofile', { login: user.username, password });
    const html = await formPage(res, 401);
    expect(sessionCookieFrom(res)).toBeNull();
    expect(html).toContain('That username or email and password do not match');
    expect(inputValue(html, 'login')).toBe(user.username);
    expect(inputValue(html, 'password')).toBeNull();
    expect(html).not.toContain(password);
    // The form posts again to the API path, the redirect carried along.
    expect(html).toContain('action="/api/auth/login?form=login&amp;redirect=%2Fprofile"');
    expect(html).toContain('method="post"');
  });

  it('too many failures: 429 with Retry-After and the wait in minutes on the page', async () => {
    const user = await createUser();
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await postForm('/api/auth/login', { login: user.username, password: `guess-${i}` }, { ip })).status).toBe(401);
    const res = await postForm('/api/auth/login', { login: user.username, password: user.password }, { ip });
    const html = await formPage(res, 429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(html).toMatch(/Too many attempts — try again in \d+ minutes?/);
    expect(html).not.toContain(user.password);
  });

  it('a malformed login gets the 422 fields of the JSON call, at their fields', async () => {
    const res = await postForm('/api/auth/login', { login: '', password: '' });
    const html = await formPage(res, 422);
    const json = await call('/api/auth/login', { json: { login: '', password: '' } });
    const { error } = await expectError(json, 422, 'validation_failed');
    for (const message of Object.values(error.fields ?? {})) expect(html).toContain(message);
    expect(html).toContain('Please correct the highlighted fields.');
  });
});

describe('the same checks as the JSON call', () => {
  it('cross-site: 403 and nothing created', async () => {
    const account = newAccount();
    const before = await usersSnapshot();
    const res = await postForm('/api/auth/register', { ...account }, { origin: 'https://evil.example' });
    await expectError(res, 403, 'forbidden');
    expect(await usersSnapshot()).toEqual(before);
  });

  it('a body over 512 KB: 413 and nothing created', async () => {
    const account = newAccount({ name: 'x'.repeat(513 * 1024) });
    const res = await postForm('/api/auth/register', { ...account });
    await expectError(res, 413, 'payload_too_large');
    expect(await usersMatching(account)).toBe(0);
  });

  it('a field the contract does not know is refused (422), as in JSON', async () => {
    const account = newAccount();
    const res = await postForm('/api/auth/register', { ...account, role: '0' });
    const html = await formPage(res, 422);
    expect(html).toContain('This field is not allowed');
    expect(html).not.toContain(account.password);
    expect(await usersMatching(account)).toBe(0);
  });

  it('urlencoded to an API path that is no form stays 415', async () => {
    const user = await createUser();
    const res = await call('/api/posts', { method: 'POST', cookie: user.cookie, body: 'title=x', headers: { 'content-type': URLENCODED } });
    await expectError(res, 415, 'unsupported_media_type');
  });
});

describe('register, forgot and reset password before hydration', () => {
  it('register: 303 home signed in; a refused one re-renders with the input and without the password', async () => {
    const account = newAccount();
    const res = await postForm('/api/auth/register?form=register', { ...account });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect((await verify(sessionCookieFrom(res))).status).toBe(200);

    const again = newAccount({ username: account.username });
    const html = await formPage(await postForm('/api/auth/register?form=register', { ...again }), 409);
    expect(inputValue(html, 'email')).toBe(again.email);
    expect(inputValue(html, 'name')).toBe(again.name);
    expect(inputValue(html, 'password')).toBeNull();
    expect(html).not.toContain(again.password);
  });

  it('forgot: 303 to the "check your mail" state, and the mail goes out', async () => {
    const user = await createUser();
    const res = await postForm('/api/auth/password-reset?form=forgot-password', { email: user.email });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/forgot-password?sent=1');
    expect(await mailsTo(user.email)).toHaveLength(1);
    const page = await call('/forgot-password?sent=1');
    expect(await page.text()).toContain('If an account uses that address');
  });

  it('reset: a refused password re-renders the page with its link; the right one 303s home signed in', async () => {
    const user = await createUser();
    await call('/api/auth/password-reset', { json: { email: user.email } });
    const [mail] = await mailsTo(user.email);
    const token = resetTokenIn(mail!);
    const action = `/api/auth/password-reset/confirm?form=reset-password&token=${encodeURIComponent(token)}`;

    const html = await formPage(await postForm(action, { token, password: 'short' }), 422);
    expect(html).toContain('Password must be at least 8 characters');
    expect(inputValue(html, 'token')).toBe(token);
    expect(html).not.toContain('value="short"');

    const res = await postForm(action, { token, password: 'a brand new password' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect((await verify(sessionCookieFrom(res))).status).toBe(200);

    // Used: the page says so again, with 400.
    const used = await formPage(await postForm(action, { token, password: 'another new password' }), 400);
    expect(used).toContain('This reset link is not valid any more');
  });
});

describe('the profile forms before hydration', () => {
  it('profile: 303 back to the edit page with ?saved=profile, the change made', async () => {
    const user = await createUser();
    const res = await postForm('/api/profile?form=profile', { name: 'Renamed Writer', bio: 'Bio by form', image: '' }, { cookie: user.cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/profile/edit?saved=profile');
    expect((await findUser(user.username))?.name).toBe('Renamed Writer');
    const page = await call('/profile/edit?saved=profile', { cookie: user.cookie });
    expect(await page.text()).toContain('Profile saved.');
  });

  it('profile: a refused field re-renders the form with what was typed (422)', async () => {
    const user = await createUser();
    const html = await formPage(
      await postForm('/api/profile?form=profile', { name: 'Kept Name', bio: '', image: 'http://not-https.example/a.png' }, { cookie: user.cookie }),
      422,
    );
    expect(html).toContain('Image must be an https:// URL or an uploaded image');
    expect(inputValue(html, 'name')).toBe('Kept Name');
    expect(inputValue(html, 'image')).toBe('http://not-https.example/a.png');
    expect((await findUser(user.username))?.name).toBe(user.name);
  });

  it('password: a wrong current password re-renders (422) with neither password; the right one 303s with ?saved=password', async () => {
    const user = await createUser();
    const html = await formPage(
      await postForm('/api/profile/password?form=password', { currentPassword: 'not-it-at-all', newPassword: 'the next password' }, { cookie: user.cookie }),
      422,
    );
    expect(html).not.toContain('not-it-at-all');
    expect(html).not.toContain('the next password');
    expect(inputValue(html, 'currentPassword')).toBeNull();

    const res = await postForm('/api/profile/password?form=password', { currentPassword: user.password, newPassword: 'the next password' }, { cookie: user.cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/profile/edit?saved=password');
    const page = await call('/profile/edit?saved=password', { cookie: sessionCookieFrom(res) ?? user.cookie });
    expect(await page.text()).toContain('Password changed.');
  });

  it('email: a wrong password re-renders with the new address kept and the password not; the right one 303s with ?saved=email', async () => {
    const user = await createUser();
    const email = `moved-${uid()}@example.com`;
    const html = await formPage(await postForm('/api/profile?form=email', { email, currentPassword: 'wrong one here' }, { cookie: user.cookie }), 422);
    expect(inputValue(html, 'email')).toBe(email);
    expect(html).not.toContain('wrong one here');

    const res = await postForm('/api/profile?form=email', { email, currentPassword: user.password }, { cookie: user.cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/profile\/edit\?saved=email/);
  });

  it('a lapsed session goes to the login page and back to the form', async () => {
    const res = await postForm('/api/profile?form=profile', { name: 'Nobody' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?redirect=%2Fprofile%2Fedit');
  });
});

describe('the reset page says at once when its link is used or expired (item 13)', () => {
  it('GET /api/auth/password-reset/check answers whether the link works, without using it', async () => {
    const user = await createUser();
    await call('/api/auth/password-reset', { json: { email: user.email } });
    const [mail] = await mailsTo(user.email);
    const token = resetTokenIn(mail!);
    const check = async (t: string) => (await (await call(`/api/auth/password-reset/check?token=${encodeURIComponent(t)}`)).json()) as unknown;
    expect(await check(token)).toEqual({ valid: true });
    expect(await check(token)).toEqual({ valid: true }); // checking twice does not use it
    expect(await check('pwr_nope')).toEqual({ valid: false });
    await expectError(await call('/api/auth/password-reset/check'), 400, 'bad_request');

    const open = await (await call(`/reset-password?token=${encodeURIComponent(token)}`)).text();
    expect(open).toContain('Set password and log in');
    expect((await call('/api/auth/password-reset/confirm', { json: { token, password: 'a fresh password' } })).status).toBe(204);
    const opened = await call(`/reset-password?token=${encodeURIComponent(token)}`);
    const html = await opened.text();
    expect(html).toContain('This reset link is not valid any more');
    expect(html).not.toContain('Set password and log in');
  });

  it('an expired link says so when the page opens', async () => {
    const user = await createUser();
    await call('/api/auth/password-reset', { json: { email: user.email } });
    const [mail] = await mailsTo(user.email);
    const token = resetTokenIn(mail!);
    await env.DB.prepare('UPDATE password_resets SET expires_at = ? WHERE user_id = ?').bind(Date.now() - 1000, user.id).run();
    const html = await (await call(`/reset-password?token=${encodeURIComponent(token)}`)).text();
    expect(html).toContain('This reset link is not valid any more');
  });
});

describe('where the email confirmation link lands (shared contract)', () => {
  it('/profile?email=confirmed and ?email=invalid say what happened; /login?email=confirmed too', async () => {
    const user = await createUser();
    const confirmed = await (await call('/profile?email=confirmed', { cookie: user.cookie })).text();
    expect(confirmed).toContain('Your email address was changed.');
    const invalid = await (await call('/profile?email=invalid', { cookie: user.cookie })).text();
    expect(invalid).toContain('That confirmation link is invalid or has expired.');
    expect(await (await call('/login?email=confirmed')).text()).toContain('Your email address was changed.');
    expect(await (await call('/profile?email=constructor', { cookie: user.cookie })).text()).not.toContain('email address was changed');
  });
});
