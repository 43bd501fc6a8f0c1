// RSS 2.0, Atom 1.0 and JSON Feed 1.1 for the site, each category, tag and author (product.md §14): each
// valid by its format's rules (feeds-kit.ts), full text by default, absolute links on SITE_URL, newest first.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createCategory, createPost, createUser, uid } from './factories';
import { call } from './helpers';
import { checkFeed, FEED_FILES } from './feeds-kit';

const SITE = env.SITE_URL;
const FORMATS = ['rss', 'atom', 'json'] as const;
const TYPES = { rss: 'application/rss+xml; charset=utf-8', atom: 'application/atom+xml; charset=utf-8', json: 'application/feed+json; charset=utf-8' };

async function scopedSite() {
  const [author, other, category] = await Promise.all([createUser({ name: 'Ann & <Bob>' }), createUser(), createCategory({ name: `Tips & Tricks ${uid(6)}` })]);
  const tag = `Feeds & co ${uid(6)}`;
  const body = `Full **text** with a [relative link](/details/elsewhere) and <not-html>, ${uid(6)}.`;
  const older = await createPost(author, category, { tags: [tag], body, publishedAt: '2024-01-01T00:00:00Z' });
  const newer = await createPost(author, category, { tags: [tag], body, publishedAt: '2024-02-01T00:00:00Z' });
  const elsewhere = await createPost(other, await createCategory());
  const draft = await createPost(author, category, { tags: [tag], status: 'draft' });
  return { author, category, tagSlug: newer.tags[0]!.slug, older, newer, elsewhere, draft };
}

describe('feeds of a category, a tag and an author in RSS 2.0, Atom 1.0 and JSON Feed 1.1', () => {
  it('each is valid, holds the scope’s visible published posts newest first, in full text, with links on SITE_URL', async () => {
    const s = await scopedSite();
    const scopes = [`/category/${s.category.slug}`, `/tag/${s.tagSlug}`, `/author/${s.author.username}`];
    for (const scope of scopes) {
      for (const format of FORMATS) {
        const path = `${scope}/${FEED_FILES[format]}`;
        const res = await call(path, { origin: 'https://blog.example.org' });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-type'), path).toBe(TYPES[format]);
        expect(res.headers.get('cache-control'), path).toContain('public');
        const items = checkFeed(format, await res.text(), `${SITE}${path}`);
        expect(items.map((i) => i.link), path).toEqual([`${SITE}/details/${s.newer.slug}`, `${SITE}/details/${s.older.slug}`]);
        const content = items[0]!.content ?? '';
        expect(content, path).toContain('Full <strong>text</strong>');
        expect(content, path).toContain(`href="${SITE}/details/elsewhere"`);
        expect(content, path).toContain('&lt;not-html&gt;');
      }
    }
  });

  it('the site’s three feeds are valid and name the site; the channel links the page it is the feed of', async () => {
    const s = await scopedSite();
    for (const format of FORMATS) {
      const path = `/${FEED_FILES[format]}`;
      const res = await call(path);
      expect(res.status, path).toBe(200);
      const body = await res.text();
      checkFeed(format, body, `${SITE}${path}`);
      expect(body, path).toContain(s.newer.slug);
      expect(body, path).not.toContain(s.draft.slug);
    }
    const atom = await (await call(`/author/${s.author.username}/atom.xml`)).text();
    expect(atom).toContain(`<link rel="alternate" type="text/html" href="${SITE}/author/${s.author.username}"/>`);
    expect(atom).toContain('<title type="text">Ann &amp; &lt;Bob&gt; — Byline</title>');
    const json = JSON.parse(await (await call(`/category/${s.category.slug}/feed.json`)).text()) as { title: string; home_page_url: string };
    expect(json).toMatchObject({ title: `${s.category.name} — Byline`, home_page_url: `${SITE}/category/${s.category.slug}` });
  });

  it('an unknown or impossible category, tag or author answers 404 in every format', async () => {
    for (const format of FORMATS) {
      const file = FEED_FILES[format];
      for (const path of [`/category/none-${uid(6)}/${file}`, `/tag/none-${uid(6)}/${file}`, `/author/none${uid(6)}/${file}`, `/author/x/${file}`, `/tag/%00/${file}`]) {
        expect((await call(path)).status, path).toBe(404);
      }
    }
  });

  it('a disabled author has no feed', async () => {
    const author = await createUser();
    await createPost(author, await createCategory());
    await env.DB.prepare('UPDATE users SET disabled_at = ? WHERE id = ?').bind(Date.now(), author.id).run();
    expect((await call(`/author/${author.username}/feed.json`, { headers: { 'cache-control': 'no-cache' } })).status).toBe(404);
  });
});
