// Making accounts: register, the admin's create and the import write a new account through here, so its
// fields meet one set of rules (the one username rule of contracts/username-rule.ts, name, email) and a
// taken username or email is refused the same way.
import { z } from 'zod';
import { EmailSchema, NameSchema, UsernameSchema } from '../../contracts/users';
import type { Db } from '../env';
import { insertUser, insertUserQuery, type NewUserRow, type UserRow } from '../queries/users';
import { accountTakenConflict } from './account-taken';

export type { NewUserRow } from '../queries/users';

/** The identity fields of a new account, as register and the admin's create validate them. */
export const AccountFieldsSchema = z.object({ username: UsernameSchema, name: NameSchema, email: EmailSchema });
export type AccountFields = z.output<typeof AccountFieldsSchema>;

/**
 * The fields of a new account as stored (trimmed, lower case where they should be), or the message of
 * the first rule they break — what register and the admin's create answer as a field error.
 */
export function checkAccountFields(input: { username: string; name: string; email: string }): { ok: true; fields: AccountFields } | { ok: false; why: string } {
  const parsed = AccountFieldsSchema.safeParse(input);
  if (parsed.success) return { ok: true, fields: parsed.data };
  return { ok: false, why: parsed.error.issues[0]?.message ?? 'Not valid' };
}

/** Register and the admin's create: the new account's row; a taken username or email → 409 naming it. */
export async function createAccount(db: Db, account: NewUserRow): Promise<UserRow> {
  try {
    return await insertUser(db, account);
  } catch (err) {
    throw accountTakenConflict(err) ?? err;
  }
}

/** The same INSERT as createAccount, as one statement of a batch (the import); D1's UNIQUE indexes refuse a taken one. */
export const newAccountQuery = (db: Db, account: NewUserRow) => insertUserQuery(db, account);
