// The edge cache's rules, as pure functions: what may be cached, for whom, under which key, and how
// other locations are told of a write (docs/decisions/009-edge-cache.md).
import { SESSION_COOKIE_NAME } from './session-cookie';

/** How long another location may keep using a content generation it read: its staleness bound. */
export const STALE_BOUND_MS = 30_000;
/** How long a stored answer lives at most; its key changes with any write anyway, so this only frees space. */
export const STORED_TTL_SECONDS = 86_400;
/** What browsers get: keep a copy, but ask each time (a 304 when nothing changed); the edge answers. */
export const BROWSER_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
export const CACHE_STATUS_HEADER = 'X-Cache';
export type CacheStatus = 'HIT' | 'MISS' | 'BYPASS';

// The one allow-list: anonymous GET/HEAD of these paths may be answered from, and stored in, the cache.
// Anything else (verify, auth, profile, admin, media upload, preview, revisions, private pages) never is.
const SEGMENT = '[^/]+';
const CACHEABLE_PATHS: readonly RegExp[] = [
  // Public pages and the 404 page.
  /^\/$/,
  new RegExp(`^/category/${SEGMENT}$`),
  new RegExp(`^/tag/${SEGMENT}$`),
  new RegExp(`^/details/${SEGMENT}$`),
  new RegExp(`^/author/${SEGMENT}$`),
  /^\/search$/,
  /^\/404$/,
  // Feeds, sitemap, robots.
  /^\/rss\.xml$/,
  new RegExp(`^/(category|tag)/${SEGMENT}/rss\\.xml$`),
  /^\/sitemap(-pages|-posts)?\.xml$/,
  /^\/robots\.txt$/,
  // Public API reads.
  /^\/api\/posts$/,
  new RegExp(`^/api/posts/(?!preview$)${SEGMENT}$`),
  new RegExp(`^/api/(categories|tags)(/${SEGMENT})?$`),
  /^\/api\/(featured|home)$/,
  new RegExp(`^/api/users/${SEGMENT}$`),
];

export const isCacheablePath = (path: string): boolean => CACHEABLE_PATHS.some((re) => re.test(path));

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

/** A stored answer never depends on a session: 200/301/404 only, no cookie set, not marked private. */
export function isStorable(res: Response): boolean {
  if (res.status !== 200 && res.status !== 301 && res.status !== 404) return false;
  if (res.headers.has('set-cookie')) return false;
  const cc = (res.headers.get('cache-control') ?? '').toLowerCase();
  return !/(^|[\s,])(private|no-store)([\s,=]|$)/.test(cc);
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
