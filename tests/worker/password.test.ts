// Unit tests of worker/lib/password.ts: production's PBKDF2 cap, the stored format, the pepper.
import { describe, expect, it } from 'vitest';
import { equalInConstantTime, hashPassword, PBKDF2_ITERATIONS, PBKDF2_MAX_ITERATIONS, verifyPassword } from '../../worker/lib/password';

const PEPPER = 'unit-test-pepper-'.padEnd(64, 'q');

/** The scheme, written out independently: HMAC(pepper, password) as the PBKDF2 key, then `pbkdf2-sha256$iter$salt$hash`. */
async function referenceHash(password: string, pepper: string, iterations: number): Promise<string> {
  const enc = new TextEncoder();
  const hmacKey = await crypto.subtle.importKey('raw', enc.encode(pepper), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const peppered = await crypto.subtle.sign('HMAC', hmacKey, enc.encode(password));
  const key = await crypto.subtle.importKey('raw', peppered, 'PBKDF2', false, ['deriveBits']);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const bits = new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256));
  const b64 = (u: Uint8Array) => btoa(String.fromCharCode(...u));
  return `pbkdf2-sha256$${iterations}$${b64(salt)}$${b64(bits)}`;
}

describe('password hashing', () => {
  it('never uses more PBKDF2 iterations than production Workers allow (100,000)', () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    expect(PBKDF2_MAX_ITERATIONS).toBeLessThanOrEqual(100_000);
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(PBKDF2_MAX_ITERATIONS);
  });

  it('stores the parameters in the hash: pbkdf2-sha256$100000$salt$hash, with a fresh salt each time', async () => {
    const a = await hashPassword('correct horse', PEPPER);
    const b = await hashPassword('correct horse', PEPPER);
    const format = /^pbkdf2-sha256\$100000\$([A-Za-z0-9+/]{22}==)\$([A-Za-z0-9+/]{43}=)$/;
    expect(a).toMatch(format);
    expect(b).toMatch(format);
    expect(a.split('$')[2]).not.toBe(b.split('$')[2]);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse', PEPPER);
    expect(await verifyPassword('correct horse', stored, PEPPER)).toBe(true);
    expect(await verifyPassword('correct horsf', stored, PEPPER)).toBe(false);
    expect(await verifyPassword('Correct horse', stored, PEPPER)).toBe(false);
    expect(await verifyPassword('', stored, PEPPER)).toBe(false);
  });

  it('the pepper matters: the same password and hash fail under another pepper', async () => {
    const stored = await hashPassword('correct horse', PEPPER);
    expect(await verifyPassword('correct horse', stored, `${PEPPER}x`)).toBe(false);
  });

  it('verifies with the stored parameters (a hash made with fewer iterations still verifies)', async () => {
    const stored = await referenceHash('older hash', PEPPER, 1000);
    expect(await verifyPassword('older hash', stored, PEPPER)).toBe(true);
    expect(await verifyPassword('older hasj', stored, PEPPER)).toBe(false);
  });

  it('refuses a stored hash whose iterations exceed the cap, even when it is otherwise correct', async () => {
    const atCap = await referenceHash('capped', PEPPER, PBKDF2_MAX_ITERATIONS);
    expect(await verifyPassword('capped', atCap, PEPPER)).toBe(true); // the reference scheme matches
    const overCap = await referenceHash('capped', PEPPER, PBKDF2_MAX_ITERATIONS + 1);
    expect(await verifyPassword('capped', overCap, PEPPER)).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['another scheme', 'bcrypt$10$abc$def'],
    ['no salt', 'pbkdf2-sha256$1000$$AAAA'],
    ['zero iterations', 'pbkdf2-sha256$0$AAAAAAAAAAAAAAAAAAAAAA==$AAAA'],
    ['fractional iterations', 'pbkdf2-sha256$1.5$AAAAAAAAAAAAAAAAAAAAAA==$AAAA'],
    ['non-numeric iterations', 'pbkdf2-sha256$lots$AAAAAAAAAAAAAAAAAAAAAA==$AAAA'],
  ])('refuses a malformed stored hash (%s)', async (_label, stored) => {
    expect(await verifyPassword('anything', stored, PEPPER)).toBe(false);
  });
});

describe('the constant-time compare (workerd\'s crypto.subtle.timingSafeEqual, not a loop of our own)', () => {
  it('is true for equal bytes, false for any difference, and false (not a throw) for unequal lengths', () => {
    const bytes = (...b: number[]) => new Uint8Array(b);
    expect(equalInConstantTime(bytes(1, 2, 3), bytes(1, 2, 3))).toBe(true);
    expect(equalInConstantTime(bytes(), bytes())).toBe(true);
    expect(equalInConstantTime(bytes(1, 2, 3), bytes(1, 2, 4))).toBe(false);
    expect(equalInConstantTime(bytes(1, 2, 3), bytes(1, 2))).toBe(false);
    expect(equalInConstantTime(bytes(1, 2), bytes(1, 2, 0))).toBe(false);
  });

  it('is the runtime\'s own', () => {
    expect(typeof crypto.subtle.timingSafeEqual).toBe('function');
  });
});
