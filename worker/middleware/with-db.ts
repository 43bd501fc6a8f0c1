// The request's db: drizzle on one D1 session (lib/d1-bookmark.ts), guarded so that D1 failing answers 503
// (db/d1-outage.ts). After the request, a browser that wrote or is signed in gets the session's bookmark.
import { createMiddleware } from 'hono/factory';
import { requestDb } from '../db/client';
import type { AppEnv } from '../env';
import { keepBookmark, sentBookmark, sessionStart } from '../lib/d1-bookmark';

export const withDb = createMiddleware<AppEnv>(async (c, next) => {
  const sent = sentBookmark(c);
  const session = c.env.DB.withSession(sessionStart(c, sent));
  c.set('db', requestDb(session));
  await next();
  keepBookmark(c, sent, session.getBookmark());
});
