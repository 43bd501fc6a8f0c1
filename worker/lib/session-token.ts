// Session ids: 256 random bits, purpose-prefixed; only their SHA-256 is stored.
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_REFRESH_AFTER_MS = 60 * 60 * 1000; // slide the expiry at most hourly
const PREFIX = 'sess_';

export function newSessionToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const b64 = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return PREFIX + b64;
}

export const isWellFormedSessionToken = (token: string): boolean => /^sess_[A-Za-z0-9_-]{43}$/.test(token);

export async function hashSessionToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
