// What the tables of mailed links (password_resets, email_changes) share: a row per link holding only the
// token's hash, live while unused, unexpired and its account enabled.
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { users } from '../db/schema';

interface MailedLinkColumns {
  userId: AnySQLiteColumn;
  tokenHash: AnySQLiteColumn;
  expiresAt: AnySQLiteColumn;
  usedAt: AnySQLiteColumn;
}

/** The condition that the link with this token hash is live. */
export const liveLink = (link: MailedLinkColumns, tokenHash: string, now: number) =>
  and(
    eq(link.tokenHash, tokenHash),
    isNull(link.usedAt),
    gt(link.expiresAt, new Date(now)),
    inArray(link.userId, sql`(SELECT ${users.id} FROM ${users} WHERE ${users.disabledAt} IS NULL)`),
  );

/** The columns of a new link row, valid for `ttlMs` from `now`. */
export const newLinkValues = (input: { userId: number; tokenHash: string; now: number; ttlMs: number }) => ({
  userId: input.userId,
  tokenHash: input.tokenHash,
  expiresAt: new Date(input.now + input.ttlMs),
  createdAt: new Date(input.now),
});
