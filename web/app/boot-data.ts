// What the server hands the browser besides React Router's hydration data.
import type { CurrentUser } from '../../contracts/roles';

export const BOOT_ELEMENT_ID = 'byline-boot';

export interface BootData {
  user: CurrentUser | null;
}

/** JSON safe to place inside a <script> element. */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
