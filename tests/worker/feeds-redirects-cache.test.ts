// The old feed addresses WordPress and Ghost readers subscribed to answer 301 to /rss.xml (product.md §14),
// and the new feeds are cached for visitors and fresh after a write (§9), as route-table entries.
import { describe, expect, it } from 'vitest';
import { createCategory, createPost, createUser, uid } from './factories';
import { call } from './helpers';

async function visit(path: string) {
  const res = await call(path);
  return { status: res.status, cache: res.headers.get('x-cache'), text: await res.text() };
}

describe('/feed, /feed/, /rss and /rss/', () => {
  it('each answers 301 to /rss.xml', async () => {
    for (const path of ['/feed', '/feed/', '/rss', '/rss/']) {
      const res = await call(path);
      expect(res.status, path).toBe(301);
      expect(new URL(res.headers.get('location') ?? '', 'https://x.test').pathname, path).toBe('/rss.xml');
    }
  });

  it('other addresses near them are not feeds', async () => {
    for (const path of ['/feed/x', '/rss.json', '/feeds']) expect((await call(path)).status, path).toBe(404);
  });
});

describe('the feeds in the edge cache', () => {
  it('Atom and JSON Feed of the site, a category, a tag and an author are served from the cache, and show a new post at once', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const first = await createPost(author, category, { tags: [`Cached ${uid(6)}`] });
    const tag = first.tags[0]!.slug;
    const paths = ['/atom.xml', '/feed.json', `/category/${category.slug}/atom.xml`, `/tag/${tag}/feed.json`, `/author/${author.username}/atom.xml`, `/author/${author.username}/feed.json`];
    for (const path of paths) {
      await visit(path);
      expect((await visit(path)).cache, `${path} second read`).toBe('HIT');
    }
    const next = await createPost(author, category, { tags: [first.tags[0]!.name] });
    for (const path of paths) expect((await visit(path)).text, path).toContain(next.slug);
  });
});
