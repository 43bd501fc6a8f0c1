// A hit answered ahead of the app (worker/middleware/held-hit.ts, decision 071): what it answers is what the
// full chain answers on a hit — same status, headers and bytes, for GET, HEAD and If-None-Match — and it answers
// nothing it must not (a session, `no-cache`, a write, Workers Cache, an answer or state this isolate lacks).
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HELD_STATE_MS } from '../../worker/middleware/edge-cache';
import { answerHeldHit } from '../../worker/middleware/held-hit';
import { callAs } from './admin-kit';
import { call, type CallOptions, LOCAL_COOKIE, requestFor, SECURE_COOKIE } from './helpers';
import { createCategory, createPost, createUser, updateOf } from './factories';

afterEach(() => {
  vi.useRealTimers();
});

const headersOf = (res: Response): [string, string][] => [...res.headers].sort(([a], [b]) => a.localeCompare(b));

/**
 * A hit through the whole chain: the isolate's state has timed out, so the request reaches the edge cache
 * middleware, which reads the state from this location's Cache API and serves the stored answer.
 */
async function chainHit(path: string, opts: CallOptions = {}): Promise<Response> {
  vi.setSystemTime(Date.now() + HELD_STATE_MS + 1);
  return call(path, opts);
}

async function stored(path: string): Promise<void> {
  await (await call(path, { headers: { 'cache-control': 'no-cache' } })).arrayBuffer();
}

async function publicPaths(): Promise<string[]> {
  const [author, category] = await Promise.all([createUser(), createCategory()]);
  const post = await createPost(author, category, { title: 'Answered ahead of the app' });
  return ['/', `/details/${post.slug}`, `/category/${category.slug}`, `/author/${author.username}`, '/rss.xml', '/sitemap.xml', '/api/posts', '/search?q=answered', '/details/no-such-post-here'];
}

describe('a held hit answered ahead of the app', () => {
  it('has the status, headers and bytes of a hit through the whole chain, for every kind of cached answer', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const path of await publicPaths()) {
      await stored(path);
      const chain = await chainHit(path);
      expect(chain.headers.get('x-cache'), path).toBe('HIT');
      const chainBody = await chain.text();
      const held = answerHeldHit(requestFor(path), env, undefined);
      expect(held, path).toBeDefined();
      expect(held!.status, path).toBe(chain.status);
      expect(headersOf(held!), path).toEqual(headersOf(chain));
      expect(await held!.text(), path).toBe(chainBody);
      // And again: the held body is sent, not used up, by each answer.
      expect(await answerHeldHit(requestFor(path), env, undefined)!.text(), path).toBe(chainBody);
    }
  });

  it('answers HEAD and a matching If-None-Match (304) as the whole chain does', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const [path] = await publicPaths();
    await stored(path!);
    for (const opts of [{ method: 'HEAD' }, { headers: { 'if-none-match': 'pending' } }]) {
      const etag = (await chainHit(path!)).headers.get('etag')!;
      const asked: CallOptions = opts.headers ? { headers: { 'if-none-match': etag } } : opts;
      const chain = await chainHit(path!, asked);
      const held = answerHeldHit(requestFor(path!, asked), env, undefined)!;
      expect(held.status).toBe(chain.status);
      expect(held.status).toBe(opts.method === 'HEAD' ? 200 : 304);
      expect(headersOf(held)).toEqual(headersOf(chain));
      expect(await held.text()).toBe('');
      expect(await chain.text()).toBe('');
    }
  });

  it('is what a visitor gets from the Worker on a second plain GET', async () => {
    const [, post] = await publicPaths();
    await stored(post!);
    const first = await call(post!);
    const second = await call(post!);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(await second.text()).toBe(await first.text());
  });
});

describe('what a held hit never answers (the app does)', () => {
  it('a request with the session cookie (either name), `no-cache`, a write, or a Workers Cache request', async () => {
    const [home] = await publicPaths();
    await stored(home!);
    expect(answerHeldHit(requestFor(home!), env, undefined)).toBeDefined();
    for (const cookie of [`${SECURE_COOKIE}=x`, `${LOCAL_COOKIE}=x`, `theme=dark; ${SECURE_COOKIE}=x`]) {
      expect(answerHeldHit(requestFor(home!, { cookie }), env, undefined), cookie).toBeUndefined();
    }
    expect(answerHeldHit(requestFor(home!, { headers: { 'cache-control': 'no-cache' } }), env, undefined)).toBeUndefined();
    expect(answerHeldHit(requestFor(home!, { headers: { pragma: 'no-cache' } }), env, undefined)).toBeUndefined();
    expect(answerHeldHit(requestFor(home!, { method: 'POST', json: {} }), env, undefined)).toBeUndefined();
    const workersCache = { cache: { purge: () => Promise.resolve({ success: true, errors: [] }) } };
    expect(answerHeldHit(requestFor(home!), env, workersCache)).toBeUndefined();
  });

  it('an address this isolate holds no answer for, or one it holds only under an older content version', async () => {
    const author = await createUser();
    const category = await createCategory();
    const post = await createPost(author, category, { title: 'Before the write' });
    const path = `/details/${post.slug}`;
    expect(answerHeldHit(requestFor(`${path}?unseen=1`), env, undefined)).toBeUndefined();
    await stored(path);
    expect(await answerHeldHit(requestFor(path), env, undefined)!.text()).toContain('Before the write');
    const put = await callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { title: 'After the write' }) });
    expect(put.status).toBe(200);
    expect(answerHeldHit(requestFor(path), env, undefined)).toBeUndefined();
    const fresh = await call(path);
    expect(fresh.headers.get('x-cache')).toBe('MISS');
    expect(await fresh.text()).toContain('After the write');
    expect(await answerHeldHit(requestFor(path), env, undefined)!.text()).toContain('After the write');
  });

  it('a session-bearing visitor still gets the page rendered for them, never the stored copy', async () => {
    const author = await createUser();
    const [home] = await publicPaths();
    await stored(home!);
    const res = await call(home!, { cookie: author.cookie });
    expect(res.headers.get('x-cache')).toBe('BYPASS');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});
