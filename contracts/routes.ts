// THE route table: every page, feed, sitemap and public API read, with what each needs and who may keep a
// copy. The React route objects (web/app/routes.tsx), the links (web/lib/paths.ts), the edge cache's
// allow-list and its always-private rule (worker/lib/edge-cache-policy.ts), and the sitemap and feeds
// (worker/routes/feeds.ts) are derived from it; a new page is one entry here and its module in web.
import { CAPABILITIES, type Capability } from './permissions';
import { bestMatch, buildPath, paramsOf, type ParamRules, type ParamsArg } from './route-pattern';
import { isSlug } from './slug-rule';
import { isUsername } from './username-rule';

/**
 * Who may keep a copy of an answer:
 * - `public`: the same for every visitor; anonymous GETs are answered from, and stored in, the edge cache;
 * - `uncached`: the same for every visitor but never stored (any address matches it, so storing would let
 *   anyone fill the cache; or it is not a read);
 * - `private`: depends on who asks; never stored. An API entry's answers are also always `private, no-store`,
 *   with a session cookie or without (load-session).
 */
export type CacheClass = 'public' | 'uncached' | 'private';

export type Layout = 'default' | 'none' | 'admin';
/** `capability`: signed in with a role the permission table (contracts/permissions.ts) lets do the page's `capability`. */
export type Guard = 'none' | 'signed-in' | 'signed-out' | 'capability';

/** The capability that opens the admin area: its layout, and the way in (the user menu's Admin link). */
export const ADMIN_AREA_CAPABILITY: Capability = 'admin.dashboard';

/** The layouts and the guards that may sit in each (web's route tree has a place for these only); guarded is never public. */
type Placement =
  | { layout: 'default'; guard: 'none'; cache: CacheClass }
  | { layout: 'default'; guard: 'signed-in'; cache: 'private' }
  | { layout: 'none'; guard: 'signed-out'; cache: 'private' }
  | { layout: 'admin'; guard: 'capability'; capability: Capability; cache: 'private' };

/** `page`: a module renders it; `not-found`: the 404 page; `redirect`: sends the reader on to the route `to`. */
type PageKind = { kind: 'page' } | { kind: 'not-found' } | { kind: 'redirect'; to: string };

export type PageRoute = Placement &
  PageKind & {
    id: string;
    pattern: string;
    /** The rule (contracts/) each path value must pass to name anything: else the 404 page, before any data call. */
    params?: ParamRules;
    /** Which sitemap lists the page's addresses: `pages` (with home and the lists) or `posts` (by id range). */
    sitemap?: 'pages' | 'posts';
  };

/**
 * A feed, a sitemap, robots.txt or one of the site's icons: served by the Worker (routes/feeds.ts,
 * routes/site-icons.ts), never by React.
 */
export interface DocumentRoute {
  id: string;
  pattern: string;
  /**
   * `feed-redirect`: the old feed addresses WordPress and Ghost readers know, a 301 to the route `to`;
   * `icon`: the site icon as a `size`-pixel square PNG; `favicon`: as an ICO; `manifest`: the web app manifest;
   * `card`: the social card (routes/social-cards.ts) of the post or page named by `of`, for one without an image.
   */
  kind: 'feed' | 'feed-redirect' | 'sitemap' | 'robots' | 'icon' | 'favicon' | 'manifest' | 'card';
  cache: CacheClass;
  /** A feed's channel: the page it is the feed of (its link), with the same params. */
  of?: string;
  /** A feed's format: RSS 2.0, Atom 1.0 or JSON Feed 1.1. */
  format?: FeedFormat;
  to?: string;
  /** An icon's width and height in pixels. */
  size?: number;
}

export type FeedFormat = 'rss' | 'atom' | 'json';

/** The media type of each feed format: its Content-Type and its `<link rel="alternate" type>`. */
export const FEED_MEDIA_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
  json: 'application/feed+json',
};

/** What a reader's feed menu calls each format. */
export const FEED_FORMAT_NAMES: Record<FeedFormat, string> = { rss: 'RSS', atom: 'Atom', json: 'JSON Feed' };

/** An API path whose caching the table decides; an API path in none of these is never stored, as any other address. */
export interface ApiRoute {
  pattern: string;
  cache: CacheClass;
}

const SLUG: ParamRules = { slug: isSlug };
const USERNAME: ParamRules = { username: isUsername };

const PUBLIC = { layout: 'default', guard: 'none', cache: 'public', kind: 'page' } as const;
const SIGNED_IN = { layout: 'default', guard: 'signed-in', cache: 'private', kind: 'page' } as const;
const SIGNED_OUT = { layout: 'none', guard: 'signed-out', cache: 'private', kind: 'page' } as const;
// An admin page names the capability it needs (a visitor is sent to log in, any other role gets the 403 page).
const ADMIN = { layout: 'admin', guard: 'capability', cache: 'private', kind: 'page' } as const;
const DASHBOARD = { ...ADMIN, capability: 'admin.dashboard' } as const;
const POSTS = { ...ADMIN, capability: 'posts.editAny' } as const;
const CATEGORIES = { ...ADMIN, capability: 'categories.manage' } as const;
const PAGES = { ...ADMIN, capability: 'pages.manage' } as const;
const USERS = { ...ADMIN, capability: 'users.manage' } as const;
const IMPORT_EXPORT = { ...ADMIN, capability: 'importExport' } as const;

export const PAGE_ROUTES = [
  { ...PUBLIC, id: 'home', pattern: '/', sitemap: 'pages' },
  { ...PUBLIC, id: 'category', pattern: '/category/:slug', params: SLUG, sitemap: 'pages' },
  { ...PUBLIC, id: 'tag', pattern: '/tag/:slug', params: SLUG, sitemap: 'pages' },
  { ...PUBLIC, id: 'post', pattern: '/details/:slug', params: SLUG, sitemap: 'posts' },
  { ...PUBLIC, id: 'author', pattern: '/author/:username', params: USERNAME, sitemap: 'pages' },
  { ...PUBLIC, id: 'search', pattern: '/search' },
  // The newsletter (decision 069): what the subscribe form and the confirmation link land on; the mailed unsubscribe link.
  { ...PUBLIC, id: 'subscribe', pattern: '/subscribe' },
  { ...PUBLIC, id: 'unsubscribe', pattern: '/unsubscribe' },
  // A standalone page (About): any fixed address above or below outranks it (route-pattern.ts), and no page
  // may take one (contracts/page-slugs.ts); an address no page has is the 404 page, or a redirect's.
  { ...PUBLIC, id: 'page', pattern: '/:slug', params: SLUG, sitemap: 'pages' },
  { ...PUBLIC, id: 'not-found', pattern: '/404', kind: 'not-found' },
  { ...PUBLIC, id: 'unknown', pattern: '/*', kind: 'not-found', cache: 'uncached' },

  { ...SIGNED_IN, id: 'create-post', pattern: '/create-post' },
  { ...SIGNED_IN, id: 'edit-post', pattern: '/details/:slug/edit', params: SLUG },
  { ...SIGNED_IN, id: 'profile', pattern: '/profile' },
  { ...SIGNED_IN, id: 'edit-profile', pattern: '/profile/edit' },
  // The comments on one's own posts, to moderate (decision 068): the admin screen for those outside the admin area.
  { ...SIGNED_IN, id: 'my-comments', pattern: '/profile/comments' },

  { ...SIGNED_OUT, id: 'login', pattern: '/login' },
  { ...SIGNED_OUT, id: 'register', pattern: '/register' },
  { ...SIGNED_OUT, id: 'forgot-password', pattern: '/forgot-password' },
  { ...SIGNED_OUT, id: 'reset-password', pattern: '/reset-password' },
  // The link of an invite's mail: sets username, name and password (decision 055).
  { ...SIGNED_OUT, id: 'invite', pattern: '/invite' },

  { ...DASHBOARD, id: 'admin', pattern: '/admin', kind: 'redirect', to: 'admin-dashboard' },
  { ...DASHBOARD, id: 'admin-dashboard', pattern: '/admin/dashboard' },
  { ...POSTS, id: 'admin-posts', pattern: '/admin/posts' },
  // The editor inside the admin area (WordPress's Posts → Add New); not `post/create`, which a post's slug could take.
  { ...POSTS, id: 'admin-create-post', pattern: '/admin/posts/new' },
  { ...POSTS, id: 'admin-post', pattern: '/admin/post/:slug', params: SLUG },
  { ...CATEGORIES, id: 'admin-categories', pattern: '/admin/categories' },
  { ...CATEGORIES, id: 'admin-create-category', pattern: '/admin/category/create' },
  { ...CATEGORIES, id: 'admin-category', pattern: '/admin/category/:slug', params: SLUG },
  { ...ADMIN, capability: 'featured.manage', id: 'admin-featured', pattern: '/admin/featured' },
  { ...PAGES, id: 'admin-pages', pattern: '/admin/pages' },
  { ...PAGES, id: 'admin-create-page', pattern: '/admin/pages/new' },
  { ...PAGES, id: 'admin-page', pattern: '/admin/pages/:slug/edit', params: SLUG },
  { ...ADMIN, capability: 'tags.manage', id: 'admin-tags', pattern: '/admin/tags' },
  // Comments (decision 068): the screen is the moderators'; the API also lets a post's author moderate its comments.
  { ...ADMIN, capability: 'comments.moderate', id: 'admin-comments', pattern: '/admin/comments' },
  { ...ADMIN, capability: 'redirects.manage', id: 'admin-redirects', pattern: '/admin/redirects' },
  // The mails the queue gave up on (decision 059).
  { ...ADMIN, capability: 'mail.failures', id: 'admin-mail', pattern: '/admin/mail' },
  // The newsletter's subscribers (decision 069).
  { ...ADMIN, capability: 'subscribers.manage', id: 'admin-subscribers', pattern: '/admin/subscribers' },
  // The media library: everyone's uploads, their alt text, what uses them (decision 063).
  { ...ADMIN, capability: 'media.manage', id: 'admin-media', pattern: '/admin/media' },
  { ...USERS, id: 'admin-users', pattern: '/admin/users' },
  // Pending invites and the invite form on their own, for editors (invites.send) who may not manage users.
  { ...ADMIN, capability: 'invites.send', id: 'admin-invites', pattern: '/admin/invites' },
  { ...IMPORT_EXPORT, id: 'admin-import', pattern: '/admin/import' },
  { ...IMPORT_EXPORT, id: 'admin-export', pattern: '/admin/export' },
  { ...ADMIN, capability: 'settings.manage', id: 'admin-settings', pattern: '/admin/settings' },
  { ...ADMIN, capability: 'navigation.manage', id: 'admin-navigation', pattern: '/admin/navigation' },
  { ...USERS, id: 'admin-create-user', pattern: '/admin/user/create' },
  { ...USERS, id: 'admin-user', pattern: '/admin/user/:slug', params: { slug: isUsername } },
  { ...DASHBOARD, id: 'admin-unknown', pattern: '/admin/*', kind: 'not-found' },
] as const satisfies readonly PageRoute[];

/** A page's three feeds, beside its address `page`: `<page>/rss.xml`, `<page>/atom.xml`, `<page>/feed.json`. */
const feedsOf = <Name extends string, Of extends string, Page extends string>(name: Name, of: Of, page: Page) =>
  [
    { id: `${name}-feed`, pattern: `${page}/rss.xml`, kind: 'feed', cache: 'public', of, format: 'rss' },
    { id: `${name}-atom`, pattern: `${page}/atom.xml`, kind: 'feed', cache: 'public', of, format: 'atom' },
    { id: `${name}-json-feed`, pattern: `${page}/feed.json`, kind: 'feed', cache: 'public', of, format: 'json' },
  ] as const;

export const DOCUMENT_ROUTES = [
  ...feedsOf('site', 'home', ''),
  ...feedsOf('category', 'category', '/category/:slug'),
  ...feedsOf('tag', 'tag', '/tag/:slug'),
  ...feedsOf('author', 'author', '/author/:username'),
  // What WordPress and Ghost readers subscribed to: each a 301 to the site's RSS.
  { id: 'feed-word', pattern: '/feed', kind: 'feed-redirect', cache: 'public', to: 'site-feed' },
  { id: 'feed-word-slash', pattern: '/feed/', kind: 'feed-redirect', cache: 'public', to: 'site-feed' },
  { id: 'rss-word', pattern: '/rss', kind: 'feed-redirect', cache: 'public', to: 'site-feed' },
  { id: 'rss-word-slash', pattern: '/rss/', kind: 'feed-redirect', cache: 'public', to: 'site-feed' },
  { id: 'sitemap', pattern: '/sitemap.xml', kind: 'sitemap', cache: 'public' },
  { id: 'sitemap-pages', pattern: '/sitemap-pages.xml', kind: 'sitemap', cache: 'public' },
  { id: 'sitemap-posts', pattern: '/sitemap-posts.xml', kind: 'sitemap', cache: 'public' },
  { id: 'robots', pattern: '/robots.txt', kind: 'robots', cache: 'public' },
  // The site icon (settings), or Byline's own while none is uploaded (decision 044).
  { id: 'favicon', pattern: '/favicon.ico', kind: 'favicon', cache: 'public' },
  { id: 'apple-touch-icon', pattern: '/apple-touch-icon.png', kind: 'icon', cache: 'public', size: 180 },
  { id: 'icon-192', pattern: '/icon-192.png', kind: 'icon', cache: 'public', size: 192 },
  { id: 'icon-512', pattern: '/icon-512.png', kind: 'icon', cache: 'public', size: 512 },
  { id: 'web-manifest', pattern: '/site.webmanifest', kind: 'manifest', cache: 'public' },
  { id: 'post-card', pattern: '/details/:slug/card.png', kind: 'card', cache: 'public', of: 'post' },
  { id: 'page-card', pattern: '/:slug/card.png', kind: 'card', cache: 'public', of: 'page' },
] as const satisfies readonly DocumentRoute[];

export const API_ROUTES = [
  // The public reads the pages are built from.
  { pattern: '/api/posts', cache: 'public' },
  { pattern: '/api/posts/:slug', cache: 'public' },
  // A post's approved comments (decision 068); its POST adds one.
  { pattern: '/api/posts/:slug/comments', cache: 'public' },
  { pattern: '/api/categories', cache: 'public' },
  { pattern: '/api/categories/:slug', cache: 'public' },
  { pattern: '/api/tags', cache: 'public' },
  { pattern: '/api/tags/:slug', cache: 'public' },
  { pattern: '/api/featured', cache: 'public' },
  { pattern: '/api/home', cache: 'public' },
  { pattern: '/api/users/:username', cache: 'public' },
  { pattern: '/api/settings', cache: 'public' },
  { pattern: '/api/pages/:slug', cache: 'public' },
  { pattern: '/api/navigation', cache: 'public' },
  // The OpenAPI document: it changes only with a deploy, which the cache key names.
  { pattern: '/api/openapi.json', cache: 'public' },
  // The editor's live preview (a POST), not a post called "preview".
  { pattern: '/api/posts/preview', cache: 'uncached' },
  // About the account itself: what they answer depends on who asks, cookie or not.
  { pattern: '/api/verify/*', cache: 'private' },
  { pattern: '/api/auth/*', cache: 'private' },
  { pattern: '/api/profile/*', cache: 'private' },
  { pattern: '/api/admin/*', cache: 'private' },
] as const satisfies readonly ApiRoute[];

/** One entry of PAGE_ROUTES as written (its id, kind and params known to the type checker). */
export type TablePageRoute = (typeof PAGE_ROUTES)[number];
type PageRoutes = TablePageRoute;
type DocumentRoutes = (typeof DOCUMENT_ROUTES)[number];
export type PageRouteId = PageRoutes['id'];
export type RouteId = PageRouteId | DocumentRoutes['id'];
/** The pages a module renders (web keeps a map from each to its lazily imported module). */
export type PageModuleId = Extract<PageRoutes, { kind: 'page' }>['id'];
/** The pages sitemap-pages.xml lists, home first. */
export type SitemapPageId = Extract<PageRoutes, { sitemap: 'pages' }>['id'];
type PatternOf<Id extends RouteId> = Extract<PageRoutes | DocumentRoutes, { id: Id }>['pattern'];

const ALL_NAMED: readonly (PageRoute | DocumentRoute)[] = [...PAGE_ROUTES, ...DOCUMENT_ROUTES];
const byId = new Map<string, PageRoute | DocumentRoute>(ALL_NAMED.map((r) => [r.id, r]));

/** The route named `id`. */
export function routeOf<Id extends RouteId>(id: Id): Extract<PageRoutes | DocumentRoutes, { id: Id }> {
  return byId.get(id) as Extract<PageRoutes | DocumentRoutes, { id: Id }>;
}

/** The address of the route `id` with its params, e.g. pathTo('post', { slug }) → `/details/<slug>` (encoded). */
export function pathTo<Id extends RouteId>(id: Id, ...params: ParamsArg<PatternOf<Id>>): string {
  return buildPath(routeOf(id).pattern, params[0]);
}

/** The page, feed, sitemap or robots route an address (a pathname) is, or null for one the table does not name. */
export const matchNamedRoute = (path: string): PageRoute | DocumentRoute | null => bestMatch(ALL_NAMED, path);

export interface FeedLink {
  /** What a reader's feed menu shows: the page's feed title and the format (`Design — feed (Atom)`). */
  title: string;
  /** Its media type, for `<link rel="alternate" type>`. */
  type: string;
  path: string;
}

type FeedRoute = DocumentRoute & { kind: 'feed'; format: FeedFormat };
const isFeedRoute = (r: DocumentRoute): r is FeedRoute => r.kind === 'feed' && r.format !== undefined;

/**
 * The feeds of one page in every format, found from one of them (`/tag/css/rss.xml` → its RSS, Atom and
 * JSON Feed) and titled `title (format)`: a page names its RSS feed and is linked to all three. None for an
 * address that is no feed.
 */
export function feedFamily(feedPath: string, title: string): FeedLink[] {
  const feed = matchNamedRoute(feedPath);
  if (feed?.kind !== 'feed') return [];
  const params = paramsOf(feed.pattern, feedPath);
  const documents: readonly DocumentRoute[] = DOCUMENT_ROUTES;
  return documents
    .filter(isFeedRoute)
    .filter((r) => r.of === feed.of)
    .map((r) => ({ title: `${title} (${FEED_FORMAT_NAMES[r.format]})`, type: FEED_MEDIA_TYPES[r.format], path: buildPath(r.pattern, params) }));
}

/** The API entry an address (a pathname) is, or null for an API path whose caching the table leaves to the default. */
export const matchApiRoute = (path: string): ApiRoute | null => bestMatch(API_ROUTES, path);

let everyRoute: readonly (PageRoute | DocumentRoute | ApiRoute)[] | undefined;
/** Who may keep a copy of the answer at `path` (a pathname): what the table says, `uncached` for anything it does not name. */
export function cacheClassOf(path: string): CacheClass {
  // Joined on the first call rather than at load: the browser never asks, and then its bundle drops the API entries.
  everyRoute ??= [...ALL_NAMED, ...API_ROUTES];
  return bestMatch(everyRoute, path)?.cache ?? 'uncached';
}

/** What routeTableProblems reads of a page route: looser than PageRoute, so a table its types refuse can be checked too. */
interface PageFacts {
  id: string;
  guard: Guard;
  capability?: string;
  cache: CacheClass;
  kind: PageRoute['kind'];
  to?: string;
}

/**
 * What is wrong with a route table, in words (none for ours; tested): ids repeat, a guarded page is cached,
 * a page the public can read is not (a 404 for any address excepted), a capability guard names no capability
 * of the permission table (or another guard names one), a redirect or feed names no route.
 */
export function routeTableProblems(pages: readonly PageFacts[], documents: readonly DocumentRoute[] = []): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const r of [...pages, ...documents]) {
    if (ids.has(r.id)) problems.push(`${r.id}: the id is used twice`);
    ids.add(r.id);
  }
  for (const r of pages) {
    if (r.guard !== 'none' && r.cache !== 'private') problems.push(`${r.id}: a guarded page must be private, not ${r.cache}`);
    if (r.guard === 'none' && r.kind === 'page' && r.cache !== 'public') problems.push(`${r.id}: a public page must be cached`);
    if (r.kind === 'redirect' && !ids.has(r.to ?? '')) problems.push(`${r.id}: redirects to no route (${r.to})`);
    const capabilities: readonly string[] = CAPABILITIES;
    if (r.guard === 'capability' && !capabilities.includes(r.capability ?? '')) problems.push(`${r.id}: needs no capability of the permission table (${r.capability})`);
    if (r.guard !== 'capability' && r.capability !== undefined) problems.push(`${r.id}: names a capability its ${r.guard} guard does not ask`);
  }
  for (const r of documents) {
    if (r.of !== undefined && !ids.has(r.of)) problems.push(`${r.id}: is the feed of no route (${r.of})`);
    if (r.to !== undefined && !ids.has(r.to)) problems.push(`${r.id}: redirects to no route (${r.to})`);
  }
  return problems;
}
