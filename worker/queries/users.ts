// Data access for accounts.
import { and, eq, ne, or } from 'drizzle-orm';
import { toRole, type CurrentUser, type Role } from '../../contracts/roles';
import { users } from '../db/schema';
import type { Db, SessionUser } from '../env';
import { uniqueViolationOf } from '../db/constraint-failure';

export type UserRow = typeof users.$inferSelect;

export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(or(eq(users.username, login), eq(users.email, login))).limit(1);
  return row;
}

/** The columns a new account is written with (register, the admin's create, the import). */
export interface NewUserRow {
  username: string;
  name: string;
  email: string;
  passwordHash: string;
  role: Role;
  bio?: string;
  image?: string | null;
  disabledAt?: Date | null;
}

/** The INSERT of one account, answering its row: awaited alone, or one statement of a batch. */
export const insertUserQuery = (db: Db, input: NewUserRow) => db.insert(users).values(input).returning();

export async function insertUser(db: Db, input: NewUserRow): Promise<UserRow> {
  const [row] = await insertUserQuery(db, input);
  if (!row) throw new Error('insert returned no row');
  return row;
}

export function toCurrentUser(u: Pick<SessionUser, 'name' | 'username' | 'bio' | 'image' | 'role'>): CurrentUser {
  return { name: u.name, username: u.username, bio: u.bio, image: u.image, role: toRole(u.role) };
}

/** The account field a UNIQUE violation on users names (username or email); null for any other error. */
export function takenAccountField(err: unknown): 'username' | 'email' | null {
  const column = uniqueViolationOf(err);
  if (column === null) return null;
  return column.includes('email') ? 'email' : 'username';
}

/** Whether another account than `exceptUserId` has this (lower-cased) email. */
export async function isEmailTaken(db: Db, email: string, exceptUserId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email), ne(users.id, exceptUserId))).limit(1);
  return row !== undefined;
}
