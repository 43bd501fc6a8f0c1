// PBKDF2-SHA256 password hashes with a secret pepper: parameters live in the hash.
export const PBKDF2_ITERATIONS = 100_000; // production Workers refuse more than 100,000
export const PBKDF2_MAX_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const KEY_BITS = 256;

const enc = new TextEncoder();

const toB64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromB64 = (s: string): Uint8Array => Uint8Array.from(atob(s), (ch) => ch.charCodeAt(0));

async function pepperedKey(password: string, pepper: string): Promise<CryptoKey> {
  const hmacKey = await crypto.subtle.importKey('raw', enc.encode(pepper), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const peppered = await crypto.subtle.sign('HMAC', hmacKey, enc.encode(password));
  return crypto.subtle.importKey('raw', peppered, 'PBKDF2', false, ['deriveBits']);
}

async function derive(password: string, pepper: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await pepperedKey(password, pepper);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    KEY_BITS,
  );
  return new Uint8Array(bits);
}

declare global {
  // workerd's constant-time compare; the DOM typing the Worker is checked with lacks it (Node lacks it too: the
  // scripts that import this module only hash).
  interface SubtleCrypto {
    timingSafeEqual(a: ArrayBuffer | ArrayBufferView, b: ArrayBuffer | ArrayBufferView): boolean;
  }
}

/**
 * Whether two secrets' bytes are equal, in time that does not depend on where they differ (workerd's
 * `crypto.subtle.timingSafeEqual`, which refuses inputs of unequal lengths: those differ, and say only that).
 */
export function equalInConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && crypto.subtle.timingSafeEqual(a, b);
}

export async function hashPassword(password: string, pepper: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, pepper, salt, PBKDF2_ITERATIONS);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${toB64(salt)}$${toB64(hash)}`;
}

export async function verifyPassword(password: string, stored: string, pepper: string): Promise<boolean> {
  const [scheme, iterText, saltText, hashText] = stored.split('$');
  const iterations = Number(iterText);
  if (scheme !== 'pbkdf2-sha256' || !saltText || !hashText) return false;
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_MAX_ITERATIONS) return false;
  const actual = await derive(password, pepper, fromB64(saltText), iterations);
  return equalInConstantTime(actual, fromB64(hashText));
}

// A well-formed hash nobody's password matches, verified for unknown users so timing reveals nothing.
const DUMMY_HASH = `pbkdf2-sha256$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
export async function verifyAgainstNobody(password: string, pepper: string): Promise<false> {
  await verifyPassword(password, DUMMY_HASH, pepper);
  return false;
}

/**
 * The hash stored for an imported account: well-formed (so a login attempt costs the same as any other)
 * but of 32 random bytes nobody knows, so no password signs in until an admin sets one or a reset does.
 */
export function unusablePasswordHash(): string {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = crypto.getRandomValues(new Uint8Array(KEY_BITS / 8));
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${toB64(salt)}$${toB64(hash)}`;
}
