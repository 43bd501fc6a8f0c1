// What the edge cache keys on, read in one round trip: the content generation and the scheduling moments.
import { sql } from 'drizzle-orm';
import { posts, siteState } from '../db/schema';
import type { Db } from '../env';
import { scheduledAfter, scheduledMomentBetween, visibleToReaders } from './post-visibility';

export interface ContentState {
  /** Raised by triggers on every write to what visitors see: the writes INVALIDATING_WRITES lists (lib/edge-cache-policy.ts). */
  generation: number;
  /** The newest publication moment readers can see at `now` (ms), or 0: moves when a scheduled post goes live. */
  epoch: number;
  /** The next scheduled publication after `now` (ms), or null when nothing is scheduled. */
  nextScheduledAt: number | null;
}

/**
 * One statement, three index seeks: the generation by primary key, and the newest visible and the
 * next scheduled published_at on posts_status_published_idx (status, published_at).
 */
export async function readContentState(db: Db, now: number): Promise<ContentState> {
  const row = await db.get<{ generation: number | null; epoch: number | null; next: number | null }>(sql`
    SELECT
      (SELECT ${siteState.generation} FROM ${siteState} WHERE ${siteState.id} = 1) AS generation,
      (SELECT max(${posts.publishedAt}) FROM ${posts} WHERE ${visibleToReaders(now)}) AS epoch,
      (SELECT min(${posts.publishedAt}) FROM ${posts} WHERE ${scheduledAfter(now)}) AS next`);
  return { generation: row?.generation ?? 0, epoch: row?.epoch ?? 0, nextScheduledAt: row?.next ?? null };
}

/** The slugs of posts whose scheduled moment fell in (fromMs, toMs]: published, with published_at in that window. */
export async function slugsScheduledBetween(db: Db, fromMs: number, toMs: number): Promise<string[]> {
  const rows = await db
    .select({ slug: posts.slug })
    .from(posts)
    .where(scheduledMomentBetween(fromMs, toMs));
  return rows.map((row) => row.slug);
}
