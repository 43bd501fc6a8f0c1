// Data access for the admin dashboard: counts, posts published per week, latest posts and sign-ups.
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { AdminStats, WeeklyCount } from '../../contracts/admin';
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
const WEEK_MS = 7 * DAY_MS;

/** Monday 00:00 UTC of the week `now` falls in. */
export function weekStartOf(now: number): number {
  const midnight = Math.floor(now / DAY_MS) * DAY_MS;
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return midnight - sinceMonday * DAY_MS;
}

export async function readAdminStats(db: Db, now: number): Promise<AdminStats> {
  const firstWeek = weekStartOf(now) - (STATS_WEEKS - 1) * WEEK_MS;
  // Which of the 12 weeks a post falls in: whole weeks since the first Monday (never negative, so the cast
  // truncates like floor; D1 binds JS numbers as REAL, which would make a plain division fractional).
  const week = sql<number>`CAST((${posts.publishedAt} - ${firstWeek}) / ${WEEK_MS} AS INTEGER)`;
  const countOf = (rows: { n: number }[]) => rows[0]?.n ?? 0;

  // The counts in one batch (one round trip, one snapshot). The lists run beside it, not in it: drizzle maps a
  // batched join's rows by column name, and posts, categories and users share names (id, slug, name).
  const [[published, drafts, scheduled, authors, categoryCount, perWeek], latestPosts, latestUsers] = await Promise.all([
    db.batch([
      db.select({ n: count() }).from(posts).where(visibleToReaders(now)),
      db.select({ n: count() }).from(posts).where(eq(posts.status, 'draft')),
      db.select({ n: count() }).from(posts).where(scheduledAfter(now)),
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
    weekStart: new Date(firstWeek + i * WEEK_MS).toISOString(),
    count: byWeek.get(i) ?? 0,
  }));

  return {
    counts: {
      published: countOf(published),
      drafts: countOf(drafts),
      scheduled: countOf(scheduled),
      authors: countOf(authors),
      categories: countOf(categoryCount),
    },
    weekly,
    latestPosts: latestPosts.map(toSummary),
    latestUsers: latestUsers.map(toAdminUser),
  };
}
