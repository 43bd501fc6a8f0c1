// Starting and ending sessions: the one place that pairs the sessions row with the cookie (and marks the device).
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { createSession, deleteSession, type NewSession } from '../queries/sessions';
import { rememberDevice } from '../lib/device-cookie';
import { clearSessionCookie, writeSessionCookie } from '../lib/session-cookie';
import { hashSessionToken, newSessionToken } from '../lib/session-token';

/** A new session for the user not yet stored: its row (to write, alone or in a batch) and its token. */
export interface PendingSession {
  row: NewSession;
  token: string;
}

export async function newSession<E extends AppEnv>(c: Context<E>, userId: number, now = Date.now()): Promise<PendingSession> {
  const token = newSessionToken();
  return {
    token,
    row: { userId, secretHash: await hashSessionToken(token), userAgent: c.req.header('user-agent') ?? '', now },
  };
}

/** Hands the client the cookie of a session whose row has been stored. */
export const sendSessionCookie = <E extends AppEnv>(c: Context<E>, session: PendingSession): Promise<void> =>
  writeSessionCookie(c, session.token);

/** Signs the browser in: a new session, its cookie, and the device cookie naming the account (decision 026). */
export async function startSession(c: Context<AppEnv>, userId: number): Promise<void> {
  const session = await newSession(c, userId);
  await createSession(c.var.db, session.row);
  await sendSessionCookie(c, session);
  await rememberDevice(c, userId);
}

export async function endSession(c: Context<AppEnv>): Promise<void> {
  const sessionId = c.var.sessionId;
  if (sessionId !== null) await deleteSession(c.var.db, sessionId);
  clearSessionCookie(c);
}
