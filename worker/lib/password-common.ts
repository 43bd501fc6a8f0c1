// §7: a password must not be one of the 100,000 most common of a public breach corpus (docs/decisions/027).
// The list is a Bloom filter (password-common-filter.ts, 138 KB), imported on first use only, so it is loaded by
// the account routes that set passwords and never by the rest of the Worker or the browser.
import { PASSWORD_IS_COMMON } from '../../contracts/users';
import { validationFailed } from './http-error';

let filter: Promise<{ bits: number; hashes: number; set: Uint8Array }> | undefined;

function loadFilter() {
  filter ??= import('./password-common-filter').then(({ COMMON_PASSWORD_FILTER: f }) => ({
    bits: f.bits,
    hashes: f.hashes,
    set: Uint8Array.from(atob(f.base64), (ch) => ch.charCodeAt(0)),
  }));
  return filter;
}

/** Whether the password (in any case) is on the list; about one in a million others is taken for one too. */
export async function isCommonPassword(password: string): Promise<boolean> {
  const { bits, hashes, set } = await loadFilter();
  const digest = new DataView(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(password.toLowerCase())));
  // Double hashing of one SHA-256 (scripts/build-common-passwords.mjs builds the filter the same way).
  const h1 = digest.getUint32(0);
  const h2 = (digest.getUint32(4) | 1) >>> 0;
  for (let i = 0; i < hashes; i++) {
    const bit = (h1 + i * h2) % bits;
    if (((set[bit >> 3] ?? 0) & (1 << (bit & 7))) === 0) return false;
  }
  return true;
}

/** Refuses a common password as §5's 422 naming `field` (`password` or `newPassword`). */
export async function refuseCommonPassword(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) throw validationFailed({ [field]: PASSWORD_IS_COMMON });
}
