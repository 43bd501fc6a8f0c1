// The headers Workers Cache reads in production (decision 057): how long the edge keeps a visitor's answer,
// how long it may serve it stale, what it shows (Cache-Tag), and that a signed-in request never shares it.

/**
 * How long the edge keeps an answer fresh. Every write made through the Worker purges what it touched at
 * once, everywhere; this bounds only what no purge announces — a write made outside the Worker (a script, SQL
 * by hand). A scheduled moment shortens it (edgeLifetime).
 */
export const EDGE_MAX_AGE_SECONDS = 300;
/** After that, one request may still get the copy while the edge asks the Worker for a new one in the background. */
export const EDGE_STALE_WHILE_REVALIDATE_SECONDS = 60;
/** While the Worker fails (D1 down: it answers 503), the edge keeps serving the last copy for this long. */
export const EDGE_STALE_IF_ERROR_SECONDS = 86_400;

/** Consumed by Cloudflare and stripped before the browser; outranks CDN-Cache-Control and Cache-Control at the edge. */
export const EDGE_CACHE_CONTROL_HEADER = 'Cloudflare-CDN-Cache-Control';
export const CACHE_TAG_HEADER = 'Cache-Tag';
/**
 * Workers Cache keys on neither Cookie nor Authorization. Varying on Cookie makes a request's cookies part of
 * the stored copy's key: a signed-in request (its session cookie is in no stored variant, because an answer to
 * one is `private, no-store`) never matches the anonymous copy and always reaches the Worker.
 */
export const VARY_ON_COOKIE = 'Cookie';

/** What an answer that must never be stored says, where it says nothing else: no cache, edge or browser, keeps it. */
export const NOT_STORED = 'no-store';

/**
 * The edge's directive for an answer shown until `nextScheduledAt` (ms) at most: a scheduled post going live
 * changes lists and its own page, so such an answer expires at that moment, and is then never served stale
 * while revalidating (only if the Worker fails). `s-maxage` is never used: it switches both stale modes off.
 */
export function edgeLifetime(now: number, nextScheduledAt: number | null): string {
  const untilScheduled = nextScheduledAt === null ? Infinity : Math.max(0, Math.floor((nextScheduledAt - now) / 1000));
  const capped = untilScheduled < EDGE_MAX_AGE_SECONDS;
  const maxAge = capped ? untilScheduled : EDGE_MAX_AGE_SECONDS;
  const whileRevalidating = capped ? 0 : EDGE_STALE_WHILE_REVALIDATE_SECONDS;
  return `public, max-age=${maxAge}, stale-while-revalidate=${whileRevalidating}, stale-if-error=${EDGE_STALE_IF_ERROR_SECONDS}`;
}

/** Adds `value` to a comma-separated header once. */
export function appendHeaderValue(headers: Headers, name: string, value: string): void {
  const present = (headers.get(name) ?? '').split(',').map((v) => v.trim().toLowerCase());
  if (!present.includes(value.toLowerCase())) headers.append(name, value);
}
