// Data access for the admin dashboard: counts, posts published per week (weeks of the site's time zone),
// latest posts and sign-ups.
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { AdminStats, WeeklyCount } from '../../contracts/admin';
import { instantOfWallTime, wallTimeIn } from '../../contracts/dates';
import { ROLE_AUTHOR } from '../../contracts/roles';
import { categories, posts, users } from '../db/schema';
import type { Db } from '../env';
import { latestUpdatedPostsQuery } from './admin-posts';
import { scheduledAfter, visibleToReaders } from './post-visibility';
import { latestUsersQuery, toAdminUser } from './admin-users';
import { toSummary } from './post-summaries';

const STATS_WEEKS = 12;
const STATS_LATEST = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instants Monday 00:00 in `zone` begins, for the `weeks` weeks up to the one `now` falls in (oldest first). */
export function weekStartsOf(now: number, zone: string, weeks = 1): number[] {
  // Calendar arithmetic on the zone's date (held as a UTC day), then each Monday's midnight back to an instant:
  // a week with a DST change is an hour shorter or longer.
  const today = Date.parse(`${wallTimeIn(zone, now).slice(0, 10)}T00:00:00Z`);
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: weeks }, (_, i) => {
    const day = new Date(monday - (weeks - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10);
    return instantOfWallTime(zone, `${day}T00:00`)!;
  });
}

/** Monday 00:00 in `zone` of the week `now` falls in. */
export const weekStartOf = (now: number, zone: string): number => weekStartsOf(now, zone)[0]!;

export async function readAdminStats(db: Db, now: number, zone: string): Promise<AdminStats> {
  const starts = weekStartsOf(now, zone, STATS_WEEKS);
  const firstWeek = starts[0]!;
  // Which of the 12 weeks a post falls in: the latest Monday it is not before (weeks differ in length across DST).
  const week = sql<number>`CASE ${sql.join(
    starts.map((start, i) => sql`WHEN ${posts.publishedAt} >= ${start} THEN ${i}`).reverse(),
    sql` `,
  )} END`;
  const countOf = (rows: { n: number }[]) => rows[0]?.n ?? 0;

  // The counts in one batch (one round trip, one snapshot). The lists run beside it, not in it: drizzle maps a
  // batched join's rows by column name, and posts, categories and users share names (id, slug, name).
  const [[published, drafts, scheduled, pending, authors, categoryCount, perWeek], latestPosts, latestUsers] = await Promise.all([
    db.batch([
      db.select({ n: count() }).from(posts).where(visibleToReaders(now)),
      db.select({ n: count() }).from(posts).where(eq(posts.status, 'draft')),
      db.select({ n: count() }).from(posts).where(scheduledAfter(now)),
      db.select({ n: count() }).from(posts).where(eq(posts.status, 'pending')),
      db.select({ n: count() }).from(users).where(eq(users.role, ROLE_AUTHOR)),
      db.select({ n: count() }).from(categories),
      // Published in the window and not in the future (posts_status_published_idx, a range on published_at).
      db
        .select({ week, n: count() })
        .from(posts)
        .where(and(visibleToReaders(now), gte(posts.publishedAt, new Date(firstWeek))))
        .groupBy(week),
    ]),
    latestUpdatedPostsQuery(db, STATS_LATEST),
    latestUsersQuery(db, STATS_LATEST),
  ]);

  const byWeek = new Map(perWeek.map((r) => [Number(r.week), r.n]));
  const weekly: WeeklyCount[] = Array.from({ length: STATS_WEEKS }, (_, i) => ({
    weekStart: new Date(starts[i]!).toISOString(),
    count: byWeek.get(i) ?? 0,
  }));

  return {
    counts: {
      published: countOf(published),
      drafts: countOf(drafts),
      scheduled: countOf(scheduled),
      pending: countOf(pending),
      authors: countOf(authors),
      categories: countOf(categoryCount),
    },
    weekly,
    latestPosts: latestPosts.map(toSummary),
    latestUsers: latestUsers.map(toAdminUser),
  };
}
