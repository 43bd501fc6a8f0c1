// What the cron deletes (decision 059): rows no request can use any more. Each delete reads one range of an
// index on its expiry column (migration 0021), so a run costs the rows it removes, not the tables' sizes.
import { lte, sql } from 'drizzle-orm';
import { REVISIONS_KEPT } from '../../contracts/limits';
import { deviceCodes, emailChanges, invites, loginAttempts, passwordResets, postRevisions, sessions } from '../db/schema';
import type { Db } from '../env';
import { LONGEST_THROTTLE_WINDOW_MS } from '../queries/login-attempts';
import { deleteExpiredPending } from '../queries/subscribers';

/**
 * Expired invites stay listed on /admin/users (marked expired) so an admin can resend or revoke them
 * (decision 055); the cron removes only those left alone this long after expiring.
 */
export const EXPIRED_INVITES_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** The deletes of expired rows, one atomic batch: sessions, login counters, reset and email-change tokens, invites, device codes, unconfirmed subscribers. */
export function deleteExpiredRows(db: Db, now: number) {
  const at = (ms: number) => new Date(ms);
  return db.batch([
    db.delete(sessions).where(lte(sessions.expiresAt, at(now))),
    // A counter whose window has passed counts from 1 again when next used: the row carries nothing.
    db.delete(loginAttempts).where(lte(loginAttempts.windowStart, at(now - LONGEST_THROTTLE_WINDOW_MS))),
    db.delete(passwordResets).where(lte(passwordResets.expiresAt, at(now))),
    db.delete(emailChanges).where(lte(emailChanges.expiresAt, at(now))),
    db.delete(invites).where(lte(invites.expiresAt, at(now - EXPIRED_INVITES_KEPT_MS))),
    db.delete(deviceCodes).where(lte(deviceCodes.expiresAt, at(now))),
    // Subscribers who never used their confirmation link (decision 069).
    deleteExpiredPending(db, now),
  ]);
}

/**
 * Keeps the newest REVISIONS_KEPT revisions of each post. Every update already drops the older ones in its own
 * batch (queries/revisions.ts), so this only enforces the cap on rows written before it or by hand: it walks
 * the covering index post_revisions_post_idx once, which is why it runs daily, not every minute.
 */
export function pruneRevisions(db: Db) {
  const overCap = sql`SELECT ${postRevisions.postId} FROM ${postRevisions} GROUP BY ${postRevisions.postId} HAVING count(*) > ${REVISIONS_KEPT}`;
  const oldestKept = sql`(SELECT r.id FROM post_revisions AS r WHERE r.post_id = ${postRevisions.postId} ORDER BY r.id DESC LIMIT 1 OFFSET ${REVISIONS_KEPT - 1})`;
  return db.delete(postRevisions).where(sql`${postRevisions.postId} IN (${overCap}) AND ${postRevisions.id} < ${oldestKept}`);
}
