// A username or email someone else holds, as the 409 that names the field.
import { takenAccountField } from '../queries/users';
import { conflict, type HttpError } from '../lib/http-error';

const TAKEN = { username: 'That username is taken', email: 'That email is already registered' } as const;

/** A UNIQUE violation on users as the 409 naming the field (username or email); null for any other error. */
export function accountTakenConflict(err: unknown): HttpError | null {
  const field = takenAccountField(err);
  return field === null ? null : conflict(TAKEN[field], { [field]: TAKEN[field] });
}

/** The 409 for an email another account already has (checked before a change is mailed for confirmation). */
export const emailTakenConflict = (): HttpError => conflict(TAKEN.email, { email: TAKEN.email });
