// The registration policy (product.md §15, §19; issue 23 item 3): `open` makes authors, `review` contributors;
// under `invite` and `closed` POST /api/auth/register answers 403 `registration_closed` and makes nothing —
// as JSON and as a form posted before hydration. The register page says what applies (server-rendered), and
// the login page and the header offer "Register" only while registration is possible.
import { afterEach, describe, expect, it } from 'vitest';
import { ROLE_AUTHOR, ROLE_CONTRIBUTOR } from '../../contracts/roles';
import { json } from './factories';
import { call, expectError, findUser, newAccount, sessionCookieFrom, usersMatching, verify } from './helpers';
import { postForm, setSettings, userCount } from './signup-kit';

afterEach(() => setSettings({ registration: 'open' }));

const page = async (path: string) => {
  const res = await call(path);
  expect(res.status).toBe(200);
  return res.text();
};

describe('POST /api/auth/register under each policy', () => {
  it.each([
    ['open', ROLE_AUTHOR],
    ['review', ROLE_CONTRIBUTOR],
  ] as const)('%s: 201, signed in, the new account is role %i (JSON and form post)', async (policy, role) => {
    await setSettings({ registration: policy });
    const account = newAccount();
    const res = await call('/api/auth/register', { json: account });
    expect(await json<{ user: { role: number } }>(res, 201)).toEqual({ user: expect.objectContaining({ username: account.username, role }) });
    expect((await findUser(account.username))?.role).toBe(role);
    expect(await json<{ user: { role: number } }>(await verify(sessionCookieFrom(res)))).toEqual({ user: expect.objectContaining({ role }) });

    const posted = newAccount();
    const form = await postForm('/api/auth/register?form=register', { ...posted });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/');
    expect((await findUser(posted.username))?.role).toBe(role);
  });

  it.each([
    ['invite', 'This site is invite-only'],
    ['closed', 'Registration is closed'],
  ] as const)('%s: 403 registration_closed, nothing made — a valid body, an invalid one, and the form post', async (policy, said) => {
    await setSettings({ registration: policy });
    const before = await userCount();
    const account = newAccount();
    const refused = await expectError(await call('/api/auth/register', { json: account }), 403, 'registration_closed');
    expect(refused.error.message).toContain(said);
    await expectError(await call('/api/auth/register', { json: { username: 'x' } }), 403, 'registration_closed');

    const form = await postForm('/api/auth/register?form=register', { ...account });
    expect(form.status).toBe(403);
    const html = await form.text();
    expect(html).toContain(said);
    expect(html).not.toContain('name="password"');
    expect(html).not.toContain(account.password);
    expect(await usersMatching(account)).toBe(0);
    expect(await userCount()).toBe(before);
  });
});

describe('what the pages say', () => {
  it('GET /api/auth/registration answers the policy, and no Turnstile site key while the secret is unset', async () => {
    await setSettings({ registration: 'review' });
    expect(await json(await call('/api/auth/registration'))).toEqual({ policy: 'review', turnstileSiteKey: null });
  });

  it('open: the form, with the hidden honeypot field; the login page and the header link to it', async () => {
    const html = await page('/register');
    expect(html).toMatch(/<form[^>]*action="\/api\/auth\/register\?form=register" method="post"/);
    const honeypot = /<div class="honeypot" aria-hidden="true"><label>Website<input[^>]*><\/label><\/div>/.exec(html)?.[0] ?? '';
    expect(honeypot).toContain('name="website"');
    expect(honeypot).toContain('tabindex="-1"');
    expect(honeypot.toLowerCase()).toContain('autocomplete="off"');
    expect(html).not.toContain('reviewed before publishing');
    expect(await page('/login')).toContain('href="/register"');
    expect(await page('/')).toContain('href="/register"');
  });

  it('review: the form and the line that new accounts are reviewed before publishing', async () => {
    await setSettings({ registration: 'review' });
    const html = await page('/register');
    expect(html).toContain('New accounts are reviewed before publishing');
    expect(html).toContain('name="password"');
    expect(await page('/login')).toContain('href="/register"');
  });

  it.each([
    ['invite', 'This site is invite-only'],
    ['closed', 'Registration is closed'],
  ] as const)('%s: "%s", no form; the login page and the header offer no Register link', async (policy, said) => {
    await setSettings({ registration: policy });
    const html = await page('/register');
    expect(html).toContain(said);
    expect(html).not.toContain('<form');
    const login = await page('/login');
    expect(login).toContain('name="password"');
    expect(login).not.toContain('href="/register');
    expect(await page('/')).not.toContain('href="/register');
  });
});
