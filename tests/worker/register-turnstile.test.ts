// Turnstile on registration (product.md §15; issue 23 item 3): with TURNSTILE_SECRET set, the register page
// shows the widget (its script allowed by that page's CSP only) and the Worker checks the token with
// Cloudflare's siteverify before anything is made — a missing or refused token is 400 naming it. Unset: no
// widget, no check. Siteverify is Cloudflare's, not ours: its outbound fetch is stubbed here.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import { json } from './factories';
import { call, expectError, findUser, newAccount, ORIGIN, sessionCookieFrom, uniqueIp, verify } from './helpers';

const SECRET = 'turnstile-test-secret';
const SITE_KEY = '1x00000000000000000000AA';
const SITEVERIFY = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
const GOOD = 'token-cloudflare-accepts';

/** Siteverify as Cloudflare answers it: success only for GOOD; every call's form kept. */
function stubSiteverify(): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url !== SITEVERIFY) throw new Error(`unexpected outbound fetch ${url}`);
    const form = new URLSearchParams(String(init?.body ?? ''));
    asked.push(form);
    const success = form.get('secret') === SECRET && form.get('response') === GOOD;
    return Response.json({ success, 'error-codes': success ? [] : ['invalid-input-response'] });
  });
  return asked;
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** A request through the Worker with Turnstile on (the secret and the site key set, unless `siteKey` says otherwise). */
async function withTurnstile(path: string, init: RequestInit & { ip?: string; siteKey?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('cf-connecting-ip', init.ip ?? uniqueIp());
  if (init.body) headers.set('origin', ORIGIN);
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(new URL(path, ORIGIN), { ...init, headers, redirect: 'manual' }), { ...env, TURNSTILE_SECRET: SECRET, TURNSTILE_SITE_KEY: init.siteKey ?? SITE_KEY }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const registerWithTurnstile = (body: unknown, ip?: string) =>
  withTurnstile('/api/auth/register', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' }, ...(ip ? { ip } : {}) });

const cspOf = (res: Response) => res.headers.get('content-security-policy') ?? '';

describe('Turnstile on (TURNSTILE_SECRET set)', () => {
  it('the register page shows the widget with its site key and script; only its CSP allows challenges.cloudflare.com', async () => {
    const res = await withTurnstile('/register');
    const html = await res.text();
    expect(html).toMatch(/<div class="cf-turnstile turnstile" data-sitekey="1x00000000000000000000AA" data-response-field-name="turnstileToken"><\/div>/);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer></script>');
    expect(cspOf(res)).toMatch(/script-src 'self'[^;]* https:\/\/challenges\.cloudflare\.com/);
    expect(cspOf(res)).toContain('frame-src https://challenges.cloudflare.com');
    for (const path of ['/login', '/']) {
      const other = await withTurnstile(path);
      expect(cspOf(other)).not.toContain('challenges.cloudflare.com');
      expect(await other.text()).not.toContain('challenges.cloudflare.com');
    }
    expect(await json(await withTurnstile('/api/auth/registration'))).toEqual({ policy: 'open', turnstileSiteKey: SITE_KEY });
  });

  it('no token: 400 naming it, nothing made, Cloudflare not asked', async () => {
    const asked = stubSiteverify();
    const account = newAccount();
    const { error } = await expectError(await registerWithTurnstile(account), 400, 'bad_request');
    expect(error.fields).toEqual({ turnstileToken: expect.stringContaining('Turnstile') });
    expect(asked).toEqual([]);
    expect(await findUser(account.username)).toBeNull();
  });

  it('a token Cloudflare refuses: 400 naming it, nothing made', async () => {
    const asked = stubSiteverify();
    const account = newAccount();
    const { error } = await expectError(await registerWithTurnstile({ ...account, turnstileToken: 'forged' }), 400, 'bad_request');
    expect(error.fields?.turnstileToken).toMatch(/Turnstile.*failed/);
    expect(asked).toHaveLength(1);
    expect(await findUser(account.username)).toBeNull();
  });

  it('siteverify unreachable: 400, nothing made, never a 500', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('network down'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const account = newAccount();
    await expectError(await registerWithTurnstile({ ...account, turnstileToken: GOOD }), 400, 'bad_request');
    expect(await findUser(account.username)).toBeNull();
  });

  it('a good token: 201 signed in; siteverify got the secret, the token and the client address', async () => {
    const asked = stubSiteverify();
    const account = newAccount();
    const ip = uniqueIp();
    const res = await registerWithTurnstile({ ...account, turnstileToken: GOOD }, ip);
    expect(await json(res, 201)).toEqual({ user: expect.objectContaining({ username: account.username }) });
    expect((await verify(sessionCookieFrom(res))).status).toBe(200);
    expect(Object.fromEntries(asked[0]!)).toEqual({ secret: SECRET, response: GOOD, remoteip: ip });
  });

  it('the form posted before hydration carries the widget’s token: 303 signed in; without it the page again, 400', async () => {
    stubSiteverify();
    const post = (fields: Record<string, string>) =>
      withTurnstile('/api/auth/register?form=register', {
        method: 'POST',
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      });
    const account = newAccount();
    const refused = await post({ ...account, website: '' });
    expect(refused.status).toBe(400);
    expect(cspOf(refused)).toContain('frame-src https://challenges.cloudflare.com');
    const page = await refused.text();
    expect(page).toContain('(Turnstile)');
    expect(page).toContain('data-sitekey="1x00000000000000000000AA"');
    const done = await post({ ...account, website: '', turnstileToken: GOOD });
    expect(done.status).toBe(303);
    expect(await findUser(account.username)).not.toBeNull();
  });
});

describe('Turnstile misconfigured', () => {
  it('a secret without a site key would refuse every registration: the Worker refuses to serve, loudly', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await withTurnstile('/register', { siteKey: '' });
    expect(res.status).toBe(500);
    expect(errors.mock.calls.flat().map(String).join(' ')).toContain('TURNSTILE_SITE_KEY is empty');
  });
});

describe('Turnstile off (no secret)', () => {
  it('no widget, no script, no check: a registration without a token is made', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    const html = await (await call('/register')).text();
    expect(html).not.toContain('cf-turnstile');
    expect(html).not.toContain('challenges.cloudflare.com');
    const account = newAccount();
    expect((await call('/api/auth/register', { json: account })).status).toBe(201);
    expect(spy).not.toHaveBeenCalled();
  });
});
