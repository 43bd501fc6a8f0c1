// Feeds (RSS, Atom, JSON Feed), sitemaps and robots.txt: visible published content only. Every absolute URL in them is built from
// SITE_URL (lib/site-address.ts), never from the request's Host or X-Forwarded-* headers; without a valid
// SITE_URL they are not served at all (503), since any other base would let a request choose their links.
import { Hono, type Context } from 'hono';
import { DOCUMENT_ROUTES, pathTo, routeOf, type DocumentRoute, type FeedFormat, type SitemapPageId } from '../../contracts/routes';
import { buildPath } from '../../contracts/route-pattern';
import type { AppEnv, Db } from '../env';
import { SITE_URL_FIX, siteAddress, type SiteAddress } from '../lib/site-address';
import { feedDocument } from '../lib/feed-documents';
import { xmlEscape } from '../lib/xml-escape';
import { listCategorySlugs } from '../queries/categories';
import { listPublishedPageSlugs } from '../queries/pages';
import { listTagSlugs } from '../queries/tags';
import { readFeed, type FeedScope } from '../services/feed-items';
import { listLatestPublished, listPublishedSlugs, newestPublishedId } from '../queries/posts';
import { listPublishingAuthors } from '../queries/profile';
import { createRenderDb } from '../db/coalesced-reads';

/**
 * Posts per sitemap. A site with no more visible posts has one sitemap; a larger one gets a sitemap
 * index of `/sitemap-pages.xml` and `/sitemap-posts.xml?page=N`, each a range of post ids, so no
 * answer grows with the site (a sitemap may hold 50,000 URLs; WordPress puts 2000 in each).
 */
const SITEMAP_POSTS = 1000;
const LAST_ID = Number.MAX_SAFE_INTEGER;
const SITEMAP_TAGS = 4_000;
const FEED_CACHE = 'public, max-age=300';
/** How long a reader is asked to wait when SITE_URL is missing: until someone has deployed with it. */
const RETRY_AFTER_SECONDS = 300;

const isoDate = (d: Date | number | null | undefined): string | null =>
  d === null || d === undefined ? null : new Date(d).toISOString();

function urlEntry(loc: string, lastmod: string | null): string {
  return `<url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
}

/**
 * A feed, sitemap or robots.txt, answered only from a valid SITE_URL. Without one it is not served: a 503
 * that names the fix (no cache keeps it: not storable, `no-store`), and the refusal logged as an error.
 */
function fromSiteUrl(answer: (c: Context<AppEnv>, site: SiteAddress) => Response | Promise<Response>) {
  return (c: Context<AppEnv>): Response | Promise<Response> => {
    const site = siteAddress(c.env.SITE_URL);
    if (!('problem' in site)) return answer(c, site);
    console.error(
      `[${c.var.requestId}] FEED NOT SERVED: ${site.problem}. Every link in feeds, sitemaps and robots.txt is built from SITE_URL, ` +
        `so ${c.req.path} is not served without it: ${SITE_URL_FIX}.`,
    );
    return c.text(`SITE_URL is not configured: the site's owner must ${SITE_URL_FIX}.\n`, 503, {
      'Retry-After': String(RETRY_AFTER_SECONDS),
      'Cache-Control': 'no-store',
    });
  };
}


/** A feed route of the table: `/rss.xml`, `/category/:slug/atom.xml`, `/author/:username/feed.json`, … */
function feedAnswer(route: DocumentRoute & { of: FeedScope; format: FeedFormat }) {
  const paramName = /:([^/]+)/.exec(route.pattern)?.[1];
  return fromSiteUrl(async (c, site) => {
    const raw = paramName ? (c.req.param(paramName) ?? '') : '';
    const params = paramName ? { [paramName]: raw.toLowerCase() } : {};
    const feed = await readFeed(createRenderDb(c.var.db.$client), { scope: route.of, raw, selfPath: buildPath(route.pattern, params), site, now: Date.now() });
    if (!feed) return c.notFound();
    const doc = feedDocument(route.format, feed.channel, feed.items);
    c.header('Cache-Control', FEED_CACHE);
    return c.body(doc.body, 200, { 'Content-Type': doc.contentType });
  });
}

function xmlAnswer(c: Context<AppEnv>, xml: string) {
  c.header('Cache-Control', FEED_CACHE);
  return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8' });
}

const urlSet = (urls: string[]): string =>
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' + urls.join('') + '</urlset>\n';

function postEntries(site: SiteAddress, posts: { slug: string; publishedAt: Date | null; updatedAt: Date }[]): string[] {
  return posts.map((p) => urlEntry(site.link(pathTo('post', { slug: p.slug })), isoDate(Math.max(p.updatedAt.getTime(), p.publishedAt?.getTime() ?? 0))));
}

interface SitemapEntry {
  path: string;
  lastmod: string | null;
}

/**
 * Where the sitemap finds the addresses of each page the route table lists in it besides home (the site's
 * own address) and posts (by id range): a page given `sitemap: 'pages'` there without a source here does
 * not type-check.
 */
const SITEMAP_PAGES: Record<Exclude<SitemapPageId, 'home'>, (db: Db, now: number) => Promise<SitemapEntry[]>> = {
  category: async (db) => (await listCategorySlugs(db)).map((cat) => ({ path: pathTo('category', { slug: cat.slug }), lastmod: isoDate(cat.updatedAt) })),
  author: async (db, now) =>
    (await listPublishingAuthors(db, now)).map((a) => ({ path: pathTo('author', { username: a.username }), lastmod: isoDate(a.lastPublishedAt) })),
  tag: async (db, now) =>
    (await listTagSlugs(db, { now, limit: SITEMAP_TAGS })).map((t) => ({ path: pathTo('tag', { slug: t.slug }), lastmod: isoDate(t.updatedAt) })),
  page: async (db) => (await listPublishedPageSlugs(db)).map((p) => ({ path: pathTo('page', { slug: p.slug }), lastmod: isoDate(p.updatedAt) })),
};

/** The sitemap's entries other than home and posts: categories, authors who publish, tags, published pages. */
async function sitemapPages(c: Context<AppEnv>, site: SiteAddress, now: number): Promise<string[]> {
  const lists = await Promise.all(Object.values(SITEMAP_PAGES).map((list) => list(c.var.db, now)));
  return lists.flat().map((entry) => urlEntry(site.link(entry.path), entry.lastmod));
}

const isFeed = (r: DocumentRoute): r is DocumentRoute & { of: FeedScope; format: FeedFormat } => r.kind === 'feed';

/** Every feed and old feed address of the route table, each answered here. */
function withFeeds(app: Hono<AppEnv>): Hono<AppEnv> {
  const documents: readonly DocumentRoute[] = DOCUMENT_ROUTES;
  for (const route of documents.filter(isFeed)) app.get(route.pattern, feedAnswer(route));
  for (const route of documents.filter((r) => r.kind === 'feed-redirect')) {
    const to = routeOf(route.to as 'site-feed').pattern;
    app.get(route.pattern, (c) => {
      c.header('Cache-Control', FEED_CACHE);
      return c.redirect(to, 301);
    });
  }
  return app;
}

export const feedRoutes = withFeeds(new Hono<AppEnv>())
  .get(
    routeOf('sitemap').pattern,
    fromSiteUrl(async (c, site) => {
      const now = Date.now();
      const db = c.var.db;
      // All at once: one wave of D1 calls whichever shape the answer takes (the range end is only used
      // by an index, the other pages only by a single sitemap; both are cheap, a second wave is not).
      const [posts, others, lastId] = await Promise.all([
        listPublishedSlugs(db, { now, fromId: 1, toId: LAST_ID, limit: SITEMAP_POSTS + 1 }),
        sitemapPages(c, site, now),
        newestPublishedId(db, now),
      ]);
      if (posts.length <= SITEMAP_POSTS) {
        const newest = Math.max(0, ...posts.map((p) => p.publishedAt?.getTime() ?? 0));
        return xmlAnswer(c, urlSet([urlEntry(site.home, isoDate(newest || null)), ...others, ...postEntries(site, posts)]));
      }
      const pages = Math.ceil(lastId / SITEMAP_POSTS);
      const postMaps = Array.from({ length: pages }, (_, i) => site.link(`${pathTo('sitemap-posts')}?page=${i + 1}`));
      const maps = [site.link(pathTo('sitemap-pages')), ...postMaps];
      return xmlAnswer(
        c,
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
          '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
          maps.map((loc) => `<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>`).join('') +
          '</sitemapindex>\n',
      );
    }),
  )

  .get(
    routeOf('sitemap-pages').pattern,
    fromSiteUrl(async (c, site) => {
      const now = Date.now();
      const [latest, others] = await Promise.all([listLatestPublished(c.var.db, { now, limit: 1 }), sitemapPages(c, site, now)]);
      return xmlAnswer(c, urlSet([urlEntry(site.home, isoDate(latest[0]?.publishedAt ? Date.parse(latest[0].publishedAt) : null)), ...others]));
    }),
  )

  .get(
    routeOf('sitemap-posts').pattern,
    fromSiteUrl(async (c, site) => {
      const now = Date.now();
      const page = Number(c.req.query('page'));
      if (!Number.isInteger(page) || page < 1) return c.notFound();
      const fromId = (page - 1) * SITEMAP_POSTS + 1;
      const [lastId, posts] = await Promise.all([
        newestPublishedId(c.var.db, now),
        listPublishedSlugs(c.var.db, { now, fromId, toId: page * SITEMAP_POSTS, limit: SITEMAP_POSTS }),
      ]);
      if (fromId > lastId) return c.notFound();
      return xmlAnswer(c, urlSet(postEntries(site, posts)));
    }),
  )

  .get(
    routeOf('robots').pattern,
    fromSiteUrl((c, site) => {
      const text = ['User-agent: *', 'Disallow: /admin', 'Disallow: /api', '', `Sitemap: ${site.link(pathTo('sitemap'))}`, ''].join('\n');
      c.header('Cache-Control', 'public, max-age=3600');
      return c.text(text);
    }),
  );
