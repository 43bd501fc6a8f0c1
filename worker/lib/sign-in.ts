// Starting and ending sessions: the one place that pairs the sessions row with the cookie.
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { createSession, deleteSession } from '../queries/sessions';
import { clearSessionCookie, writeSessionCookie } from './session-cookie';
import { hashSessionToken, newSessionToken } from './session-token';

export async function startSession(c: Context<AppEnv>, userId: number): Promise<void> {
  const token = newSessionToken();
  await createSession(c.var.db, {
    userId,
    secretHash: await hashSessionToken(token),
    userAgent: c.req.header('user-agent') ?? '',
    now: Date.now(),
  });
  await writeSessionCookie(c, token);
}

export async function endSession(c: Context<AppEnv>): Promise<void> {
  const sessionId = c.var.sessionId;
  if (sessionId !== null) await deleteSession(c.var.db, sessionId);
  clearSessionCookie(c);
}
