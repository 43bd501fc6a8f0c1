// D1's read replicas through the Sessions API (product.md §17; docs/decisions/058-d1-sessions-and-outage.md).
// Every request reads and writes through one session. A visitor's reads may go to any replica; a request that
// writes, or a signed-in one without a bookmark, starts at the primary; a signed-in browser carries its last
// session's bookmark in a cookie for a few minutes, so its next requests read at least what it wrote (and
// anything it read), wherever they are answered.
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import { hasSessionCookie, isUnsafeMethod } from './edge-cache-policy';
import { isSecureOrigin } from './session-cookie';

/** The cookie holding the last bookmark of a browser that wrote or is signed in. */
export const BOOKMARK_COOKIE = 'byline_d1_bookmark';
/** Replicas catch up within seconds; after this the browser reads like any other until it writes again. */
export const BOOKMARK_TTL_SECONDS = 5 * 60;

// D1 bookmarks are groups of hex digits joined by dashes (locally `00000000-00000015-00000000-000…`). A value
// of any other shape is ignored: it never reaches `withSession`.
const BOOKMARK_SHAPE = /^[0-9a-f]{1,32}(?:-[0-9a-f]{1,32}){1,7}$/i;

/** The bookmark the request's cookie carries, or null when it carries none or one of the wrong shape. */
export function sentBookmark(c: Context<AppEnv>): string | null {
  const value = getCookie(c, BOOKMARK_COOKIE);
  return value !== undefined && BOOKMARK_SHAPE.test(value) ? value : null;
}

/**
 * Where the request's session starts: a write, or a signed-in request without a bookmark, at the primary
 * (the latest data); any other request at its bookmark, or anywhere when it has none.
 */
export function sessionStart(c: Context<AppEnv>, bookmark: string | null): D1SessionConstraint | D1SessionBookmark {
  if (isUnsafeMethod(c.req.method)) return 'first-primary';
  if (bookmark) return bookmark;
  return hasSessionCookie(c.req.header('cookie')) ? 'first-primary' : 'first-unconstrained';
}

/**
 * After a signed-in request that was not a server error, the browser gets the session's bookmark (only when
 * it moved, so most reads set no cookie). Anonymous requests never do, writes included: a bookmark names a
 * position in D1's log, so one given after a password-reset request or a login attempt would tell whether a
 * row was written (whether the account exists), where those answers are kept identical (security.md). Their
 * next request, signed in or not, reads its writes anyway: it starts at the primary when signed in, and an
 * anonymous write shows the writer nothing of its own to read back.
 */
export function keepBookmark(c: Context<AppEnv>, sent: string | null, bookmark: string | null): void {
  if (!c.var.user || bookmark === null || bookmark === sent || c.res.status >= 500) return;
  setCookie(c, BOOKMARK_COOKIE, bookmark, {
    httpOnly: true,
    secure: isSecureOrigin(c),
    sameSite: 'Lax',
    path: '/',
    maxAge: BOOKMARK_TTL_SECONDS,
  });
}
