// The session cookie: a signed, HttpOnly, SameSite=Lax cookie holding the opaque session id.
import type { Context } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import { SESSION_TTL_MS } from './session-token';

const NAME = 'byline_session';

// Browsers refuse Secure cookies on plain-http localhost; everywhere else the cookie is __Host- and Secure.
function isSecureOrigin(c: Pick<Context, 'req'>): boolean {
  const { hostname } = new URL(c.req.url);
  return !(hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]');
}

/** The session id from the cookie, or null when it is absent, malformed or its signature is bad. */
export async function readSessionCookie(c: Context<AppEnv>): Promise<string | null> {
  const value = isSecureOrigin(c)
    ? await getSignedCookie(c, c.env.SESSION_SECRET, NAME, 'host')
    : await getSignedCookie(c, c.env.SESSION_SECRET, NAME);
  return typeof value === 'string' && value.length > 0 ? value : null;
}

// Generic over the env so routes behind a guard (which narrows AppEnv) can start sessions too.
export async function writeSessionCookie<E extends AppEnv>(c: Context<E>, token: string): Promise<void> {
  const secure = isSecureOrigin(c);
  await setSignedCookie(c, NAME, token, c.env.SESSION_SECRET, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
    ...(secure ? { prefix: 'host' as const } : {}),
  });
}

export function clearSessionCookie<E extends AppEnv>(c: Context<E>): void {
  const secure = isSecureOrigin(c);
  deleteCookie(c, NAME, { path: '/', secure, ...(secure ? { prefix: 'host' as const } : {}) });
}
