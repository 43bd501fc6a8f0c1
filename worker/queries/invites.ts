// Data access for invites (migration 0020, decision 055): a row is a pending invite holding only its link
// token's hash. Accepting claims the row in the same atomic batch that creates the account, so one link can
// never make two accounts; revoking deletes it.
import { and, count, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { toRole, type Role } from '../../contracts/roles';
import type { Invite } from '../../contracts/invites';
import type { ListPage } from '../../contracts/list-page';
import { invites, users } from '../db/schema';
import type { Db } from '../env';
import { pageOffset, toListPage, type PageRequest } from './list-page';

export interface InviteRow {
  id: number;
  email: string;
  role: Role;
  expiresAt: Date;
}

const rowColumns = { id: invites.id, email: invites.email, role: invites.role, expiresAt: invites.expiresAt };
const asRow = (r: { id: number; email: string; role: number; expiresAt: Date }): InviteRow => ({ ...r, role: toRole(r.role) });

const liveInvite = (tokenHash: string, now: number) => and(eq(invites.tokenHash, tokenHash), gt(invites.expiresAt, new Date(now)));

/**
 * Stores an invite for `email`, replacing an expired one to the same address (in the same batch). A pending
 * one refuses it: the UNIQUE email index throws, which the caller answers as 409.
 */
export async function insertInvite(
  db: Db,
  input: { email: string; role: Role; tokenHash: string; invitedBy: number; now: number; ttlMs: number },
): Promise<InviteRow> {
  const [, inserted] = await db.batch([
    db.delete(invites).where(and(eq(invites.email, input.email), lte(invites.expiresAt, new Date(input.now)))),
    db
      .insert(invites)
      .values({
        email: input.email,
        role: input.role,
        tokenHash: input.tokenHash,
        invitedBy: input.invitedBy,
        createdAt: new Date(input.now),
        expiresAt: new Date(input.now + input.ttlMs),
      })
      .returning(rowColumns),
  ]);
  return asRow(inserted[0]!);
}

/** One page of the pending invites (expired ones too, until resent or revoked), newest first, with who sent each. */
export async function listInvites(db: Db, p: PageRequest & { now: number }): Promise<ListPage<Invite>> {
  const [rows, total] = await db.batch([
    db
      .select({ ...rowColumns, createdAt: invites.createdAt, inviterUsername: users.username, inviterName: users.name })
      .from(invites)
      .innerJoin(users, eq(users.id, invites.invitedBy))
      .orderBy(desc(invites.createdAt), desc(invites.id))
      .limit(p.pageSize)
      .offset(pageOffset(p)),
    db.select({ n: count() }).from(invites),
  ]);
  const items = rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: toRole(r.role),
    expiresAt: r.expiresAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    expired: r.expiresAt.getTime() <= p.now,
    invitedBy: { username: r.inviterUsername, name: r.inviterName },
  }));
  return toListPage(items, total, p);
}

export async function findInvite(db: Db, id: number): Promise<InviteRow | null> {
  const [row] = await db.select(rowColumns).from(invites).where(eq(invites.id, id)).limit(1);
  return row ? asRow(row) : null;
}

/** The live invite a link's token hash names (unexpired, not used or revoked), or null. */
export async function findLiveInvite(db: Db, tokenHash: string, now: number): Promise<InviteRow | null> {
  const [row] = await db.select(rowColumns).from(invites).where(liveInvite(tokenHash, now)).limit(1);
  return row ? asRow(row) : null;
}

/** Revokes an invite: true when there was one. */
export async function deleteInvite(db: Db, id: number): Promise<boolean> {
  const deleted = await db.delete(invites).where(eq(invites.id, id)).returning({ id: invites.id });
  return deleted.length > 0;
}

/** A resend: a new token (the old link stops working) and a new expiry; null when the invite is gone. */
export async function renewInvite(db: Db, input: { id: number; tokenHash: string; now: number; ttlMs: number }): Promise<InviteRow | null> {
  const [row] = await db
    .update(invites)
    .set({ tokenHash: input.tokenHash, expiresAt: new Date(input.now + input.ttlMs) })
    .where(eq(invites.id, input.id))
    .returning(rowColumns);
  return row ? asRow(row) : null;
}

/**
 * Accepts a live invite: in one atomic batch creates the account with the invite's email and role (only if
 * the invite is live) and deletes the invite. Answers the new account, or null when the link was not
 * live (then nothing changed). A taken username (or an email registered meanwhile) throws the UNIQUE
 * violation, and the batch leaves the invite as it was.
 */
export async function acceptInvite(
  db: Db,
  input: { tokenHash: string; now: number; username: string; name: string; passwordHash: string },
): Promise<typeof users.$inferSelect | null> {
  const [claimed] = await db.batch([
    db
      .insert(users)
      .select(
        db
          .select({
            // drizzle's insert-select names every column, in table order; a NULL id is the next rowid.
            id: sql`NULL`.as('id'),
            username: sql`${input.username}`.as('username'),
            name: sql`${input.name}`.as('name'),
            email: invites.email,
            passwordHash: sql`${input.passwordHash}`.as('password_hash'),
            bio: sql`''`.as('bio'),
            image: sql`NULL`.as('image'),
            role: invites.role,
            disabledAt: sql`NULL`.as('disabled_at'),
            createdAt: sql`${input.now}`.as('created_at'),
            updatedAt: sql`${input.now}`.as('updated_at'),
          })
          .from(invites)
          .where(liveInvite(input.tokenHash, input.now)),
      )
      .returning(),
    db.delete(invites).where(liveInvite(input.tokenHash, input.now)),
  ]);
  return claimed[0] ?? null;
}
