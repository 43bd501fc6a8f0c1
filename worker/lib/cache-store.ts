// One interface, two edge caches (decision 057), chosen by whether Cloudflare gives this request `ctx.cache`:
// - Workers Cache (production): it answers visitors before the Worker runs; the Worker only labels what it
//   may store (lifetimes, Cache-Tag, Vary) and purges by tag after a write.
// - The local path (`wrangler dev`, tests: no `ctx.cache`): the generation-keyed Cache API store of
//   decision 009, looked up and filled by the Worker itself; a write moves every key, so purging is a no-op.
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { cacheTagHeader, cacheTagsOf } from './cache-tags';
import {
  appendHeaderValue,
  CACHE_TAG_HEADER,
  EDGE_CACHE_CONTROL_HEADER,
  edgeLifetime,
  VARY_ON_COOKIE,
} from './cache-headers';
import { contentStateUrl, purgeRequest, STORED_TTL_SECONDS } from './edge-cache-policy';

// workerd's `caches.default`; the DOM lib this project also loads types `caches` without it.
export const edgeStore = (): Cache => (caches as unknown as { default: Cache }).default;

/** An answer as stored: what a hit is rebuilt from. */
export interface StoredAnswer {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
}

/** What the answer being stored shows and until when it is sure to hold. */
export interface StoreContext {
  path: string;
  now: number;
  nextScheduledAt: number | null;
}

export interface EdgeCache {
  readonly kind: 'workers-cache' | 'local';
  /** The answer stored under `key`; never one under Workers Cache, which answers hits before the Worker runs. */
  lookup(key: string): Promise<StoredAnswer | undefined>;
  /** Makes a visitor's answer stored (local) or storable by the edge (Workers Cache); returns the answer to send. */
  store(key: string, res: Response, context: StoreContext): Promise<Response>;
  /** After a write that changed what visitors see: drops every stored answer carrying one of `tags`. */
  purge(tags: readonly string[]): Promise<void>;
}

/** Cloudflare's Workers Cache on an execution context (a request's or a cron run's); undefined locally and in tests. */
export const workersCacheOn = (ctx: object): CacheContext | undefined => (ctx as { cache?: CacheContext }).cache;

/** Cloudflare's Workers Cache for this request, or undefined (wrangler dev, miniflare, app.request() in tests). */
export function workersCacheOf(c: Context<AppEnv>): CacheContext | undefined {
  try {
    // Hono types its own ExecutionContext, without workerd's `cache`.
    return workersCacheOn(c.executionCtx);
  } catch {
    return undefined; // app.request() without an execution context
  }
}

/** The edge cache serving this request: Workers Cache where Cloudflare provides it, else the local path. */
export const edgeCacheFor = (c: Context<AppEnv>): EdgeCache => {
  const workersCache = workersCacheOf(c);
  return workersCache ? workersCacheStore(c, workersCache) : localStore(c);
};

/** How many tags one purge call may name (Cloudflare: 100 operations a request); more go in further calls. */
const TAGS_PER_PURGE = 100;

/** Purges `tags` from Workers Cache; a refusal (a rate limit) is logged, never thrown: the write itself succeeded. */
export async function purgeWorkersCache(cache: CacheContext, tags: readonly string[], requestId: string): Promise<void> {
  for (let i = 0; i < tags.length; i += TAGS_PER_PURGE) {
    const batch = tags.slice(i, i + TAGS_PER_PURGE);
    try {
      const result = await cache.purge({ tags: batch });
      if (!result.success) console.error(`[${requestId}] edge cache purge refused`, batch, result.errors);
    } catch (err) {
      console.error(`[${requestId}] edge cache purge failed`, batch, err);
    }
  }
}

function workersCacheStore(c: Context<AppEnv>, cache: CacheContext): EdgeCache {
  return {
    kind: 'workers-cache',
    lookup: () => Promise.resolve(undefined),
    store(_key, answer, { path, now, nextScheduledAt }) {
      const res = new Response(answer.body, answer);
      res.headers.set(EDGE_CACHE_CONTROL_HEADER, edgeLifetime(now, nextScheduledAt));
      res.headers.set(CACHE_TAG_HEADER, cacheTagHeader(cacheTagsOf(path)));
      appendHeaderValue(res.headers, 'Vary', VARY_ON_COOKIE);
      return Promise.resolve(res);
    },
    purge: (tags) => purgeWorkersCache(cache, tags, c.var.requestId),
  };
}

/**
 * This isolate's copy of answers it stored or read, under the same versioned key: a key names one
 * content version, so a copy can never be stale (freshness comes from the state lookup, which stays
 * shared); it only saves the Cache API read. Bounded in bytes, least recently used first out.
 */
const HELD_BYTES_MAX = 8 * 1024 * 1024;
const held = new Map<string, StoredAnswer>();
let heldBytes = 0;

function holdAnswer(key: string, answer: StoredAnswer): void {
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

function runInBackground(c: Context<AppEnv>, work: Promise<unknown>): void {
  const settled = work.catch((err: unknown) => console.error(`[${c.var.requestId}] edge cache purge failed`, err));
  try {
    c.executionCtx.waitUntil(settled);
  } catch {
    void settled; // app.request() in tests has no execution context
  }
}

function localStore(c: Context<AppEnv>): EdgeCache {
  return {
    kind: 'local',
    /** This isolate's copy, else this location's Cache API (then held here). */
    async lookup(key) {
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
    },
    // Buffered and stored before answering, so the next request at this location finds it — unless this
    // isolate holds an answer under this key (it stored or read it, so the location has it): a `no-cache`
    // request then renders afresh without writing the same version again.
    async store(key, res) {
      const body = await res.arrayBuffer();
      const storedHeaders = new Headers(res.headers);
      storedHeaders.set('Cache-Control', `public, max-age=${STORED_TTL_SECONDS}`);
      if (!held.has(key)) {
        await edgeStore().put(key, new Response(body, { status: res.status, headers: storedHeaders }));
        holdAnswer(key, { status: res.status, headers: [...storedHeaders], body: body.slice(0) });
      }
      return new Response(body, res);
    },
    // Every key names the content generation, which the write moved: nothing stored needs dropping. Other
    // locations learn of the write through the purge-by-URL of the state record, when a zone and token are set.
    purge() {
      const purge = purgeRequest({ zoneId: c.env.CF_ZONE_ID, apiToken: c.env.CF_API_TOKEN }, [contentStateUrl(new URL(c.req.url).origin)]);
      if (purge) runInBackground(c, fetch(purge));
      return Promise.resolve();
    },
  };
}
