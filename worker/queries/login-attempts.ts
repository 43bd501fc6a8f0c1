// Exact attempt counters in D1, one row per key, in fixed windows. Each attempt is counted by one
// statement that increments and returns the count, so concurrent attempts can never all see room.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { loginAttempts } from '../db/schema';
import type { Db } from '../env';

export interface Throttle {
  limit: number;
  windowMs: number;
}

/** No throttle counts over a longer window: the cron deletes counters whose window started before (jobs/expired-rows.ts). */
export const LONGEST_THROTTLE_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface Counter {
  key: string;
  throttle: Throttle;
  /** Over its limit, a counter refuses the attempt (the default: a 429), or only reports it (decision 026). */
  overLimit?: 'refuse' | 'report';
}

/**
 * What counting an attempt found: how long to wait (0: go ahead), the windows it was counted in, and the keys
 * of the reporting counters it took over their limit.
 */
export interface CountedAttempt {
  waitSeconds: number;
  counted: { key: string; windowStart: Date }[];
  reported: string[];
}

/**
 * Counts one attempt against every counter in one atomic batch: each is an upsert that starts a
 * passed window again at 1 and returns the new count. The attempt may go ahead only if every refusing
 * count is within its limit; otherwise `waitSeconds` says when the latest-ending full window lets it in.
 */
export async function countAttempt(db: Db, counters: Counter[], now: number): Promise<CountedAttempt> {
  const upserts = counters.map(({ key, throttle }) => {
    if (throttle.windowMs > LONGEST_THROTTLE_WINDOW_MS) throw new Error(`${key}: a throttle window is at most LONGEST_THROTTLE_WINDOW_MS`);
    const windowPassed = sql`${loginAttempts.windowStart} <= ${now - throttle.windowMs}`;
    return db
      .insert(loginAttempts)
      .values({ key, count: 1, windowStart: new Date(now) })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          count: sql`CASE WHEN ${windowPassed} THEN 1 ELSE ${loginAttempts.count} + 1 END`,
          windowStart: sql`CASE WHEN ${windowPassed} THEN ${now} ELSE ${loginAttempts.windowStart} END`,
        },
      })
      .returning({ key: loginAttempts.key, count: loginAttempts.count, windowStart: loginAttempts.windowStart });
  });
  const [first, ...rest] = upserts;
  if (!first) return { waitSeconds: 0, counted: [], reported: [] };
  const results = await db.batch([first, ...rest]);
  let waitSeconds = 0;
  const counted: CountedAttempt['counted'] = [];
  const reported: string[] = [];
  results.forEach(([row], i) => {
    const { throttle, overLimit = 'refuse' } = counters[i] as Counter;
    if (!row) return;
    counted.push({ key: row.key, windowStart: row.windowStart });
    if (row.count <= throttle.limit) return;
    if (overLimit === 'report') reported.push(row.key);
    else waitSeconds = Math.max(waitSeconds, (row.windowStart.getTime() + throttle.windowMs - now) / 1000);
  });
  return { waitSeconds, counted, reported };
}

/** Takes back a counted attempt that turned out well (e.g. a correct password), in the window it was counted in. */
export async function refundAttempt(db: Db, counted: CountedAttempt['counted']): Promise<void> {
  const [first, ...rest] = counted.map(({ key, windowStart }) =>
    db
      .update(loginAttempts)
      .set({ count: sql`max(${loginAttempts.count} - 1, 0)` })
      .where(and(eq(loginAttempts.key, key), eq(loginAttempts.windowStart, windowStart))),
  );
  if (first) await db.batch([first, ...rest]);
}

export async function clearAttempts(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(loginAttempts).where(inArray(loginAttempts.key, keys));
}
