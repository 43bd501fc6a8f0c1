// The isolate's copy of stored answers (worker/middleware/edge-cache.ts): a hit does not need this
// location's Cache API read, yet a write still moves every reader to the new content.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheKeyUrl, contentStateUrl } from '../../worker/lib/edge-cache-policy';
import { HELD_STATE_MS } from '../../worker/middleware/edge-cache';
import { callAs } from './admin-kit';
import { call, ORIGIN } from './helpers';
import { createCategory, createPost, createUser, updateOf } from './factories';

const edgeStore = (): Cache => (caches as unknown as { default: Cache }).default;
const versionOf = (res: Response): string => /^W\/"(.+)"$/.exec(res.headers.get('etag') ?? '')![1]!;

afterEach(() => {
  vi.useRealTimers();
});

describe("the isolate's copy of stored answers", () => {
  it('a hit is served from the copy this isolate holds, without the Cache API entry, byte for byte', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category, { title: 'Held in memory' });
    const path = `/details/${post.slug}`;
    const miss = await call(path);
    expect(miss.headers.get('x-cache')).toBe('MISS');
    const missHtml = await miss.text();
    expect(await edgeStore().delete(cacheKeyUrl(`${ORIGIN}${path}`, versionOf(miss)))).toBe(true);

    const hit = await call(path);
    expect(hit.headers.get('x-cache')).toBe('HIT');
    const html = await hit.text();
    expect(html).toContain('Held in memory');
    expect(html).toBe(missHtml);
  });

  it('after a write the held copy of the old version is not served, though the clock has not moved', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    // The clock stands still: the state this isolate holds never times out here, so only the write's
    // own refresh can move readers to the new version.
    vi.useFakeTimers({ toFake: ['Date'] });
    const post = await createPost(author, category, { title: 'Old title held' });
    const path = `/details/${post.slug}`;
    await (await call(path)).text();
    expect((await call(path)).headers.get('x-cache')).toBe('HIT');
    const put = await callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { title: 'New title served' }) });
    expect(put.status).toBe(200);
    const after = await call(path);
    expect(await after.text()).toContain('New title served');
  });
});

describe("the isolate's copy of the content state", () => {
  it(`is used for at most HELD_STATE_MS (${HELD_STATE_MS} ms): a write that bypasses this isolate shows after that bound`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // from before the writes below, whose refresh starts the bound
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category, { title: 'Before the hand edit' });
    const path = `/details/${post.slug}`;
    await (await call(path)).text();
    expect((await call(path)).headers.get('x-cache')).toBe('HIT');
    // A write this isolate does not see (as another isolate's would be): SQL by hand, and this location's
    // shared record dropped so that only the isolate's own copy stands between readers and the write.
    await env.DB.prepare('UPDATE posts SET title = ? WHERE slug = ?').bind('After the hand edit', post.slug).run();
    expect(await edgeStore().delete(contentStateUrl(ORIGIN))).toBe(true);

    vi.setSystemTime(Date.now() + HELD_STATE_MS - 1);
    const held = await call(path);
    expect(held.headers.get('x-cache')).toBe('HIT');
    expect(await held.text()).toContain('Before the hand edit');

    vi.setSystemTime(Date.now() + 1);
    const after = await call(path);
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(await after.text()).toContain('After the hand edit');
  });
});
