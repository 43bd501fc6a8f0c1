// Data access for uploaded images: one row per object in the MEDIA bucket.
import { eq, inArray } from 'drizzle-orm';
import { media } from '../db/schema';
import type { Db } from '../env';
import type { ImageDimensions } from '../lib/image-bytes';

/** A media row as stored: `width`/`height` null when the image's header does not say. */
export interface NewMedia {
  key: string;
  ownerId: number;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
}

export async function insertMedia(db: Db, input: NewMedia): Promise<void> {
  await db.insert(media).values(input);
}

/** Whether an uploaded image is stored under `key`. */
export async function mediaExists(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ id: media.id }).from(media).where(eq(media.key, key)).limit(1);
  return row !== undefined;
}

/** The stored width and height of the image under `key`: undefined without such a row, null when not known yet. */
export async function findMediaDimensions(db: Db, key: string): Promise<ImageDimensions | null | undefined> {
  const [row] = await db.select({ width: media.width, height: media.height }).from(media).where(eq(media.key, key)).limit(1);
  if (!row) return undefined;
  return row.width !== null && row.height !== null ? { width: row.width, height: row.height } : null;
}

export async function setMediaDimensions(db: Db, key: string, dimensions: ImageDimensions): Promise<void> {
  await db.update(media).set(dimensions).where(eq(media.key, key));
}

/** The known dimensions of the stored images among `keys`, by key (unknown ones left out). One query. */
export async function findMediaDimensionsOf(db: Db, keys: readonly string[]): Promise<Map<string, ImageDimensions>> {
  if (keys.length === 0) return new Map();
  const rows = await db.select({ key: media.key, width: media.width, height: media.height }).from(media).where(inArray(media.key, [...keys]));
  return new Map(rows.flatMap((r) => (r.width !== null && r.height !== null ? [[r.key, { width: r.width, height: r.height }] as const] : [])));
}
