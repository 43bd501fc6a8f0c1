// Data access for uploaded images: one row per object in the MEDIA bucket.
import { media } from '../db/schema';
import type { Db } from '../env';

export async function insertMedia(db: Db, input: { key: string; ownerId: number; contentType: string; size: number }): Promise<void> {
  await db.insert(media).values(input);
}
