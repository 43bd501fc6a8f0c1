// The edge cache for visitors (Workers Cache API): anonymous reads of the route table's public routes are
// answered from this location's cache under a key that changes with every write; a successful write
// makes this location see the new content at once and, when configured, every other location too.
// The rules themselves are in lib/edge-cache-policy.ts; the decisions in docs/decisions/009 and 033.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { CONTENT_STATE_REFRESH_PATH } from '../../contracts/import';
import { createDb } from '../db/client';
import type { AppEnv } from '../env';
import {
  BROWSER_CACHE_CONTROL,
  CACHE_STATUS_HEADER,
  cacheKeyUrl,
  type CacheStatus,
  contentStateUrl,
  contentVersion,
  etagFor,
  hasSessionCookie,
  isCacheablePath,
  isRedirectOnlyPath,
  isRedirectStatus,
  storesNotFound,
  isStorable,
  isUnsafeMethod,
  matchesIfNoneMatch,
  purgeRequest,
  STALE_BOUND_MS,
  STORED_TTL_SECONDS,
  wantsFreshAnswer,
} from '../lib/edge-cache-policy';
import { type ContentState, readContentState } from '../queries/site-state';

// workerd's `caches.default`; the DOM lib this project also loads types `caches` without it.
const edgeStore = (): Cache => (caches as unknown as { default: Cache }).default;

interface StateRecord extends ContentState {
  /** Until when (ms) this location may use the record: STALE_BOUND_MS, or the next scheduled moment if sooner. */
  validUntil: number;
}

/** The record travels in a header of a bodiless entry: reading it needs no body stream. */
const STATE_HEADER = 'x-byline-state';

/**
 * This isolate's copy of each origin's state record, used for at most HELD_STATE_MS (and never past the
 * record's own validUntil) before the Cache API is asked again. A write answered by this isolate
 * replaces it at once; other isolates at this location learn within HELD_STATE_MS (decision 009).
 */
export const HELD_STATE_MS = 1000;
const heldStates = new Map<string, { record: StateRecord; until: number }>();
/** Raised by every refresh: a read begun before a refresh must not put its older record back. */
let refreshes = 0;

function holdState(origin: string, record: StateRecord, now: number): void {
  heldStates.set(origin, { record, until: Math.min(now + HELD_STATE_MS, record.validUntil) });
}

/**
 * Reads the content state from D1 and keeps it at this location for as long as it is sure to hold.
 * Hits run before withDb (app.ts), so this opens its own handle.
 */
async function refreshContentState(c: Context<AppEnv>, origin: string): Promise<StateRecord> {
  refreshes += 1;
  const now = Date.now();
  const state = await readContentState(c.var.db ?? createDb(c.env.DB), now);
  const record: StateRecord = { ...state, validUntil: Math.min(now + STALE_BOUND_MS, state.nextScheduledAt ?? Infinity) };
  const seconds = Math.ceil((record.validUntil - now) / 1000);
  holdState(origin, record, now);
  await edgeStore().put(
    contentStateUrl(origin),
    new Response(null, { headers: { [STATE_HEADER]: JSON.stringify(record), 'cache-control': `max-age=${seconds}` } }),
  );
  return record;
}

/** The content state this location holds, checked against the clock (the Cache API's own expiry is coarser). */
async function currentContentState(c: Context<AppEnv>, origin: string): Promise<StateRecord> {
  const now = Date.now();
  const mine = heldStates.get(origin);
  if (mine && now < mine.until) return mine.record;
  const refreshesBefore = refreshes;
  const shared = (await edgeStore().match(contentStateUrl(origin)))?.headers.get(STATE_HEADER);
  if (shared) {
    const record = JSON.parse(shared) as StateRecord;
    const later = Date.now();
    if (later < record.validUntil) {
      if (refreshes === refreshesBefore) holdState(origin, record, later);
      return record;
    }
  }
  return refreshContentState(c, origin);
}

/**
 * This isolate's copy of answers it stored or read, under the same versioned key: a key names one
 * content version, so a copy can never be stale (freshness comes from the state lookup, which stays
 * shared); it only saves the Cache API read. Bounded in bytes, least recently used first out.
 */
interface HeldAnswer {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
}
const HELD_BYTES_MAX = 8 * 1024 * 1024;
const held = new Map<string, HeldAnswer>();
let heldBytes = 0;

function holdAnswer(key: string, answer: HeldAnswer): void {
  if (answer.body.byteLength > HELD_BYTES_MAX / 8) return;
  const before = held.get(key);
  if (before) heldBytes -= before.body.byteLength;
  held.delete(key);
  held.set(key, answer);
  heldBytes += answer.body.byteLength;
  for (const [oldest, old] of held) {
    if (heldBytes <= HELD_BYTES_MAX) break;
    held.delete(oldest);
    heldBytes -= old.body.byteLength;
  }
}

/** The stored answer under `key`: this isolate's copy, else this location's Cache API (then held here). */
async function storedAnswer(key: string): Promise<HeldAnswer | undefined> {
  const copy = held.get(key);
  if (copy) {
    held.delete(key); // most recently used last
    held.set(key, copy);
    return copy;
  }
  const stored = await edgeStore().match(key);
  if (!stored) return undefined;
  const answer = { status: stored.status, headers: [...stored.headers], body: await stored.arrayBuffer() };
  holdAnswer(key, answer);
  return answer;
}

function runInBackground(c: Context<AppEnv>, work: Promise<unknown>): void {
  const settled = work.catch((err: unknown) => console.error(`[${c.var.requestId}] edge cache purge failed`, err));
  try {
    c.executionCtx.waitUntil(settled);
  } catch {
    void settled; // app.request() in tests has no execution context
  }
}

/** After a write: this location at once; other locations through the purge API when a zone and token are set. */
async function announceWrite(c: Context<AppEnv>): Promise<void> {
  const origin = new URL(c.req.url).origin;
  try {
    await refreshContentState(c, origin);
  } catch (err) {
    // The write itself succeeded: answer it; this location then learns within STALE_BOUND_MS.
    console.error(`[${c.var.requestId}] edge cache refresh after a write failed`, err);
  }
  const purge = purgeRequest({ zoneId: c.env.CF_ZONE_ID, apiToken: c.env.CF_API_TOKEN }, [contentStateUrl(origin)]);
  if (purge) runInBackground(c, fetch(purge));
}

function browserHeaders(headers: Headers, etag: string, status: CacheStatus): Headers {
  headers.set('ETag', etag);
  headers.set('Cache-Control', BROWSER_CACHE_CONTROL);
  headers.set(CACHE_STATUS_HEADER, status);
  return headers;
}

export const edgeCache = createMiddleware<AppEnv>(async (c, next) => {
  const method = c.req.method;
  if (method === 'POST' && c.req.path === CONTENT_STATE_REFRESH_PATH) {
    await refreshContentState(c, new URL(c.req.url).origin);
    return c.body(null, 204);
  }
  if (method !== 'GET' && method !== 'HEAD') {
    await next();
    if (isUnsafeMethod(method) && c.res.status < 400) await announceWrite(c);
    return;
  }
  const url = new URL(c.req.url);
  const cacheable = isCacheablePath(url.pathname);
  const redirectOnly = !cacheable && isRedirectOnlyPath(url.pathname);
  if ((!cacheable && !redirectOnly) || hasSessionCookie(c.req.header('cookie'))) {
    await next();
    c.header(CACHE_STATUS_HEADER, 'BYPASS');
    return;
  }

  const state = await currentContentState(c, url.origin);
  const version = contentVersion(state, c.env.CF_VERSION_METADATA?.id ?? 'local');
  const etag = etagFor(version);
  if (matchesIfNoneMatch(c.req.header('if-none-match'), etag)) {
    // This version's answer is what the browser holds, whether or not this location has it stored.
    return new Response(null, { status: 304, headers: browserHeaders(new Headers(), etag, 'HIT') });
  }

  const key = cacheKeyUrl(c.req.url, version);
  if (!wantsFreshAnswer(c.req.raw.headers)) {
    const stored = await storedAnswer(key);
    if (stored) {
      // The stored body as it is: a page names no per-request nonce (its CSP allows its inline scripts by hash).
      const hit = new Response(method === 'HEAD' ? null : stored.body.slice(0), { status: stored.status, headers: stored.headers });
      browserHeaders(hit.headers, etag, 'HIT').delete('cf-cache-status');
      return hit;
    }
  }

  await next();
  if (!isStorable(c.res) || (redirectOnly && !isRedirectStatus(c.res.status)) || (c.res.status === 404 && !storesNotFound(url.pathname))) {
    c.header(CACHE_STATUS_HEADER, 'MISS');
    return;
  }
  // Buffered and stored before answering, so the next request at this location finds it — unless this
  // isolate holds an answer under this key (it stored or read it, so the location has it): a `no-cache`
  // request then renders afresh without writing the same version again.
  const body = await c.res.arrayBuffer();
  const storedHeaders = new Headers(c.res.headers);
  storedHeaders.set('Cache-Control', `public, max-age=${STORED_TTL_SECONDS}`);
  if (!held.has(key)) {
    await edgeStore().put(key, new Response(body, { status: c.res.status, headers: storedHeaders }));
    holdAnswer(key, { status: c.res.status, headers: [...storedHeaders], body: body.slice(0) });
  }
  c.res = new Response(body, c.res);
  browserHeaders(c.res.headers, etag, 'MISS');
});
