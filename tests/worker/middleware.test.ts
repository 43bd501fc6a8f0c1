// The middleware every request passes: content type, origin, body size, JSON parsing, 404s, headers, page guards.
import { describe, expect, it } from 'vitest';
import {
  call,
  expectError,
  newAccount,
  ORIGIN,
  registerUser,
  sessionCookieFrom,
  sessionCount,
  usersMatching,
  usersSnapshot,
  verify,
} from './helpers';

const KB = 1024;

describe('JSON routes accept only JSON', () => {
  it.each([
    ['text/plain', (a: object) => JSON.stringify(a)],
    ['multipart/form-data; boundary=x', () => '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--x--\r\n'],
    ['application/jsonx', (a: object) => JSON.stringify(a)],
  ])('a %s body is 415 and changes nothing', async (type, encode) => {
    const account = newAccount();
    const before = await usersSnapshot();
    const res = await call('/api/auth/register', { body: encode(account), headers: { 'content-type': type } });
    await expectError(res, 415, 'unsupported_media_type');
    expect(await usersSnapshot()).toEqual(before);
    expect(await usersMatching(account)).toBe(0);
  });

  // A urlencoded body is taken only by the form endpoints (tests/worker/form-posts.test.ts); elsewhere 415.
  it('a application/x-www-form-urlencoded body to an API path that is no form is 415', async () => {
    const res = await call('/api/auth/logout', { body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    await expectError(res, 415, 'unsupported_media_type');
  });

  it('a body without any content type is 415', async () => {
    const body = new TextEncoder().encode(JSON.stringify(newAccount()));
    const res = await call('/api/auth/login', { body, headers: { 'content-length': String(body.byteLength) } });
    await expectError(res, 415, 'unsupported_media_type');
  });

  it('application/json with a charset parameter is accepted', async () => {
    const { account } = await registerUser();
    const res = await call('/api/auth/login', {
      body: JSON.stringify({ login: account.username, password: account.password }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.status).toBe(200);
  });

  it('malformed JSON is 400 bad_request', async () => {
    for (const body of ['{"login":', '{login: "x"}', "{'a':1}", '']) {
      const res = await call('/api/auth/login', { body, headers: { 'content-type': 'application/json' } });
      const err = await expectError(res, 400, 'bad_request');
      expect(err.error.fields).toBeUndefined();
    }
  });
});

describe('cross-site requests are refused', () => {
  it('a POST with Origin: https://evil.test is 403 and creates nothing', async () => {
    const account = newAccount();
    const before = await usersSnapshot();
    const res = await call('/api/auth/register', { json: account, headers: { origin: 'https://evil.test' } });
    await expectError(res, 403, 'forbidden');
    expect(await usersSnapshot()).toEqual(before);
    expect(await usersMatching(account)).toBe(0);
  });

  it('a POST with Sec-Fetch-Site: cross-site is 403 (even without Origin)', async () => {
    const account = newAccount();
    const res = await call('/api/auth/register', { json: account, headers: { 'sec-fetch-site': 'cross-site' } });
    await expectError(res, 403, 'forbidden');
    expect(await usersMatching(account)).toBe(0);
  });

  it('an Origin that only looks like ours (other scheme, port or a suffix) is 403', async () => {
    for (const origin of ['http://byline.test', 'https://byline.test:8443', 'https://byline.test.evil.test', 'null']) {
      const res = await call('/api/auth/login', { json: { login: 'x', password: 'y' }, headers: { origin } });
      await expectError(res, 403, 'forbidden');
    }
  });

  it('a cross-site logout does not end the session', async () => {
    const { cookie, userId } = await registerUser();
    const res = await call('/api/auth/logout', { method: 'POST', cookie, headers: { origin: 'https://evil.test' } });
    await expectError(res, 403, 'forbidden');
    expect(await sessionCount(userId)).toBe(1);
    expect((await verify(cookie)).status).toBe(200);
  });

  it('our own Origin with Sec-Fetch-Site: same-origin is allowed', async () => {
    const { account } = await registerUser();
    const res = await call('/api/auth/login', {
      json: { login: account.username, password: account.password },
      headers: { origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(200);
    expect(sessionCookieFrom(res)).not.toBeNull();
  });
});

describe('request body size', () => {
  it('a JSON body over 512 KB is 413 and creates nothing', async () => {
    const account = newAccount();
    const before = await usersSnapshot();
    const res = await call('/api/auth/register', { json: { ...account, padding: 'x'.repeat(513 * KB) } });
    await expectError(res, 413, 'payload_too_large');
    expect(await usersSnapshot()).toEqual(before);
    expect(await usersMatching(account)).toBe(0);
  });

  it('an oversize body streamed without Content-Length is 413 too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * KB));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"padding":"'));
        if (sent >= 9) {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
          return;
        }
        controller.enqueue(chunk);
        sent++;
      },
    });
    const res = await call('/api/auth/login', { body: stream, headers: { 'content-type': 'application/json' } });
    await expectError(res, 413, 'payload_too_large');
  });

  it('a JSON body just under 512 KB is read (and judged on its fields)', async () => {
    const res = await call('/api/auth/login', { json: { login: 'x', password: 'y', padding: 'x'.repeat(500 * KB) } });
    const err = await expectError(res, 422, 'validation_failed');
    expect(err.error.fields?.padding).toEqual(expect.any(String));
  });
});

describe('unknown API paths', () => {
  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api'],
    ['GET', '/api/auth/nope/deeper'],
    ['POST', '/api/nope'],
    ['DELETE', '/api/verify/extra'],
    ['GET', '/api/auth/register'],
  ])('%s %s is a JSON 404 not_found, never the HTML shell', async (method, path) => {
    const res = await call(path, { method, ...(method === 'POST' ? { json: {} } : {}) });
    const err = await expectError(res, 404, 'not_found');
    expect(JSON.stringify(err)).not.toContain('<');
  });
});

/** The security headers every response carries (worker/middleware/security-headers.ts); answers script-src. */
function expectSecurityHeaders(res: Response): string[] {
  const csp = res.headers.get('content-security-policy');
  expect(csp, 'content-security-policy').toBeTruthy();
  const directives = new Map(
    csp!
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!.toLowerCase(), values] as const;
      }),
  );
  const scriptSrc = directives.get('script-src') ?? directives.get('default-src');
  expect(scriptSrc, 'script-src').toBeDefined();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(scriptSrc).not.toContain('*');
  expect(scriptSrc!.filter((v) => v !== "'self'").every((v) => /^'sha256-[A-Za-z0-9+/]{43}='$/.test(v)), 'only hashes besides self').toBe(true);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  const hsts = res.headers.get('strict-transport-security') ?? '';
  expect(hsts).toMatch(/(^|;\s*)max-age=31536000(;|$)/);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  return scriptSrc!;
}

async function sha256Source(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/** Every executable inline script is allowed by its hash (JSON data blocks run nothing and need none). */
async function expectScriptsHashed(html: string, scriptSrc: string[]): Promise<number> {
  let count = 0;
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc=/i.test(attrs!) || /type="application\/(ld\+)?json"/i.test(attrs!)) continue;
    expect(attrs, 'no nonce attribute').not.toMatch(/\bnonce=/);
    expect(scriptSrc).toContain(await sha256Source(body!));
    count += 1;
  }
  return count;
}

describe('security headers', () => {
  it('the home page (HTML) carries them, and its inline scripts are allowed by hash', async () => {
    const res = await call('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const scriptSrc = expectSecurityHeaders(res);
    expect(await expectScriptsHashed(await res.text(), scriptSrc)).toBeGreaterThan(0);
  });

  it('a server-rendered page that answers 200 (/login) carries them, and its inline scripts are allowed by hash', async () => {
    const res = await call('/login');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const scriptSrc = expectSecurityHeaders(res);
    expect(await expectScriptsHashed(await res.text(), scriptSrc)).toBeGreaterThan(0);
  });

  it('the policy names no nonce: every answer of a deployment carries the same one', async () => {
    const a = await call('/');
    const b = await call('/api/posts');
    expect(a.headers.get('content-security-policy')).toBe(b.headers.get('content-security-policy'));
    expect(a.headers.get('content-security-policy')).not.toContain("'nonce-");
  });

  it('a deep unknown page answers 404 "Page Not Found" with them', async () => {
    const res = await call('/some/deep/path');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const scriptSrc = expectSecurityHeaders(res);
    const html = await res.text();
    expect(html).toContain('Page Not Found');
    expect(html).toContain('/some/deep/path');
    await expectScriptsHashed(html, scriptSrc);
  });

  it('an unknown path with markup in it is escaped on the 404 page', async () => {
    const res = await call('/x/%3Cimg%20src=x%20onerror=alert(1)%3E');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<img src=x onerror');
  });

  it('API answers carry them (success and error alike)', async () => {
    const { cookie } = await registerUser();
    const ok = await verify(cookie);
    expect(ok.status).toBe(200);
    expectSecurityHeaders(ok);
    const refused = await verify(null);
    expect(refused.status).toBe(401);
    expectSecurityHeaders(refused);
    expectSecurityHeaders(await call('/api/nope'));
  });
});

describe('page guards on the server', () => {
  it('/login and /register render for a visitor', async () => {
    for (const path of ['/login', '/register']) {
      const res = await call(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });

  it('/login and /register while signed in redirect (302) to /', async () => {
    const { cookie } = await registerUser();
    for (const path of ['/login', '/register', '/login?redirect=%2Fprofile']) {
      const res = await call(path, { cookie });
      expect(res.status, path).toBe(302);
      expect(new URL(res.headers.get('location')!, 'https://byline.test').pathname).toBe('/');
    }
  });

  it('/login with a dead session renders the form (the cookie no longer counts)', async () => {
    const { cookie } = await registerUser();
    expect((await call('/api/auth/logout', { method: 'POST', cookie })).status).toBe(204);
    expect((await call('/login', { cookie })).status).toBe(200);
  });
});
