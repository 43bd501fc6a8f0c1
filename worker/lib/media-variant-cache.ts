// Resized images kept at the edge (decision 067): /media/:key?w= answers are stored per width *and format*,
// because which format an answer takes follows Accept, and a cache keyed on the URL alone (or on Accept's
// verbatim value, as Vary is) would either mix formats or miss for every browser's own Accept string.
// - The variants: the Cache API (`caches.default`) under a key naming the key, the width and the chosen
//   format, looked up before the Images binding runs; so the binding resizes each width+format once per location.
// - Workers Cache (production): every /media answer carries the tag `media:<key>`, so one purge drops the
//   original and all its variants at the edge.
// Deleting an image purges both: the tag (Workers Cache) and each variant key (Cache API).
import type { Context } from 'hono';
import { IMAGE_WIDTHS, type ImageWidth } from '../../contracts/responsive-images';
import type { AppEnv } from '../env';
import { edgeStore, purgeWorkersCache, workersCacheOf } from './cache-store';
import { CACHE_TAG_HEADER } from './cache-headers';
import { variantFormats } from './image-resize';

/** The edge cache tag of every answer of /media/<key>, resized or not. */
export const mediaTag = (key: string): string => `media:${key}`;

/** Where the variant of `key` at `width` in `format` (a MIME type) is stored: one key per width and format. */
export const variantCacheKey = (origin: string, key: string, width: ImageWidth, format: string): string =>
  `${origin}/media/${key}?w=${width}&format=${encodeURIComponent(format)}`;

const originOf = (c: Context<AppEnv>): string => new URL(c.req.url).origin;

/** The stored variant, or undefined (never stored, or evicted). */
export async function storedVariant(c: Context<AppEnv>, key: string, width: ImageWidth, format: string): Promise<Response | undefined> {
  return edgeStore().match(variantCacheKey(originOf(c), key, width, format));
}

/** Stores a variant after answering where the request has an execution context (before, in tests without one). */
export async function storeVariant(
  c: Context<AppEnv>,
  key: string,
  width: ImageWidth,
  format: string,
  variant: { bytes: Uint8Array<ArrayBuffer>; contentType: string },
): Promise<void> {
  const stored = new Response(variant.bytes.slice(0), {
    headers: { 'Content-Type': variant.contentType, 'Cache-Control': 'public, max-age=31536000, immutable' },
  });
  const put = edgeStore()
    .put(variantCacheKey(originOf(c), key, width, format), stored)
    .catch((err: unknown) => console.error(`[${c.var.requestId}] a resized image could not be stored`, err));
  try {
    c.executionCtx.waitUntil(put);
  } catch {
    await put; // app.request() without an execution context
  }
}

/** Under Workers Cache: tags the answer so that deleting the image drops every stored copy of it. */
export function tagMediaAnswer(c: Context<AppEnv>, headers: Headers, key: string): void {
  if (workersCacheOf(c)) headers.set(CACHE_TAG_HEADER, mediaTag(key));
}

/** After deleting `key`: purges its tag from Workers Cache and each of its variants from the Cache API. */
export async function purgeMediaVariants(c: Context<AppEnv>, key: string, original: string): Promise<void> {
  const cache = workersCacheOf(c);
  const origin = originOf(c);
  const keys = IMAGE_WIDTHS.flatMap((w) => variantFormats(original).map((f) => variantCacheKey(origin, key, w, f)));
  await Promise.all([
    cache ? purgeWorkersCache(cache, [mediaTag(key)], c.var.requestId) : undefined,
    ...keys.map((k) => edgeStore().delete(k).catch((err: unknown) => console.error(`[${c.var.requestId}] a resized image could not be purged`, err))),
  ]);
}
