// Storing an uploaded image: kept only if its bytes are an image, under a fresh random key, its row
// written beside it. The upload route and the demo seed store images this way.
import type { Db } from '../env';
import { SNIFF_BYTES, sniffImage } from '../lib/image-sniff';
import { insertMedia } from '../queries/media';
import { toHex } from '../lib/session-token';

/** What storing an image needs of the MEDIA bucket (R2Bucket has it; so does wrangler's proxy for the CLI). */
export interface MediaBucket {
  put(key: string, value: Uint8Array, options: { httpMetadata: { contentType: string } }): Promise<unknown>;
  delete(key: string): Promise<void>;
}

/** 32 random hex digits: the name of a stored image, before its extension. */
export const randomKeyBase = (): string => toHex(crypto.getRandomValues(new Uint8Array(16)).buffer);

/** The stored image's `/media/<key>` address, or null when the bytes are not a JPEG, PNG, WebP, GIF or AVIF image. */
export async function storeUploadedImage(db: Db, bucket: MediaBucket, ownerId: number, bytes: Uint8Array): Promise<string | null> {
  const kind = sniffImage(bytes.subarray(0, SNIFF_BYTES));
  if (!kind) return null;
  const key = `${randomKeyBase()}.${kind.extension}`;
  await bucket.put(key, bytes, { httpMetadata: { contentType: kind.contentType } });
  try {
    await insertMedia(db, { key, ownerId, contentType: kind.contentType, size: bytes.byteLength });
  } catch (err) {
    await bucket.delete(key); // no object without its row
    throw err;
  }
  return `/media/${key}`;
}
