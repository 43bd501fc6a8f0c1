// The edge cache for visitors: anonymous reads of the route table's public routes are served from the edge
// cache (Workers Cache in production, the generation-keyed Cache API locally: lib/cache-store.ts), every answer
// states its caching policy, and a successful write makes every location show the new content.
// The rules are in lib/edge-cache-policy.ts, lib/cache-tags.ts and lib/cache-headers.ts; the decisions in
// docs/decisions/009, 033 and 057.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { CONTENT_STATE_REFRESH_PATH } from '../../contracts/import';
import type { AppEnv } from '../env';
import { NOT_STORED } from '../lib/cache-headers';
import {
  currentContentState,
  generationNow,
  lastKnownContentState,
  refreshContentState,
  type StateRecord,
} from '../services/edge-cache-state';
import { type EdgeCache, edgeCacheFor, type StoredAnswer } from '../lib/cache-store';
import { tagsToPurge } from '../lib/cache-tags';
import {
  BROWSER_CACHE_CONTROL,
  CACHE_STATUS_HEADER,
  cacheKeyUrl,
  type CacheStatus,
  contentVersion,
  etagFor,
  forbidsStoring,
  hasSessionCookie,
  isCacheablePath,
  isRedirectOnlyPath,
  isRedirectStatus,
  storesNotFound,
  isStorable,
  isUnsafeMethod,
  matchesIfNoneMatch,
  wantsFreshAnswer,
} from '../lib/edge-cache-policy';
import { PRIVATE_NO_STORE } from './load-session';

export { HELD_STATE_MS } from '../services/edge-cache-state';

/**
 * After a write: this location's state at once; then, when the write changed what visitors see (the content
 * generation its triggers raise moved, or could not be read before), the tags it touched, everywhere.
 */
async function announceWrite(c: Context<AppEnv>, cache: EdgeCache, generationBefore: number | null): Promise<void> {
  let after: StateRecord | null = null;
  try {
    after = await refreshContentState(c, new URL(c.req.url).origin);
  } catch (err) {
    // The write itself succeeded: answer it; this location then learns within STALE_BOUND_MS.
    console.error(`[${c.var.requestId}] edge cache refresh after a write failed`, err);
  }
  if (generationBefore !== null && after !== null && after.generation === generationBefore) return;
  await cache.purge(tagsToPurge(c));
}

function browserHeaders(headers: Headers, etag: string, status: CacheStatus): Headers {
  headers.set('ETag', etag);
  headers.set('Cache-Control', BROWSER_CACHE_CONTROL);
  headers.set(CACHE_STATUS_HEADER, status);
  return headers;
}

/**
 * Every answer this cache does not store states so (Workers Cache stores an answer that says nothing — a 200 for
 * hours — and one that says only `no-cache`): to a request with the session cookie `private, no-store`; any
 * other keeps a `private`/`no-store` it has, else says `no-store`.
 */
function statePolicy(c: Context<AppEnv>, sessionBearing: boolean): void {
  if (sessionBearing) c.header('Cache-Control', PRIVATE_NO_STORE);
  else if (!forbidsStoring(c.res)) c.header('Cache-Control', NOT_STORED);
}

/** A stored answer as a response: the stored body untouched (a page's CSP allows its inline scripts by hash). */
function answerFrom(stored: StoredAnswer, method: string, etag: string, status: CacheStatus): Response {
  const res = new Response(method === 'HEAD' ? null : stored.body.slice(0), { status: stored.status, headers: stored.headers });
  browserHeaders(res.headers, etag, status).delete('cf-cache-status');
  return res;
}

/**
 * D1 cannot be read: the answer stored under the last version this isolate knew, marked STALE, or undefined
 * (then the request goes on, and D1's failure answers it: a 503).
 */
async function staleAnswer(c: Context<AppEnv>, cache: EdgeCache, url: URL): Promise<Response | undefined> {
  const last = lastKnownContentState(url.origin);
  if (!last) return undefined;
  const version = contentVersion(last, c.env.CF_VERSION_METADATA?.id ?? 'local');
  const stored = await cache.lookup(cacheKeyUrl(c.req.url, version));
  return stored && answerFrom(stored, c.req.method, etagFor(version), 'STALE');
}

export const edgeCache = createMiddleware<AppEnv>(async (c, next) => {
  const method = c.req.method;
  const cache = edgeCacheFor(c);
  if (method === 'POST' && c.req.path === CONTENT_STATE_REFRESH_PATH) {
    await refreshContentState(c, new URL(c.req.url).origin);
    return c.body(null, 204);
  }
  if (method !== 'GET' && method !== 'HEAD') {
    // Whether the write changes what visitors see decides whether it purges; locally every key moves anyway.
    const generationBefore = isUnsafeMethod(method) && cache.kind === 'workers-cache' ? await generationNow(c) : null;
    await next();
    if (isUnsafeMethod(method) && c.res.status < 400) await announceWrite(c, cache, generationBefore);
    return;
  }
  const url = new URL(c.req.url);
  const cacheable = isCacheablePath(url.pathname);
  const redirectOnly = !cacheable && isRedirectOnlyPath(url.pathname);
  const sessionBearing = hasSessionCookie(c.req.header('cookie'));
  if ((!cacheable && !redirectOnly) || sessionBearing) {
    await next();
    statePolicy(c, sessionBearing);
    c.header(CACHE_STATUS_HEADER, 'BYPASS');
    return;
  }

  let state: StateRecord;
  try {
    state = await currentContentState(c, url.origin);
  } catch (err) {
    console.error(`[${c.var.requestId}] edge cache: the content state cannot be read`, err);
    const stale = await staleAnswer(c, cache, url);
    if (stale) return stale;
    await next();
    statePolicy(c, false);
    c.header(CACHE_STATUS_HEADER, 'MISS');
    return;
  }
  const version = contentVersion(state, c.env.CF_VERSION_METADATA?.id ?? 'local');
  const etag = etagFor(version);
  if (matchesIfNoneMatch(c.req.header('if-none-match'), etag)) {
    // This version's answer is what the browser holds, whether or not this location has it stored.
    return new Response(null, { status: 304, headers: browserHeaders(new Headers(), etag, 'HIT') });
  }

  const key = cacheKeyUrl(c.req.url, version);
  if (!wantsFreshAnswer(c.req.raw.headers)) {
    const stored = await cache.lookup(key);
    if (stored) return answerFrom(stored, method, etag, 'HIT');
  }

  await next();
  if (!isStorable(c.res) || (redirectOnly && !isRedirectStatus(c.res.status)) || (c.res.status === 404 && !storesNotFound(url.pathname))) {
    statePolicy(c, false);
    c.header(CACHE_STATUS_HEADER, 'MISS');
    return;
  }
  c.res = await cache.store(key, c.res, { path: url.pathname, now: Date.now(), nextScheduledAt: state.nextScheduledAt });
  browserHeaders(c.res.headers, etag, 'MISS');
  // Workers Cache serves this very answer on its hits, and says HIT or MISS itself (Cf-Cache-Status).
  if (cache.kind === 'workers-cache') c.res.headers.delete(CACHE_STATUS_HEADER);
});
