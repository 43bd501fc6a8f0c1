// Sets c.var.user from the session cookie, or null; never rejects. The D1 row decides, every request.
// It also keeps the one caching rule for session-dependent answers (see privateAnswer below).
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { extendSession, findLiveSession } from '../queries/sessions';
import {
  clearSessionCookie,
  clearSessionHint,
  readSessionCookie,
  readSessionHint,
  writeSessionCookie,
  writeSessionHint,
} from '../lib/session-cookie';
import { isAlwaysPrivatePath } from '../lib/edge-cache-policy';
import { hashSessionToken, isWellFormedSessionToken, SESSION_REFRESH_AFTER_MS } from '../lib/session-token';

export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * An answer that depends on the session is never stored by any cache: every answer to a request
 * that carried a session cookie (live or not), and every answer of the account endpoints (the route table's
 * private API entries).
 */
const privateAnswer = (cookieRead: boolean, path: string): boolean => cookieRead || isAlwaysPrivatePath(path);

export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  c.set('sessionId', null);
  const token = await readSessionCookie(c);
  if (token !== null) {
    const live = isWellFormedSessionToken(token)
      ? await findLiveSession(c.var.db, await hashSessionToken(token), Date.now())
      : null;
    if (live) {
      c.set('user', live.user);
      c.set('sessionId', live.sessionId);
      const now = Date.now();
      if (now - live.lastSeenAt.getTime() > SESSION_REFRESH_AFTER_MS) {
        await extendSession(c.var.db, live.sessionId, now);
        await writeSessionCookie(c, token);
      } else if (!readSessionHint(c)) {
        writeSessionHint(c); // a session started before the hint existed, or a browser that dropped it
      }
    } else {
      clearSessionCookie(c);
    }
  } else if (readSessionHint(c)) {
    clearSessionHint(c); // the session cookie is gone: the hint must not send the client asking
  }
  await next();
  if (privateAnswer(token !== null, c.req.path)) c.header('Cache-Control', PRIVATE_NO_STORE);
});
