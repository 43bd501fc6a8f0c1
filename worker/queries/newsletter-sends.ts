// The newsletter's sends and deliveries (migration 0027, decision 069): one send row per post (UNIQUE post_id),
// and per subscriber a delivery row claimed before the mail goes, so a batch delivered twice or retried never
// sends anyone a second mail.
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { NewsletterStats } from '../../contracts/newsletter';
import { newsletterDeliveries, newsletterSends, posts, subscribers, users } from '../db/schema';
import type { Db } from '../env';

/** Makes the post's one send: its id, or null when the post was sent (or is being sent) already. */
export async function createSend(db: Db, postId: number): Promise<number | null> {
  const [row] = await db.insert(newsletterSends).values({ postId }).onConflictDoNothing().returning({ id: newsletterSends.id });
  return row?.id ?? null;
}

/** Gives a send up (its batches could not be queued): the post may be sent again. */
export async function dropSend(db: Db, sendId: number): Promise<void> {
  await db.delete(newsletterSends).where(eq(newsletterSends.id, sendId));
}

/** Every active subscriber's id, in id order (a range of subscribers_status_id_idx). */
export const activeSubscriberIds = async (db: Db): Promise<number[]> =>
  (await db.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.status, 'active')).orderBy(subscribers.id)).map((r) => r.id);

export async function hasActiveSubscribers(db: Db): Promise<boolean> {
  return (await db.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.status, 'active')).limit(1)).length > 0;
}

/** The post of a send, as its mail needs it (null once the post is gone). */
export async function sendPost(db: Db, sendId: number) {
  const [row] = await db
    .select({ slug: posts.slug, title: posts.title, excerpt: posts.excerpt, body: posts.body, bodyHtml: posts.bodyHtml, authorName: users.name })
    .from(newsletterSends)
    .innerJoin(posts, eq(posts.id, newsletterSends.postId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(eq(newsletterSends.id, sendId));
  return row ?? null;
}

/**
 * Claims the still-active subscribers among `ids` that this send has not claimed yet: one statement, so two
 * deliveries of one batch at once split the subscribers and never both take one. Answers those claimed.
 */
export async function claimSubscribers(db: Db, sendId: number, ids: readonly number[]): Promise<{ id: number; email: string }[]> {
  if (ids.length === 0) return [];
  const claimed = await db.all<{ subscriber_id: number }>(sql`
    INSERT INTO ${newsletterDeliveries} (send_id, subscriber_id, status)
    SELECT ${sendId}, ${subscribers.id}, 'sending' FROM ${subscribers}
    WHERE ${inArray(subscribers.id, [...ids])} AND ${subscribers.status} = 'active'
    ON CONFLICT DO NOTHING
    RETURNING subscriber_id`);
  if (claimed.length === 0) return [];
  return db
    .select({ id: subscribers.id, email: subscribers.email })
    .from(subscribers)
    .where(inArray(subscribers.id, claimed.map((r) => r.subscriber_id)));
}

/** After a batch: the mails that went are `sent`; failed ones are released for the retry, or marked `failed` after the last. */
export async function settleDeliveries(db: Db, sendId: number, outcome: { sent: number[]; failed: number[]; finalAttempt: boolean }): Promise<void> {
  const ofSend = (ids: number[]) => and(eq(newsletterDeliveries.sendId, sendId), inArray(newsletterDeliveries.subscriberId, ids));
  const statements = [];
  if (outcome.sent.length > 0) statements.push(db.update(newsletterDeliveries).set({ status: 'sent' }).where(ofSend(outcome.sent)));
  if (outcome.failed.length > 0) {
    statements.push(
      outcome.finalAttempt
        ? db.update(newsletterDeliveries).set({ status: 'failed' }).where(ofSend(outcome.failed))
        : db.delete(newsletterDeliveries).where(ofSend(outcome.failed)),
    );
  }
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/** A post's send in numbers: mails sent, mails failed, recipients who have unsubscribed since. Null when never sent. */
export async function newsletterStats(db: Db, postId: number): Promise<NewsletterStats | null> {
  const [send] = await db.select({ id: newsletterSends.id }).from(newsletterSends).where(eq(newsletterSends.postId, postId));
  if (!send) return null;
  const rows = await db
    .select({ status: newsletterDeliveries.status, unsubscribed: sql<number>`${subscribers.status} = 'unsubscribed'`, n: count() })
    .from(newsletterDeliveries)
    .leftJoin(subscribers, eq(subscribers.id, newsletterDeliveries.subscriberId))
    .where(eq(newsletterDeliveries.sendId, send.id))
    .groupBy(newsletterDeliveries.status, sql`2`);
  const stats: NewsletterStats = { sent: 0, failed: 0, unsubscribed: 0 };
  for (const r of rows) {
    if (r.status === 'sent') stats.sent += r.n;
    if (r.status === 'failed') stats.failed += r.n;
    if (r.status === 'sent' && r.unsubscribed) stats.unsubscribed += r.n;
  }
  return stats;
}
