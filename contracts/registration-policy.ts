// The registration policy (product.md §15, the `registration` setting) as one rule both sides ask: what a new
// account becomes, and whether anyone may register at all. Free of zod at run time: the site header and the
// login page (in the first load) ask it too.
import { ROLE_AUTHOR, ROLE_CONTRIBUTOR, type Role } from './roles';
import type { z } from 'zod';
import type { REGISTRATION_POLICIES } from './settings';
import type { RegistrationTermsSchema } from './user-responses';

export type RegistrationPolicy = (typeof REGISTRATION_POLICIES)[number];

const NEW_ACCOUNT_ROLE: Readonly<Record<RegistrationPolicy, Role | null>> = {
  open: ROLE_AUTHOR,
  review: ROLE_CONTRIBUTOR,
  invite: null,
  closed: null,
};

/** The role a registration makes under `policy`: an author (`open`), a contributor (`review`), or none (only invites). */
export const newAccountRole = (policy: RegistrationPolicy): Role | null => NEW_ACCOUNT_ROLE[policy];

/** Whether a visitor may register (`/register` shows its form and the Worker takes it). */
export const registrationOpen = (policy: RegistrationPolicy): boolean => newAccountRole(policy) !== null;

/** What the register page offers: the policy, and the Turnstile widget's site key when the site checks it. */
export type RegistrationTerms = z.infer<typeof RegistrationTermsSchema>;
