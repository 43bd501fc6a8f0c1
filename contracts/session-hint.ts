// The readable companion of the HttpOnly session cookie. The browser cannot see the session cookie, so
// the Worker sets this one beside it (same lifetime, cleared with it): without it no session can exist,
// and the client need not ask /api/verify about a page the server rendered for a visitor. It grants
// nothing; a forged or stale one only costs a verification. See docs/decisions/011-client-bytes.md.
export const SESSION_HINT_COOKIE = 'byline_signed_in';

/** True when a `Cookie` header (or `document.cookie`) carries the session hint. */
export function hasSessionHint(cookies: string): boolean {
  return cookies.split(';').some((pair) => pair.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}
