// Data access for email changes waiting for confirmation (product.md §11): only the SHA-256 of the token
// mailed to the new address is kept; a change is live while unused, unexpired and its account enabled. The
// write that makes it checks that in the same atomic batch, so one link can never change the address twice.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { emailChanges, users } from '../db/schema';
import type { Db } from '../env';
import { liveLink, newLinkValues } from './mailed-links';
import { closeResetsQuery } from './password-resets';
import { takenAccountField } from './users';

const closeEmailChangesQuery = (db: Db, userId: number, now: number) =>
  db
    .update(emailChanges)
    .set({ usedAt: new Date(now) })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));

/** Stores the requested change; one waits per account at a time, so an older link stops working. */
export async function createEmailChange(
  db: Db,
  input: { userId: number; newEmail: string; tokenHash: string; now: number; ttlMs: number },
): Promise<void> {
  await db.batch([
    closeEmailChangesQuery(db, input.userId, input.now),
    db.insert(emailChanges).values({ ...newLinkValues(input), newEmail: input.newEmail }),
  ]);
}

const liveChange = (tokenHash: string, now: number) => liveLink(emailChanges, tokenHash, now);

export interface ConfirmedEmailChange {
  userId: number;
  name: string;
  oldEmail: string;
  newEmail: string;
}

/**
 * Makes a live change: in one atomic batch sets the account's email, marks this link and every other open
 * one of the account used, and closes its reset links (they went to the old address). Answers what changed,
 * or null when the link was not live (unknown, used, expired, disabled account) or the address was taken
 * meanwhile — then nothing changed.
 */
export async function confirmEmailChange(db: Db, input: { tokenHash: string; now: number }): Promise<ConfirmedEmailChange | null> {
  const [found] = await db
    .select({ userId: users.id, name: users.name, oldEmail: users.email, newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .innerJoin(users, eq(users.id, emailChanges.userId))
    .where(liveChange(input.tokenHash, input.now))
    .limit(1);
  if (!found) return null;
  const at = new Date(input.now);
  const stillLive = sql`EXISTS (SELECT 1 FROM ${emailChanges} WHERE ${liveChange(input.tokenHash, input.now)})`;
  try {
    const [changed] = await db.batch([
      db
        .update(users)
        .set({ email: found.newEmail, updatedAt: at })
        .where(and(eq(users.id, found.userId), stillLive))
        .returning({ id: users.id }),
      db.update(emailChanges).set({ usedAt: at }).where(liveChange(input.tokenHash, input.now)),
      closeEmailChangesQuery(db, found.userId, input.now),
      closeResetsQuery(db, found.userId, input.now),
    ]);
    return changed.length > 0 ? found : null;
  } catch (err) {
    if (takenAccountField(err) === 'email') return null; // taken by another account since the request
    throw err;
  }
}
