// Data access for subscribers (migration 0027, decision 069): subscribing, confirming and unsubscribing. Each
// is one statement, so two requests at once can never leave an address in two rows or a link used twice.
import { and, eq, lte, ne, sql } from 'drizzle-orm';
import { emailKey } from '../../contracts/newsletter';
import { subscribers } from '../db/schema';
import type { Db } from '../env';

/**
 * Asks for a confirmation link for `email`: a new address becomes a pending row, a pending or unsubscribed one
 * gets a new link (the old one stops working); an active one is left alone. Answers the row to mail the link
 * to, or null when no mail should go (already active).
 */
export async function requestSubscription(
  db: Db,
  input: { email: string; tokenHash: string; now: number; ttlMs: number },
): Promise<{ id: number; email: string } | null> {
  const expiresAt = new Date(input.now + input.ttlMs);
  const [row] = await db
    .insert(subscribers)
    .values({
      email: input.email,
      emailKey: emailKey(input.email),
      status: 'pending',
      source: 'form',
      confirmTokenHash: input.tokenHash,
      confirmExpiresAt: expiresAt,
      createdAt: new Date(input.now),
    })
    .onConflictDoUpdate({
      target: subscribers.emailKey,
      set: { confirmTokenHash: input.tokenHash, confirmExpiresAt: expiresAt },
      setWhere: ne(subscribers.status, 'active'),
    })
    .returning({ id: subscribers.id, email: subscribers.email });
  return row ?? null;
}

/** Uses a confirmation link: its row becomes active and the link is spent. Null when unknown, used or expired. */
export async function confirmSubscription(db: Db, input: { tokenHash: string; now: number }): Promise<{ id: number } | null> {
  const [row] = await db
    .update(subscribers)
    .set({ status: 'active', confirmedAt: new Date(input.now), unsubscribedAt: null, confirmTokenHash: null, confirmExpiresAt: null })
    .where(and(eq(subscribers.confirmTokenHash, input.tokenHash), sql`${subscribers.confirmExpiresAt} > ${input.now}`))
    .returning({ id: subscribers.id });
  return row ?? null;
}

/** Unsubscribes the subscriber `id` (an unsubscribed one keeps its date); false when there is no such subscriber. */
export async function unsubscribe(db: Db, input: { id: number; now: number }): Promise<boolean> {
  const [row] = await db
    .update(subscribers)
    .set({
      status: 'unsubscribed',
      unsubscribedAt: sql`coalesce(${subscribers.unsubscribedAt}, ${input.now})`,
      confirmTokenHash: null,
      confirmExpiresAt: null,
    })
    .where(eq(subscribers.id, input.id))
    .returning({ id: subscribers.id });
  return row !== undefined;
}

/** The pending rows whose link expired (the cron's delete; a range of subscribers_confirm_expires_idx). */
export const deleteExpiredPending = (db: Db, now: number) =>
  db.delete(subscribers).where(and(lte(subscribers.confirmExpiresAt, new Date(now)), eq(subscribers.status, 'pending')));
