// Random bearer tokens (session ids, password-reset and email-change tokens): 256 random bits, purpose-prefixed; only
// their SHA-256 is stored.
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_REFRESH_AFTER_MS = 60 * 60 * 1000; // slide the expiry at most hourly
const PREFIX = 'sess_';

/** `prefix` + 32 random bytes in base64url (43 characters). */
export function newRandomToken(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const b64 = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return prefix + b64;
}

export const newSessionToken = (): string => newRandomToken(PREFIX);

export const isWellFormedSessionToken = (token: string): boolean => /^sess_[A-Za-z0-9_-]{43}$/.test(token);

/** Bytes as lower-case hex: how the database keeps a digest. */
export const toHex = (bytes: ArrayBuffer): string => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The hex SHA-256 of a token: what the database keeps instead of the token. */
export async function hashToken(token: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
}

export const hashSessionToken = hashToken;

/** A new link token (reset, email change) and the hash the database keeps of it. */
export async function newHashedToken(prefix: string): Promise<{ token: string; tokenHash: string }> {
  const token = newRandomToken(prefix);
  return { token, tokenHash: await hashToken(token) };
}
