// Data access for password reset links: only token hashes are stored; a link is live while unused,
// unexpired and its account enabled. Every write that depends on a link being live checks it in the same
// atomic batch, so two uses of one link can never both succeed.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { passwordResets, sessions, users } from '../db/schema';
import type { Db } from '../env';
import { liveLink, newLinkValues } from './mailed-links';

export interface ResetRecipient {
  id: number;
  name: string;
  email: string;
}

const recipientColumns = { id: users.id, name: users.name, email: users.email };

/**
 * Stores a reset link for the enabled account with this email, if there is one, and answers its
 * recipient (or null). The same two statements run in one round trip whether or not the account
 * exists, so the time taken does not tell.
 */
export async function createResetForEmail(
  db: Db,
  input: { email: string; tokenHash: string; now: number; ttlMs: number },
): Promise<ResetRecipient | null> {
  const enabledWithEmail = and(eq(users.email, input.email), isNull(users.disabledAt));
  const [found] = await db.batch([
    db.select(recipientColumns).from(users).where(enabledWithEmail).limit(1),
    db.insert(passwordResets).select(
      db
        .select({
          // drizzle's insert-select names every column, in table order; a NULL id is the next rowid.
          id: sql`NULL`.as('id'),
          userId: users.id,
          tokenHash: sql`${input.tokenHash}`.as('token_hash'),
          expiresAt: sql`${input.now + input.ttlMs}`.as('expires_at'),
          usedAt: sql`NULL`.as('used_at'),
          createdAt: sql`${input.now}`.as('created_at'),
        })
        .from(users)
        .where(enabledWithEmail),
    ),
  ]);
  return found[0] ?? null;
}

/** Stores a reset link for the account (an admin's "send a reset link"). */
export async function createResetForUser(db: Db, input: { userId: number; tokenHash: string; now: number; ttlMs: number }): Promise<void> {
  await db.insert(passwordResets).values(newLinkValues(input));
}

const liveReset = (tokenHash: string, now: number) => liveLink(passwordResets, tokenHash, now);

/** The account a live link belongs to (for the password rules and the "password changed" mail), or null. */
export async function findResetAccount(db: Db, tokenHash: string, now: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username, name: users.name, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(liveReset(tokenHash, now))
    .limit(1);
  return row ?? null;
}

/**
 * Uses a live link: in one atomic batch sets the password, ends every session of the account, marks this
 * link and every other open link of the account used. Answers the account's id, or null when the link was
 * not live (then nothing changed).
 */
export async function useReset(db: Db, input: { tokenHash: string; passwordHash: string; now: number }): Promise<number | null> {
  const at = new Date(input.now);
  const owner = sql`(SELECT ${passwordResets.userId} FROM ${passwordResets} WHERE ${liveReset(input.tokenHash, input.now)})`;
  // After the claim below, the link is no longer live; this names its owner only if this batch claimed it.
  const claimedBy = sql`(SELECT ${passwordResets.userId} FROM ${passwordResets} WHERE ${passwordResets.tokenHash} = ${input.tokenHash} AND ${passwordResets.usedAt} = ${input.now})`;
  const [, , claimed] = await db.batch([
    db.update(users).set({ passwordHash: input.passwordHash, updatedAt: at }).where(eq(users.id, owner)),
    db.delete(sessions).where(eq(sessions.userId, owner)),
    db
      .update(passwordResets)
      .set({ usedAt: at })
      .where(liveReset(input.tokenHash, input.now))
      .returning({ userId: passwordResets.userId }),
    db
      .update(passwordResets)
      .set({ usedAt: at })
      .where(and(eq(passwordResets.userId, claimedBy), isNull(passwordResets.usedAt))),
  ]);
  return claimed[0]?.userId ?? null;
}

/** Marks every open link of the account used: after a new password or email, older links must not work. */
export const closeResetsQuery = (db: Db, userId: number, now: number) =>
  db
    .update(passwordResets)
    .set({ usedAt: new Date(now) })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
