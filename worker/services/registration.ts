// Registration as the site's policy has it (product.md §15, §19): the role a new account gets (`open` →
// author, `review` → contributor), the refusal under `invite` and `closed`, and the terms the register page
// shows. The rule itself is contracts/registration-policy.ts, which the web asks too.
import { newAccountRole, type RegistrationTerms } from '../../contracts/registration-policy';
import type { Role } from '../../contracts/roles';
import type { Db } from '../env';
import { HttpError } from '../lib/http-error';
import { findSettings } from '../queries/settings';
import type { ReadContext } from './read-context';

const CLOSED_MESSAGES = {
  invite: 'This site is invite-only: people join through an invitation',
  closed: 'Registration is closed',
} as const;

/** The role the policy gives a new account; under `invite` or `closed`, 403 `registration_closed`. */
export async function requireNewAccountRole(db: Db): Promise<Role> {
  const { registration } = await findSettings(db);
  const role = newAccountRole(registration);
  if (role === null) throw new HttpError(403, 'registration_closed', CLOSED_MESSAGES[registration as keyof typeof CLOSED_MESSAGES]);
  return role;
}

/** What the register page offers: the policy and, when the site checks Turnstile, the widget's site key. */
export async function readRegistrationTerms({ db }: Pick<ReadContext, 'db'>, turnstileSiteKey: string | null): Promise<RegistrationTerms> {
  const { registration } = await findSettings(db);
  return { policy: registration, turnstileSiteKey };
}
