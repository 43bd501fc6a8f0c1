// The edge cache's policy, in one module: what may be cached (from the route table), for whom, under which
// key, what a write invalidates, and how other locations are told of a write (decisions 009 and 033).
import { cacheClassOf, matchNamedRoute } from '../../contracts/routes';
import { SESSION_COOKIE_NAME } from './session-cookie';

/** How long another location may keep using a content generation it read: its staleness bound. */
export const STALE_BOUND_MS = 30_000;
/** How long a stored answer lives at most; its key changes with any write anyway, so this only frees space. */
export const STORED_TTL_SECONDS = 86_400;
/**
 * What browsers get: keep a copy, but ask each time (a 304 when nothing changed); the edge answers. `no-cache`
 * rather than `must-revalidate`, which Workers Cache counts among the directives that switch off serving stale
 * (decision 057); at the edge Cloudflare-CDN-Cache-Control outranks this header anyway.
 */
export const BROWSER_CACHE_CONTROL = 'public, no-cache';
export const CACHE_STATUS_HEADER = 'X-Cache';
/** STALE: served from the edge cache because D1 could not be read (decision 057). */
export type CacheStatus = 'HIT' | 'MISS' | 'BYPASS' | 'STALE';

// What may be cached is the route table's cache class (contracts/routes.ts): public pages and the 404 page,
// feeds, sitemaps, robots.txt and the public API reads. Anything it does not name as public (account, admin,
// media upload, preview, revisions, guarded pages, unknown addresses) never is.

/** Anonymous GET/HEAD of this path (a pathname) may be answered from, and stored in, the edge cache. */
export const isCacheablePath = (path: string): boolean => cacheClassOf(path) === 'public';

/**
 * An address no route names (the table's catch-all `unknown`, outside the API): its 404 is never stored,
 * but a redirect from the redirects table there is (decision 042), so the cache holds no more of these
 * than the table has rows.
 */
export const isRedirectOnlyPath = (path: string): boolean =>
  path !== '/api' && !path.startsWith('/api/') && matchNamedRoute(path)?.id === 'unknown';

export const isRedirectStatus = (status: number): boolean => status === 301 || status === 302;

/**
 * Whether a 404 at this public address may be stored. Not at a standalone page's `/:slug`: every one-segment
 * address matches it, so storing its misses would let anyone fill the cache; its pages and redirects are
 * stored (decision 046).
 */
export const storesNotFound = (path: string): boolean => matchNamedRoute(path)?.id !== 'page';

/**
 * Answers at this path depend on who asks (the account API, guarded pages): `private, no-store` with a session
 * cookie or without, so Workers Cache, which keys on no cookie, never keeps one (decision 057).
 */
export const isAlwaysPrivatePath = (path: string): boolean => cacheClassOf(path) === 'private';

type WriteKind = 'insert' | 'update' | 'delete';
const EVERY_WRITE = ['insert', 'update', 'delete'] as const;

/**
 * What a write invalidates: every write of these kinds to these tables raises the content generation that
 * every cached answer's key names, so no stored answer outlives it. Triggers do the raising (migrations
 * 0006 and 0009), so every writer — API, import, seed, scripts, SQL by hand — moves the key. Every other
 * table is in NEVER_SHOWN_TABLES. A new table goes in one of the two lists, and into this one with its
 * triggers: edge-cache-invalidation.test.ts holds the database to both lists.
 */
export const INVALIDATING_WRITES = {
  /** Only a row that is or was published: a draft's autosave leaves every cached page valid. */
  posts: EVERY_WRITE,
  categories: EVERY_WRITE,
  featured: EVERY_WRITE,
  /** A new account makes /author/:username exist; names, avatars, bios and disabling show on pages. */
  users: EVERY_WRITE,
  tags: EVERY_WRITE,
  /** Updates of tag_id or position only (a merge moves rows to another tag: both tags' pages change). */
  post_tags: EVERY_WRITE,
  /** Old-slug redirects: rows are only ever added or removed. */
  post_slugs: ['insert', 'delete'],
  /** The one settings row (title, language, accent…) shows on every page; it is only ever updated. */
  settings: ['update'],
  /** What an old address answers (migration 0016); a chain's collapse updates rows. */
  redirects: EVERY_WRITE,
  /** Standalone pages (migration 0017): only a row that is or was published, as posts. */
  pages: EVERY_WRITE,
  /** The header and footer menus (migration 0018) show on every page; a save upserts both rows. */
  navigation_menus: EVERY_WRITE,
  /** Readers' comments (migration 0026): only a comment that is or was approved; a held one purges nothing. */
  comments: EVERY_WRITE,
} as const satisfies Record<string, readonly WriteKind[]>;

/** Tables whose rows no cached answer shows, or shows only through a table above (counts, search index). */
export const NEVER_SHOWN_TABLES = [
  'sessions',
  'login_attempts',
  'password_resets',
  'device_codes',
  'email_changes',
  /** Pending invites (migration 0020): only admins and editors see them; accepting writes users. */
  'invites',
  'post_revisions',
  'media',
  /** What uses which image (migration 0024): only the media library reads it. */
  'media_uses',
  'import_media',
  'site_state',
  'post_counts',
  'posts_fts',
  'mail_failures',
  /** The newsletter (migration 0027, decision 069): subscribers and sends are for admins and the queue only. */
  'subscribers',
  'newsletter_sends',
  'newsletter_deliveries',
] as const;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const isUnsafeMethod = (method: string): boolean => UNSAFE_METHODS.has(method);

/** Whether the request carries the session cookie, with any value (valid or not): then it is never cached. */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => {
    const name = part.split('=', 1)[0]!.trim();
    return name === SESSION_COOKIE_NAME || name === `__Host-${SESSION_COOKIE_NAME}`;
  });
}

/** `Cache-Control: no-cache` or `Pragma: no-cache` on the request: answer afresh (the answer is still stored). */
export function wantsFreshAnswer(headers: Headers): boolean {
  const directives = (headers.get('cache-control') ?? '').toLowerCase().split(',').map((d) => d.trim());
  return directives.includes('no-cache') || (headers.get('pragma') ?? '').toLowerCase().includes('no-cache');
}

/** The statuses a stored answer may have: a page, a redirect (an old slug's, or one from the redirects table), the 404 page. */
const STORABLE_STATUSES = new Set([200, 301, 302, 404]);

/** A stored answer never depends on a session: a storable status, no cookie set, not marked private. */
export function isStorable(res: Response): boolean {
  if (!STORABLE_STATUSES.has(res.status)) return false;
  if (res.headers.has('set-cookie')) return false;
  return !forbidsStoring(res);
}

/** The answer's Cache-Control keeps it out of shared caches: `private` or `no-store`. */
export function forbidsStoring(res: Response): boolean {
  const cc = (res.headers.get('cache-control') ?? '').toLowerCase();
  return /(^|[\s,])(private|no-store)([\s,=]|$)/.test(cc);
}

/** The version every cached answer is keyed on: the deployment, the content generation and the visibility epoch. */
export const contentVersion = (state: { generation: number; epoch: number }, deployment: string): string =>
  `${deployment}.${state.generation}.${state.epoch}`;

/** The Cache API key: the URL with its query sorted (so `?b&a` and `?a&b` share a copy) under the version. */
export function cacheKeyUrl(requestUrl: string, version: string): string {
  const url = new URL(requestUrl);
  url.searchParams.sort();
  return `${url.origin}/__byline/cache/${encodeURIComponent(version)}${url.pathname}${url.search}`;
}

/** Where a location keeps the content state it last read (see STALE_BOUND_MS); purged by URL on a write. */
export const contentStateUrl = (origin: string): string => `${origin}/__byline/generation`;

/** Weak: the answer for one version may differ in its CSP nonce, and nothing else. */
export const etagFor = (version: string): string => `W/"${version}"`;

/** If-None-Match names this ETag (weak comparison, RFC 9110 §13.1.2), or `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}

/** Cloudflare's purge-by-URL call that drops the content state at every location, or null when not configured. */
export function purgeRequest(config: { zoneId?: string; apiToken?: string }, urls: string[]): Request | null {
  if (!config.zoneId || !config.apiToken) return null;
  return new Request(`https://api.cloudflare.com/client/v4/zones/${encodeURIComponent(config.zoneId)}/purge_cache`, {
    method: 'POST',
    headers: { authorization: `Bearer ${config.apiToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ files: urls }),
  });
}
