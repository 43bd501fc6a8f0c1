// The first admin, shared by `npm run admin:create` and `npm run deploy`: the sign-up form's rules, the password
// from BYLINE_ADMIN_PASSWORD or typed (never an argument: it would stay in the shell's history and show in the
// process list), and the account written to the deployed D1 through `wrangler d1 execute --remote`.
import { createInterface } from 'node:readline/promises';
import type { z } from 'zod';
import { PASSWORD_IS_COMMON, RegisterInputSchema, ROLE_ADMIN } from '../../contracts/users';
import { hashPassword } from '../../worker/lib/password';
import { isCommonPassword } from '../../worker/lib/password-common';
import { askSecret } from './ask-secret';
import { CliError, type D1Target, d1Execute, describeTarget, sqlString, sqlValue, withMigrationHint } from './d1-local';

export type AdminInput = z.output<typeof RegisterInputSchema>;

/** Where each field may come from in the environment (the deploy reads all four, admin:create the password). */
export const ADMIN_VARIABLES = {
  username: 'BYLINE_ADMIN_USERNAME',
  email: 'BYLINE_ADMIN_EMAIL',
  name: 'BYLINE_ADMIN_NAME',
  password: 'BYLINE_ADMIN_PASSWORD',
} as const;

const REMOTE: D1Target = { kind: 'remote' };

export const cannotCreate = (reason: string, target: D1Target) => new CliError(`Cannot create the admin: ${reason} in ${describeTarget(target)}.`);

const fromEnvironment = (name: string): string | undefined => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
};

/** The new admin's password: BYLINE_ADMIN_PASSWORD, else typed twice on the terminal; refused with neither. */
export async function readAdminPassword(usage: string): Promise<string> {
  const variable = ADMIN_VARIABLES.password;
  const fromEnv = fromEnvironment(variable);
  if (fromEnv !== undefined) return fromEnv;
  if (!process.stdin.isTTY) {
    throw new CliError(
      `No password: ${variable} is not set and there is no terminal to ask on.\n` +
        `Run it in a terminal to type the password, or set ${variable} in the environment, e.g.\n` +
        `  read -rs ${variable} && export ${variable} && ${usage}`,
    );
  }
  const first = await askSecret('Password for the new admin (not shown): ');
  const again = await askSecret('The same password again: ');
  if (first !== again) throw new CliError('The two passwords differ; nothing was created.');
  return first;
}

/** A field from its environment variable, else asked on the terminal; undefined with neither. */
export async function readAdminField(field: 'username' | 'email' | 'name', question: string): Promise<string | undefined> {
  const fromEnv = fromEnvironment(ADMIN_VARIABLES[field]);
  if (fromEnv !== undefined || !process.stdin.isTTY) return fromEnv;
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await terminal.question(question)).trim() || undefined;
  } finally {
    terminal.close();
  }
}

/**
 * The sign-up form's rules, the common-password one too; the display name defaults to the username.
 * A refusal names each field as `label` gives it (an option, an environment variable).
 */
export async function checkedAdminInput(
  raw: { username?: string | undefined; email?: string | undefined; name?: string | undefined; password: string },
  label: (field: string) => string,
): Promise<AdminInput> {
  const checked = RegisterInputSchema.safeParse({ ...raw, name: raw.name ?? raw.username?.trim().toLowerCase() });
  const problems = checked.success ? [] : checked.error.issues.map((issue) => [String(issue.path[0] ?? 'input'), issue.message] as const);
  if (checked.success && (await isCommonPassword(checked.data.password))) problems.push(['password', PASSWORD_IS_COMMON]);
  if (!checked.success || problems.length > 0) {
    const firstPerField = new Map<string, string>();
    for (const [field, message] of problems) if (!firstPerField.has(field)) firstPerField.set(field, message);
    throw new CliError(`Invalid input:\n${[...firstPerField].map(([field, message]) => `  ${label(field)}: ${message}`).join('\n')}`);
  }
  return checked.data;
}

/** How many accounts, and admins (role 0) among them, the deployed database has. */
export function remoteAccounts(): { admins: number; users: number } {
  try {
    const [result] = d1Execute(REMOTE, {
      command: `SELECT (SELECT count(*) FROM users WHERE role = ${ROLE_ADMIN}) AS admins, (SELECT count(*) FROM users) AS users`,
    });
    const row = result?.results[0];
    return { admins: Number(row?.admins ?? 0), users: Number(row?.users ?? 0) };
  } catch (err) {
    throw withMigrationHint(err, REMOTE);
  }
}

/**
 * The Worker's bindings are out of reach remotely, so one INSERT through `wrangler d1 execute --remote`, the
 * password hashed here with `pepper` (the production PASSWORD_PEPPER). A taken username or email is refused.
 */
export async function createAdminRemotely(input: AdminInput, pepper: string): Promise<void> {
  // Stored lower-cased, compared case-insensitively to be sure.
  let taken: Record<string, unknown>[];
  try {
    const [result] = d1Execute(REMOTE, {
      command:
        'SELECT username, email FROM users ' +
        `WHERE lower(username) = ${sqlString(input.username)} OR lower(email) = ${sqlString(input.email)}`,
    });
    taken = result?.results ?? [];
  } catch (err) {
    throw withMigrationHint(err, REMOTE);
  }
  const problems: string[] = [];
  if (taken.some((r) => String(r.username).toLowerCase() === input.username)) problems.push(`the username "${input.username}" is taken`);
  if (taken.some((r) => String(r.email).toLowerCase() === input.email)) problems.push(`the email "${input.email}" is taken`);
  if (problems.length > 0) throw cannotCreate(problems.join(' and '), REMOTE);

  const hash = await hashPassword(input.password, pepper);
  const now = Date.now();
  try {
    d1Execute(REMOTE, {
      command:
        'INSERT INTO users (username, name, email, password_hash, role, created_at, updated_at) VALUES (' +
        [input.username, input.name, input.email, hash, ROLE_ADMIN, now, now].map(sqlValue).join(', ') +
        ')',
    });
  } catch (err) {
    if (err instanceof CliError && /UNIQUE constraint failed/i.test(err.message)) throw cannotCreate('the username or email was taken in the meantime', REMOTE);
    throw withMigrationHint(err, REMOTE);
  }
}
