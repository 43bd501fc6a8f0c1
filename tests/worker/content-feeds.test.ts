// RSS, sitemap and robots.txt: published content only, escaped, absolute URLs on SITE_URL whatever host the
// request named (absolute-links-site-url.test.ts tries forged headers and a missing SITE_URL).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from './helpers';
import { createCategory, createPost, createUser, insertPosts } from './factories';

// The site's configured address (vitest.worker.config.ts binds it) and another host the requests go to.
const SITE = env.SITE_URL;
const OTHER_HOST = 'https://blog.example.org';
const items = (xml: string) => [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1] ?? '');
const tag = (xml: string, name: string) => new RegExp(`<${name}[^>]*>([\\s\\S]*?)</${name}>`).exec(xml)?.[1];

describe('GET /rss.xml', () => {
  it('is RSS 2.0 with the latest 20 published posts, newest first, absolute links, escaped text', async () => {
    const [author, category] = await Promise.all([createUser({ name: 'Ann & <Bob>' }), createCategory({ name: 'Tips & Tricks' })]);
    const made = [];
    for (let i = 0; i < 22; i++) {
      made.push(
        await createPost(author, category, {
          title: `Feed post ${i} & "friends" <b>`,
          excerpt: `Excerpt ${i} with <tags> & ampersands`,
          publishedAt: new Date(Date.UTC(2030, 0, 1, 0, i)).toISOString(),
        }),
      );
    }
    const draft = await createPost(author, category, { status: 'draft', publishedAt: new Date(Date.UTC(2031, 0, 1)).toISOString() });

    // Published posts dated 2030 are in the future: look from 2032 by moving the posts, not the clock.
    await env.DB.prepare('UPDATE posts SET published_at = published_at - ? WHERE category_id = ?')
      .bind(Date.UTC(2030, 0, 1) - Date.UTC(2001, 0, 1), category.id)
      .run();

    const res = await call('/rss.xml', { origin: OTHER_HOST });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(tag(xml, 'title')).toBe('Byline');
    expect(xml).toContain(`<atom:link href="${SITE}/rss.xml" rel="self" type="application/rss+xml"/>`);
    expect(xml).toContain(`<link>${SITE}/</link>`);

    const list = items(xml).filter((it) => it.includes('Feed post'));
    expect(items(xml).length).toBeLessThanOrEqual(20);
    expect(list.length).toBe(Math.min(20, items(xml).length));
    const newest = made[21]!;
    expect(list[0]).toContain(`<link>${SITE}/details/${newest.slug}</link>`);
    expect(list[0]).toContain(`<guid isPermaLink="true">${SITE}/details/${newest.slug}</guid>`);
    expect(list[0]).toContain('<title>Feed post 21 &amp; &quot;friends&quot; &lt;b&gt;</title>');
    expect(list[0]).toContain('<description>Excerpt 21 with &lt;tags&gt; &amp; ampersands</description>');
    expect(list[0]).toContain('<dc:creator>Ann &amp; &lt;Bob&gt;</dc:creator>');
    expect(list[0]).toContain('<category>Tips &amp; Tricks</category>');
    expect(tag(list[0]!, 'pubDate')).toBe(new Date(Date.UTC(2001, 0, 1, 0, 21)).toUTCString());
    expect(xml).not.toContain(draft.slug);
    expect(xml).not.toContain(made[0]!.slug + '<');
    expect(xml).not.toContain(made[1]!.slug + '<');
  });

  it('drops characters XML cannot carry', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    await createPost(author, category, { excerpt: 'bell\u0007 and nul-free', title: 'Control chars in excerpt' });
    const xml = await (await call('/rss.xml')).text();
    expect(xml).toContain('<description>bell and nul-free</description>');
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists every published post, every category and every author with a published post', async () => {
    const [author, silent, disabledAuthor, category, empty] = await Promise.all([
      createUser(),
      createUser(),
      createUser(),
      createCategory(),
      createCategory(),
    ]);
    const post = await createPost(author, category);
    const draft = await createPost(silent, category, { status: 'draft' });
    const goneAuthorPost = await createPost(disabledAuthor, category);
    await env.DB.prepare('UPDATE users SET disabled_at = ? WHERE id = ?').bind(Date.now(), disabledAuthor.id).run();

    const res = await call('/sitemap.xml', { origin: OTHER_HOST });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<loc>${SITE}/</loc>`);
    expect(xml).toContain(`<loc>${SITE}/details/${post.slug}</loc>`);
    expect(xml).toContain(`<loc>${SITE}/details/${goneAuthorPost.slug}</loc>`);
    expect(xml).not.toContain(`/details/${draft.slug}<`);
    expect(xml).toContain(`<loc>${SITE}/category/${category.slug}</loc>`);
    expect(xml).toContain(`<loc>${SITE}/category/${empty.slug}</loc>`);
    expect(xml).toContain(`<loc>${SITE}/author/${author.username}</loc>`);
    expect(xml).not.toContain(`/author/${silent.username}<`);
    expect(xml).not.toContain(`/author/${disabledAuthor.username}<`);
    for (const m of xml.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)) expect(new Date(m[1]!).toISOString()).toBe(m[1]);
  });
});

describe('a sitemap index once more than 1000 posts are visible', () => {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  // Posts written straight into D1 bypass the write path that tells the edge cache: ask afresh.
  const get = async (url: string) => {
    const res = await call(url.replace(SITE, ''), { origin: OTHER_HOST, headers: { 'cache-control': 'no-cache' } });
    return { status: res.status, type: res.headers.get('content-type'), xml: await res.text() };
  };

  it('/sitemap.xml lists /sitemap-pages.xml and post sitemaps of 1000 ids each, which list every visible post once', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const visible = await insertPosts(author, category, Array.from({ length: 1001 }, (_, i) => ({ title: `Mapped ${i}`, body: 'x' })));
    const [draft] = await insertPosts(author, category, [{ title: 'Hidden', body: 'x', status: 'draft', publishedAt: null }]);

    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const maps = locs(index.xml);
    expect(maps[0]).toBe(`${SITE}/sitemap-pages.xml`);
    const postMaps = maps.slice(1);
    expect(postMaps.length).toBeGreaterThanOrEqual(2);
    expect(postMaps).toEqual(postMaps.map((_, i) => `${SITE}/sitemap-posts.xml?page=${i + 1}`));

    const pages = await get(maps[0]!);
    expect(pages.type).toBe('application/xml; charset=utf-8');
    expect(locs(pages.xml)).toEqual(expect.arrayContaining([`${SITE}/`, `${SITE}/category/${category.slug}`, `${SITE}/author/${author.username}`]));
    expect(pages.xml).not.toContain('/details/');

    const listed: string[] = [];
    for (const map of postMaps) {
      const { status, xml } = await get(map);
      expect(status).toBe(200);
      expect(xml).toContain('<urlset');
      expect(locs(xml).length).toBeLessThanOrEqual(1000);
      listed.push(...locs(xml));
    }
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed).toEqual(expect.arrayContaining(visible.map((slug) => `${SITE}/details/${slug}`)));
    expect(listed).not.toContain(`${SITE}/details/${draft}`);

    for (const bad of ['0', '-1', 'x', '1.5', String(postMaps.length + 1)]) {
      expect((await get(`/sitemap-posts.xml?page=${bad}`)).status, bad).toBe(404);
    }
    expect((await get('/sitemap-posts.xml')).status).toBe(404);
  });
});

describe('GET /robots.txt', () => {
  it('keeps crawlers out of /admin and /api and points at the sitemap', async () => {
    const res = await call('/robots.txt', { origin: OTHER_HOST });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('User-agent: *');
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Disallow: \/api$/m);
    expect(text).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});
