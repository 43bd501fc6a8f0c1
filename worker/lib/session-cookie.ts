// The session cookie: a signed, HttpOnly, SameSite=Lax cookie holding the opaque session id; and its
// readable hint (contracts/session-hint.ts), written and cleared with it.
import type { Context } from 'hono';
import { deleteCookie, getSignedCookie, setCookie, setSignedCookie } from 'hono/cookie';
import { hasSessionHint, SESSION_HINT_COOKIE } from '../../contracts/session-hint';
import type { AppEnv } from '../env';
import { SESSION_TTL_MS } from './session-token';

/** The cookie's name; `__Host-` is prefixed to it outside localhost. */
export const SESSION_COOKIE_NAME = 'byline_session';

// Browsers refuse Secure cookies on plain-http localhost; everywhere else the cookie is __Host- and Secure.
export function isSecureOrigin(c: Pick<Context, 'req'>): boolean {
  const { hostname } = new URL(c.req.url);
  return !(hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]');
}

/** A signed cookie of ours (`__Host-` outside localhost): its value, or null when absent, malformed or badly signed. */
export async function readSignedCookie(c: Context, secret: string, name: string): Promise<string | null> {
  const value = isSecureOrigin(c) ? await getSignedCookie(c, secret, name, 'host') : await getSignedCookie(c, secret, name);
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** Sets a signed, HttpOnly, SameSite=Lax cookie of ours for `ttlMs` (`__Host-` and Secure outside localhost). */
export async function writeSignedCookie(c: Context, name: string, value: string, secret: string, ttlMs: number): Promise<void> {
  const secure = isSecureOrigin(c);
  await setSignedCookie(c, name, value, secret, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure,
    maxAge: Math.floor(ttlMs / 1000),
    ...(secure ? { prefix: 'host' as const } : {}),
  });
}

/** The session id from the cookie, or null when it is absent, malformed or its signature is bad. */
export const readSessionCookie = (c: Context<AppEnv>): Promise<string | null> => readSignedCookie(c, c.env.SESSION_SECRET, SESSION_COOKIE_NAME);

// Generic over the env so routes behind a guard (which narrows AppEnv) can start sessions too.
export async function writeSessionCookie<E extends AppEnv>(c: Context<E>, token: string): Promise<void> {
  await writeSignedCookie(c, SESSION_COOKIE_NAME, token, c.env.SESSION_SECRET, SESSION_TTL_MS);
  writeSessionHint(c);
}

/** Tells the browser a session cookie may exist (it cannot read the HttpOnly one); same lifetime. */
export function writeSessionHint<E extends AppEnv>(c: Context<E>): void {
  setCookie(c, SESSION_HINT_COOKIE, '1', {
    sameSite: 'Lax',
    path: '/',
    secure: isSecureOrigin(c),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionHint<E extends AppEnv>(c: Context<E>): void {
  deleteCookie(c, SESSION_HINT_COOKIE, { path: '/', secure: isSecureOrigin(c) });
}

export const readSessionHint = (c: Context<AppEnv>): boolean => hasSessionHint(c.req.header('cookie') ?? '');

export function clearSessionCookie<E extends AppEnv>(c: Context<E>): void {
  const secure = isSecureOrigin(c);
  deleteCookie(c, SESSION_COOKIE_NAME, { path: '/', secure, ...(secure ? { prefix: 'host' as const } : {}) });
  clearSessionHint(c);
}
