// Storing an image: kept only if its bytes are an image, stripped of identifying metadata, measured,
// under a fresh random key, its row written beside it. The upload route, imports and the demo seed
// store images this way (docs/decisions/062).
import { isStoredMedia, storedMediaKey } from '../../contracts/responsive-images';
import type { Db } from '../env';
import type { ImageDimensions } from '../lib/image-bytes';
import { imageDimensions } from '../lib/image-dimensions';
import { stripImageMetadata } from '../lib/image-metadata';
import { SNIFF_BYTES, type SniffedImage, sniffImage } from '../lib/image-sniff';
import { findMediaDimensions, insertMedia, type NewMedia, setMediaDimensions } from '../queries/media';
import { toHex } from '../lib/session-token';

/** What storing an image needs of the MEDIA bucket (R2Bucket has it; so does wrangler's proxy for the CLI). */
export interface MediaBucket {
  put(key: string, value: Uint8Array, options: { httpMetadata: { contentType: string } }): Promise<unknown>;
  delete(key: string): Promise<void>;
}

/** 32 random hex digits: the name of a stored image, before its extension. */
export const randomKeyBase = (): string => toHex(crypto.getRandomValues(new Uint8Array(16)).buffer);

/** An image ready to store: its kind by content, its bytes without metadata, its shown size when the header says. */
export interface PreparedImage {
  kind: SniffedImage;
  bytes: Uint8Array;
  width: number | null;
  height: number | null;
}

/** The image as it will be stored, or null when the bytes are not a well-formed JPEG, PNG, WebP, GIF or AVIF. */
export function prepareImage(bytes: Uint8Array): PreparedImage | null {
  const kind = sniffImage(bytes.subarray(0, SNIFF_BYTES));
  if (!kind) return null;
  const stripped = stripImageMetadata(kind, bytes);
  if (!stripped) return null;
  const dimensions = imageDimensions(kind, stripped);
  return { kind, bytes: stripped, width: dimensions?.width ?? null, height: dimensions?.height ?? null };
}

/** Puts the prepared image under `key` and writes its row with `writeRow`: no object is left without its row. */
export async function putImageWithRow(
  bucket: MediaBucket,
  key: string,
  ownerId: number,
  image: PreparedImage,
  writeRow: (row: NewMedia) => Promise<void>,
): Promise<void> {
  await bucket.put(key, image.bytes, { httpMetadata: { contentType: image.kind.contentType } });
  try {
    await writeRow({ key, ownerId, contentType: image.kind.contentType, size: image.bytes.byteLength, width: image.width, height: image.height });
  } catch (err) {
    await bucket.delete(key);
    throw err;
  }
}

/** The stored image's `/media/<key>` address and size, or null when the bytes are not an image we take. */
export async function storeUploadedImage(
  db: Db,
  bucket: MediaBucket,
  ownerId: number,
  bytes: Uint8Array,
): Promise<{ url: string; width: number | null; height: number | null } | null> {
  const image = prepareImage(bytes);
  if (!image) return null;
  const key = `${randomKeyBase()}.${image.kind.extension}`;
  await putImageWithRow(bucket, key, ownerId, image, (row) => insertMedia(db, row));
  return { url: `/media/${key}`, width: image.width, height: image.height };
}

/** What filling in dimensions needs of the MEDIA bucket: reading an object, or its first bytes. */
export interface MediaReader {
  get(key: string, options?: { range: { offset: number; length: number } }): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>;
}

/**
 * The stored image an address in the settings names (`/media/<key>`: the site's icon, its logo), or null while none
 * is set, the address is not one of ours, or its file is gone.
 */
export async function storedImageAt<T>(bucket: { get(key: string): Promise<T | null> }, url: string | null): Promise<T | null> {
  return url !== null && isStoredMedia(url) ? bucket.get(storedMediaKey(url)) : null;
}

/** Enough of nearly every image for its header, Exif and colour profile included. */
const HEADER_BYTES = 256 * 1024;

async function measureStoredImage(bucket: MediaReader, key: string): Promise<ImageDimensions | null> {
  for (const options of [{ range: { offset: 0, length: HEADER_BYTES } }, undefined]) {
    const object = await bucket.get(key, options);
    if (!object) return null;
    const bytes = new Uint8Array(await object.arrayBuffer());
    const kind = sniffImage(bytes.subarray(0, SNIFF_BYTES));
    const dimensions = kind ? imageDimensions(kind, bytes) : null;
    if (dimensions || bytes.byteLength < HEADER_BYTES) return dimensions;
  }
  return null;
}

/**
 * The width and height of the stored image under `key`. Rows stored before dimensions were recorded
 * get them here, on first use, from the object's first bytes (the whole object when those do not say).
 */
export async function mediaDimensions(db: Db, bucket: MediaReader, key: string): Promise<ImageDimensions | null> {
  const stored = await findMediaDimensions(db, key);
  if (stored !== null) return stored ?? null;
  const measured = await measureStoredImage(bucket, key);
  if (measured) await setMediaDimensions(db, key, measured);
  return measured;
}
