// The edge cache's tags (decision 057): what each cached answer shows, named so that a write can purge exactly
// the answers it changes. An answer's tags come from its address alone (the route table), so no read needs
// instrumenting; a write names what it touched through the per-request collector below, and a write that
// changed what visitors see without naming anything purges the site-wide tag (correct by default).
import type { Context } from 'hono';
import { matchApiRoute, matchNamedRoute } from '../../contracts/routes';
import { paramsOf } from '../../contracts/route-pattern';
import type { AppEnv } from '../env';

/** On every answer: the settings, the navigation menus and the accent show on every page. */
export const SITE_TAG = 'site';
/** On every answer that lists posts or counts them: home, category, tag, author, search, feeds, sitemaps, the API's lists. */
export const POST_LISTS_TAG = 'posts';
/** On the sitemap of pages: every standalone page's address. */
export const PAGE_LISTS_TAG = 'pages';
/** On the addresses no route names, where only a redirect from the redirects table is ever stored. */
export const REDIRECTS_TAG = 'redirects';

/** One post's page and API read, under any slug it had or has (a 404 or an old slug's 301 there too). */
export const postTag = (slug: string): string => `post:${encodeURIComponent(slug)}`;
/** One author's page and API read (or the 404 at its address): the profile it shows. */
export const authorTag = (username: string): string => `author:${encodeURIComponent(username)}`;
/** One standalone page's page and API read (or the 404 at its address). */
export const pageTag = (slug: string): string => `page:${encodeURIComponent(slug)}`;

const POST_LIST_PAGES = new Set(['home', 'category', 'tag', 'author', 'search']);
const POST_LIST_DOCUMENTS = new Set(['feed', 'feed-redirect']);
const POST_LIST_APIS = new Set([
  '/api/posts',
  '/api/categories',
  '/api/categories/:slug',
  '/api/tags',
  '/api/tags/:slug',
  '/api/featured',
  '/api/home',
  '/api/users/:username',
]);

/** An author's page, feeds and API read show their profile, which answers 404 until the account exists. */
const authorTags = (params: Record<string, string>): string[] => (params.username === undefined ? [] : [authorTag(params.username)]);

function tagsOfApiRead(pattern: string, params: Record<string, string>): string[] {
  if (pattern === '/api/posts/:slug' || pattern === '/api/posts/:slug/comments') return [postTag(params.slug ?? '')];
  if (pattern === '/api/pages/:slug') return [pageTag(params.slug ?? '')];
  return POST_LIST_APIS.has(pattern) ? [...authorTags(params), POST_LISTS_TAG] : [];
}

function tagsOfAddress(path: string): string[] {
  const api = matchApiRoute(path);
  if (api) return tagsOfApiRead(api.pattern, paramsOf(api.pattern, path));
  const route = matchNamedRoute(path);
  if (!route) return [];
  const params = paramsOf(route.pattern, path);
  if (route.id === 'post' || route.id === 'post-card') return [postTag(params.slug ?? '')];
  if (route.id === 'page' || route.id === 'page-card') return [pageTag(params.slug ?? '')];
  if (route.id === 'unknown') return [REDIRECTS_TAG];
  if (route.id === 'sitemap' || route.id === 'sitemap-pages') return [POST_LISTS_TAG, PAGE_LISTS_TAG];
  if (route.id === 'sitemap-posts' || POST_LIST_PAGES.has(route.id) || POST_LIST_DOCUMENTS.has(route.kind)) return [...authorTags(params), POST_LISTS_TAG];
  return []; // robots.txt, the icons, the manifest, the 404 page: the settings only
}

/** Everything the answer at `path` (a pathname) shows, as Cache-Tag values: the site-wide tag first. */
export const cacheTagsOf = (path: string): string[] => [SITE_TAG, ...tagsOfAddress(path)];

/** The Cache-Tag header value: comma-separated (Cloudflare's format; each tag printable ASCII, at most 1024 characters). */
export const cacheTagHeader = (tags: readonly string[]): string => tags.join(',');

/** What a write to a post touches: its page under every slug it had and has, and every list of posts. */
export const postWriteTags = (...slugs: string[]): string[] => [...new Set(slugs.map(postTag)), POST_LISTS_TAG];

/** What a write to a standalone page touches: its page under every slug it had and has, and the pages' sitemap. */
export const pageWriteTags = (...slugs: string[]): string[] => [...new Set(slugs.map(pageTag)), PAGE_LISTS_TAG];

// The per-request collector: a write's route names what it touched; the edge cache middleware purges it.
const touchedByRequest = new WeakMap<Request, Set<string>>();

/** Records that this request's write touched the answers carrying `tags` (purged once the write succeeded). */
export function touchCacheTags<E extends AppEnv>(c: Context<E>, tags: readonly string[]): void {
  const touched = touchedByRequest.get(c.req.raw) ?? new Set<string>();
  for (const tag of tags) touched.add(tag);
  touchedByRequest.set(c.req.raw, touched);
}

/**
 * The tags a successful write purges: what its route recorded, or the site-wide tag when it recorded nothing
 * (every answer carries it). Called only when the write changed what visitors see (decision 057).
 */
export function tagsToPurge(c: Context<AppEnv>): string[] {
  const touched = touchedByRequest.get(c.req.raw);
  return touched && touched.size > 0 ? [...touched] : [SITE_TAG];
}
