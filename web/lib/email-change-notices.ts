// What the pages say about an email change by confirmation link (product.md §11): after the change is
// asked for, and where the link from the mail lands (`?email=confirmed|invalid` on /profile or /login).
import type { Feedback } from './use-form-submit';

export const EMAIL_CHANGE_PARAM = 'email';

/** The notice for the `?email=` a confirmation link ends at, or null for any other value. */
export function emailChangeNotice(value: string | null): Feedback | null {
  if (value === 'confirmed') return { kind: 'ok', text: 'Your email address was changed.' };
  if (value === 'invalid') return { kind: 'error', text: 'That confirmation link is invalid or has expired.' };
  return null;
}

/** After asking for a change: the new address must be confirmed from the mail sent to it. */
export const pendingEmailNotice = (address: string): string => `Check ${address} for a link to confirm the change.`;
