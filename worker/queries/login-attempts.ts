// Exact failure counters in D1, one row per key, in fixed windows.
import { inArray, sql } from 'drizzle-orm';
import { loginAttempts } from '../db/schema';
import type { Db } from '../env';

export interface Throttle {
  limit: number;
  windowMs: number;
}

/** Seconds until the first of `keys` that is over its limit may try again, or 0 when none is. */
export async function secondsUntilAllowed(db: Db, keys: string[], throttle: Throttle, now: number): Promise<number> {
  const rows = await db.select().from(loginAttempts).where(inArray(loginAttempts.key, keys));
  let wait = 0;
  for (const row of rows) {
    const endsAt = row.windowStart.getTime() + throttle.windowMs;
    if (row.count >= throttle.limit && endsAt > now) wait = Math.max(wait, (endsAt - now) / 1000);
  }
  return wait;
}

/** Counts one failure against each key; a window that has passed starts again at 1. */
export async function recordFailure(db: Db, keys: string[], throttle: Throttle, now: number): Promise<void> {
  const windowFloor = now - throttle.windowMs;
  const [first, ...rest] = keys.map((key) =>
    db
      .insert(loginAttempts)
      .values({ key, count: 1, windowStart: new Date(now) })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          count: sql`CASE WHEN ${loginAttempts.windowStart} <= ${windowFloor} THEN 1 ELSE ${loginAttempts.count} + 1 END`,
          windowStart: sql`CASE WHEN ${loginAttempts.windowStart} <= ${windowFloor} THEN ${now} ELSE ${loginAttempts.windowStart} END`,
        },
      }),
  );
  if (first) await db.batch([first, ...rest]);
}

export async function clearAttempts(db: Db, keys: string[]): Promise<void> {
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, keys));
}
