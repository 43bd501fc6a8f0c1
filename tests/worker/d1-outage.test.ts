// D1 failing (product.md §17, "Surviving a D1 outage"): the Worker is given a D1 binding that fails as the real
// one does when D1 is down (tests/worker/d1-kit.ts). Pages answer the 503 page, API calls and writes the 503
// `unavailable` error, each with Retry-After and never stored; nothing changes; the next request with D1 back works.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdmin, createCategory, createPost, createUser, postRow, uid, updateOf } from './factories';
import { call, expectError, findUser, newAccount, ORIGIN } from './helpers';
import { callWith, D1_DOWN, failingD1, failingWrites } from './d1-kit';

let logged: { mock: { calls: unknown[][] } };
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

const NOT_STORED = 'private, no-store';

function expectUnavailableHeaders(res: Response) {
  expect(res.headers.get('retry-after')).toBe('60');
  expect(res.headers.get('cache-control')).toBe(NOT_STORED);
}

describe('D1 down', () => {
  it('a page never rendered before answers the 503 page with Retry-After, not a 500', async () => {
    const res = await callWith(failingD1(), `/tag/never-shown-${uid()}`);
    expect(res.status).toBe(503);
    expectUnavailableHeaders(res);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('Temporarily unavailable');
    expect(html).toContain('try again in a minute');
    expect(html).not.toContain(D1_DOWN);
    // Logged for the operator, with what D1 said.
    expect(logged.mock.calls.some((args) => String(args[0]).includes('D1 unavailable') && String(args[1]).includes(D1_DOWN))).toBe(true);
    // Nothing latched: with D1 answering, the next page renders.
    expect((await call('/', { headers: { 'cache-control': 'no-cache' } })).status).toBe(200);
  });

  it('a signed-in page (its session cannot be read) answers the 503 page too', async () => {
    const admin = await createAdmin();
    const res = await callWith(failingD1(), '/admin', { cookie: admin.cookie });
    expect(res.status).toBe(503);
    expectUnavailableHeaders(res);
    expect(await res.text()).toContain('Temporarily unavailable');
  });

  it('an API read answers 503 unavailable with Retry-After', async () => {
    const res = await callWith(failingD1(), `/api/posts/not-stored-${uid()}`, { headers: { 'cache-control': 'no-cache' } });
    const err = await expectError(res, 503, 'unavailable');
    expect(err.error.message).toMatch(/temporarily unavailable.*try again in a minute/i);
    expectUnavailableHeaders(res);
  });

  it('a registration answers 503 unavailable and creates nothing; with D1 back the same one works', async () => {
    const account = newAccount();
    const res = await callWith(failingD1(), '/api/auth/register', { json: account });
    await expectError(res, 503, 'unavailable');
    expectUnavailableHeaders(res);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await findUser(account.username.toLowerCase())).toBeNull();
    // Recovery needs nothing: the next request, with D1 answering, registers.
    expect((await call('/api/auth/register', { json: account })).status).toBe(201);
  });

  it('a post save whose write fails answers 503 unavailable and changes nothing; the same save then works', async () => {
    const author = await createUser();
    const post = await createPost(author, await createCategory());
    const save = { json: updateOf(post, { body: 'Typed while D1 was down' }), method: 'PUT', cookie: author.cookie, ip: author.ip };
    // Its reads (the session, the post) succeed; D1 fails at the write.
    const res = await callWith(failingWrites(), `/api/posts/${post.slug}`, save);
    await expectError(res, 503, 'unavailable');
    expectUnavailableHeaders(res);
    const row = await postRow(post.slug);
    expect(row?.body).toBe(post.body);
    expect(row?.version).toBe(post.version);
    const again = await call(`/api/posts/${post.slug}`, save);
    expect(again.status, await again.clone().text()).toBe(200);
    expect((await postRow(post.slug))?.body).toBe('Typed while D1 was down');
  });

  it('a form posted before hydration answers the 503 page, not JSON', async () => {
    const res = await callWith(failingD1(), '/api/auth/login', {
      method: 'POST',
      body: new URLSearchParams({ login: 'someone', password: 'whatever-it-is' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(503);
    expectUnavailableHeaders(res);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('Temporarily unavailable');
  });

  it('the API document names the 503 on every route', async () => {
    const doc = (await (await call('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBeGreaterThan(10);
    for (const operation of operations) expect(Object.keys(operation.responses)).toContain('503');
  });

  it('a statement D1 refuses is still not an outage: a taken username is 409, not 503', async () => {
    const taken = await createUser();
    const res = await call('/api/auth/register', { json: newAccount({ username: taken.username }) });
    await expectError(res, 409, 'conflict');
  });
});
