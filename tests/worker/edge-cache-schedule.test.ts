// A scheduled post appears for visitors at its time although cached pages were served before it, with no
// write and no job: the cache key holds the visibility epoch, and this location re-reads it by the next
// scheduled moment. The clock is moved (Date only), never slept on.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from './helpers';
import { createCategory, createPost, createUser } from './factories';

afterEach(() => {
  vi.useRealTimers();
});

const cacheOf = (res: Response) => res.headers.get('x-cache');

async function read(path: string) {
  const res = await call(path);
  return { status: res.status, cache: cacheOf(res), text: await res.text() };
}

describe('a scheduled time passing', () => {
  it('cached pages and lists show the post from its time on, and not one millisecond before', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const publishAt = Date.now() + 60_000;
    const post = await createPost(author, category, { title: `Scheduled ${crypto.randomUUID()}`, publishedAt: new Date(publishAt).toISOString() });
    // The post's own page and API answer 404 before its time (their body names the path), lists omit it.
    const single = [`/details/${post.slug}`, `/api/posts/${post.slug}`];
    const lists = [`/api/posts?category=${category.slug}`, `/category/${category.slug}`, '/rss.xml'];
    const visible = async (path: string) => {
      const seen = await read(path);
      return single.includes(path) ? seen.status === 200 : seen.text.includes(`${post.slug}"`) || seen.text.includes(`${post.slug}<`);
    };
    for (const path of [...single, ...lists]) {
      await read(path);
      expect((await read(path)).cache, path).toBe('HIT');
      expect(await visible(path), path).toBe(false);
    }

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(publishAt - 1);
    for (const path of [...single, ...lists]) expect(await visible(path), path).toBe(false);

    vi.setSystemTime(publishAt);
    for (const path of [...single, ...lists]) expect(await visible(path), path).toBe(true);
  });
});
