// D1 down, cache side (decision 057): on the local path a page this isolate stored is still served — the answer
// under the last content version it knew, 200, `X-Cache: STALE` — and a page never stored goes on to the Worker,
// whose D1 failure answers it; nothing is stored meanwhile. D1 fails through a binding built here (every
// statement throws), handed to the Worker's own fetch handler; production code has no switch for it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentStateUrl, STALE_BOUND_MS } from '../../worker/lib/edge-cache-policy';
import { HELD_STATE_MS } from '../../worker/middleware/edge-cache';
import { ORIGIN } from './helpers';
import { createCategory, createPost, createUser } from './factories';
import { envWithD1Down } from './d1-kit';
import { callWorker, recordingCache } from './workers-cache-kit';

const edgeStore = (): Cache => (caches as unknown as { default: Cache }).default;

/** The state this location and this isolate hold runs out, so the next request must read D1. */
async function forgetContentState(): Promise<void> {
  await edgeStore().delete(contentStateUrl(ORIGIN));
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + HELD_STATE_MS + STALE_BOUND_MS + 1);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the edge cache while D1 fails', () => {
  it('a page stored before the outage is served stale: 200, X-Cache STALE, byte for byte', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category, { title: 'Survives the outage' });
    const paths = [`/details/${post.slug}`, '/', `/api/posts/${post.slug}`];
    const before = new Map<string, string>();
    for (const path of paths) {
      const miss = await callWorker(path);
      expect(miss.headers.get('x-cache'), path).toBe('MISS');
      before.set(path, await miss.text());
    }
    await forgetContentState();
    for (const path of paths) {
      const stale = await callWorker(path, { env: envWithD1Down() });
      expect(stale.status, path).toBe(200);
      expect(stale.headers.get('x-cache'), path).toBe('STALE');
      expect(await stale.text(), path).toBe(before.get(path));
    }
    expect(await (await callWorker(`/details/${post.slug}`, { env: envWithD1Down() })).text()).toContain('Survives the outage');
  });

  it('a page never stored goes on to the Worker, is not served from the cache and is not stored', async () => {
    await callWorker('/'); // this isolate knows a content version
    await forgetContentState();
    const path = `/details/never-stored-${crypto.randomUUID().slice(0, 8)}`;
    const res = await callWorker(path, { env: envWithD1Down() });
    await res.arrayBuffer();
    expect(res.headers.get('x-cache')).toBe('MISS');
    expect(res.status).toBe(503); // D1's failure answers it: the 503 page (decision 058)
    expect(res.headers.get('retry-after')).not.toBeNull();
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('in production (Workers Cache) the failure answer is never stored, so the edge keeps serving its copy', async () => {
    await callWorker('/');
    await forgetContentState();
    const res = await callWorker(`/details/gone-${crypto.randomUUID().slice(0, 8)}`, { env: envWithD1Down(), cache: recordingCache() });
    await res.arrayBuffer();
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('cloudflare-cdn-cache-control')).toBeNull();
  });
});
