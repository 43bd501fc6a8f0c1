// Data access for sessions: the row, not the cookie, decides whether a session is alive.
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
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

/** The user's live sessions for their profile, most recently seen first (the sessions_user_idx finds them). */
export async function listSessionsOfUser(db: Db, userId: number, now: number) {
  return db
    .select({
      sessionId: sessions.id,
      publicId: sessions.publicId,
      userAgent: sessions.userAgent,
      lastSeenAt: sessions.lastSeenAt,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date(now))))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Ends the user's session with this public id; answers its row id, or null when the user has no such session. */
export async function deleteSessionOfUser(db: Db, userId: number, publicId: string): Promise<number | null> {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.id });
  return row?.id ?? null;
}

/** "Log out everywhere else": every session of the user but this one ends. */
export async function deleteOtherSessions(db: Db, userId: number, keepSessionId: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}
