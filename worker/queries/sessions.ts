// Data access for sessions: the row, not the cookie, decides whether a session is alive.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { sessions, users } from '../db/schema';
import type { Db, SessionUser } from '../env';
import { SESSION_TTL_MS } from '../lib/session-token';

export interface NewSession {
  userId: number;
  secretHash: string;
  userAgent: string;
  now: number;
}

/** The insert of a new sessions row, to run or to batch with other writes. */
export const insertSessionQuery = (db: Db, input: NewSession) =>
  db.insert(sessions).values({
    userId: input.userId,
    secretHash: input.secretHash,
    userAgent: input.userAgent.slice(0, 400),
    lastSeenAt: new Date(input.now),
    expiresAt: new Date(input.now + SESSION_TTL_MS),
  });

export async function createSession(db: Db, input: NewSession): Promise<void> {
  await insertSessionQuery(db, input);
}

export interface LiveSession {
  sessionId: number;
  lastSeenAt: Date;
  user: SessionUser;
}

/** The live session for a hashed id: not expired, and its user not disabled. */
export async function findLiveSession(db: Db, secretHash: string, now: number): Promise<LiveSession | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      username: users.username,
      name: users.name,
      email: users.email,
      bio: users.bio,
      image: users.image,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.secretHash, secretHash), gt(sessions.expiresAt, new Date(now)), isNull(users.disabledAt)))
    .limit(1);
  if (!row) return null;
  const { sessionId, lastSeenAt, ...user } = row;
  return { sessionId, lastSeenAt, user };
}

export async function extendSession(db: Db, sessionId: number, now: number): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + SESSION_TTL_MS) })
    .where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
