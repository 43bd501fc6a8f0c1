// The 6-digit code that confirms a new device while its account is under attack (decision 026).
import { toHex } from './session-token';

export const DEVICE_CODE_TTL_MS = 15 * 60 * 1000;
export const DEVICE_CODE_TRIES = 5;

/** Six random digits, every value equally likely (rejection sampling, no modulo bias). */
export function newDeviceCode(): string {
  const limit = Math.floor(2 ** 32 / 1_000_000) * 1_000_000;
  for (;;) {
    const [n = 0] = crypto.getRandomValues(new Uint32Array(1));
    if (n < limit) return String(n % 1_000_000).padStart(6, '0');
  }
}

/**
 * What the database keeps of a code: an HMAC with the password pepper over the account and the code. A plain
 * hash of six digits would be undone by trying all million; without the pepper these cannot be tried at all.
 */
export async function hashDeviceCode(pepper: string, userId: number, code: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(pepper), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toHex(await crypto.subtle.sign('HMAC', key, enc.encode(`device-code:${userId}:${code}`)));
}
