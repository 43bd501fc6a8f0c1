// Data access for uploaded images: one row per object in the MEDIA bucket.
import { eq } from 'drizzle-orm';
import { media } from '../db/schema';
import type { Db } from '../env';

export async function insertMedia(db: Db, input: { key: string; ownerId: number; contentType: string; size: number }): Promise<void> {
  await db.insert(media).values(input);
}

/** Whether an uploaded image is stored under `key`. */
export async function mediaExists(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ id: media.id }).from(media).where(eq(media.key, key)).limit(1);
  return row !== undefined;
}
