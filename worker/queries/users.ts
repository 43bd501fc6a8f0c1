// Data access for accounts.
import { eq, or } from 'drizzle-orm';
import { toRole, type CurrentUser, type Role } from '../../contracts/roles';
import { users } from '../db/schema';
import type { Db, SessionUser } from '../env';
import { conflict, uniqueViolationOf, type HttpError } from '../lib/http-error';

export type UserRow = typeof users.$inferSelect;

export function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: or(eq(users.username, login), eq(users.email, login)) });
}

export async function insertUser(
  db: Db,
  input: { username: string; name: string; email: string; passwordHash: string; role: Role; bio?: string },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(input).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export function toCurrentUser(u: Pick<SessionUser, 'name' | 'username' | 'bio' | 'image' | 'role'>): CurrentUser {
  return { name: u.name, username: u.username, bio: u.bio, image: u.image, role: toRole(u.role) };
}

const TAKEN = { username: 'That username is taken', email: 'That email is already registered' } as const;

/** A UNIQUE violation on users as the 409 naming the field (username or email); null for any other error. */
export function accountTakenConflict(err: unknown): HttpError | null {
  const column = uniqueViolationOf(err);
  if (column === null) return null;
  const field = column.includes('email') ? 'email' : 'username';
  return conflict(TAKEN[field], { [field]: TAKEN[field] });
}
