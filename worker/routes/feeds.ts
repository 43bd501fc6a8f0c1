// RSS, sitemap and robots.txt: visible published content only, absolute URLs from the request's origin.
import { Hono } from 'hono';
import { SITE_DESCRIPTION } from '../../contracts/site';
import type { AppEnv } from '../env';
import { listCategorySlugs } from '../queries/categories';
import { listLatestPublished, listPublishedSlugs } from '../queries/posts';
import { listPublishingAuthors } from '../queries/profile';

const RSS_ITEMS = 20;
const SITEMAP_POSTS = 45_000; // a sitemap holds at most 50,000 URLs
const FEED_CACHE = 'public, max-age=300';

// XML 1.0 allows neither most C0 controls nor lone surrogates, even escaped: they are dropped.
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function xmlEscape(text: string): string {
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const enc = encodeURIComponent;
const originOf = (url: string) => new URL(url).origin;
const isoDate = (d: Date | number | null | undefined): string | null =>
  d === null || d === undefined ? null : new Date(d).toISOString();

function urlEntry(loc: string, lastmod: string | null): string {
  return `<url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
}

export const feedRoutes = new Hono<AppEnv>()
  .get('/rss.xml', async (c) => {
    const origin = originOf(c.req.url);
    const now = Date.now();
    const posts = await listLatestPublished(c.var.db, { now, limit: RSS_ITEMS });
    const siteName = c.env.SITE_NAME;
    const items = posts.map((p) => {
      const link = `${origin}/details/${enc(p.slug)}`;
      const pubDate = p.publishedAt ? new Date(p.publishedAt).toUTCString() : '';
      return (
        '<item>' +
        `<title>${xmlEscape(p.title)}</title>` +
        `<link>${xmlEscape(link)}</link>` +
        `<guid isPermaLink="true">${xmlEscape(link)}</guid>` +
        (pubDate ? `<pubDate>${pubDate}</pubDate>` : '') +
        `<dc:creator>${xmlEscape(p.author.name)}</dc:creator>` +
        `<category>${xmlEscape(p.category.name)}</category>` +
        `<description>${xmlEscape(p.excerpt)}</description>` +
        '</item>'
      );
    });
    const lastBuild = posts[0]?.publishedAt ? new Date(posts[0].publishedAt) : new Date(now);
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">' +
      '<channel>' +
      `<title>${xmlEscape(siteName)}</title>` +
      `<link>${xmlEscape(`${origin}/`)}</link>` +
      `<description>${xmlEscape(SITE_DESCRIPTION)}</description>` +
      '<language>en</language>' +
      `<lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>` +
      `<atom:link href="${xmlEscape(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml"/>` +
      items.join('') +
      '</channel></rss>\n';
    c.header('Cache-Control', FEED_CACHE);
    return c.body(xml, 200, { 'Content-Type': 'application/rss+xml; charset=utf-8' });
  })

  .get('/sitemap.xml', async (c) => {
    const origin = originOf(c.req.url);
    const now = Date.now();
    const db = c.var.db;
    const [posts, categories, authors] = await Promise.all([
      listPublishedSlugs(db, { now, limit: SITEMAP_POSTS }),
      listCategorySlugs(db),
      listPublishingAuthors(db, now),
    ]);
    const urls = [
      urlEntry(`${origin}/`, isoDate(posts[0]?.publishedAt)),
      ...categories.map((cat) => urlEntry(`${origin}/category/${enc(cat.slug)}`, isoDate(cat.updatedAt))),
      ...posts.map((p) =>
        urlEntry(`${origin}/details/${enc(p.slug)}`, isoDate(Math.max(p.updatedAt.getTime(), p.publishedAt?.getTime() ?? 0))),
      ),
      ...authors.map((a) => urlEntry(`${origin}/author/${enc(a.username)}`, isoDate(a.lastPublishedAt))),
    ];
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
      urls.join('') +
      '</urlset>\n';
    c.header('Cache-Control', FEED_CACHE);
    return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8' });
  })

  .get('/robots.txt', (c) => {
    const origin = originOf(c.req.url);
    const text = ['User-agent: *', 'Disallow: /admin', 'Disallow: /api', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(text);
  });
