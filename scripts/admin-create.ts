// Creates an admin (role 0) in the local D1, or with --remote in the deployed one.
//
//   npm run admin:create -- --username NAME --email EMAIL [--name NAME] [--remote] [--persist-to DIR]
//
// The password is never an argument (it would stay in the shell's history and show in the process list): it is
// read from BYLINE_ADMIN_PASSWORD, or else asked for on the terminal without echo, twice.
//
// Locally the account is written as sign-up writes it (the Worker's insertUser through wrangler's
// getPlatformProxy), its password peppered with PASSWORD_PEPPER from .dev.vars. With --remote it is one
// INSERT through `wrangler d1 execute --remote`, and the pepper must be the production secret's value,
// given in the PASSWORD_PEPPER environment variable.
import './lib/node-22.mjs';
import type { z } from 'zod';
import { PASSWORD_IS_COMMON, RegisterInputSchema, ROLE_ADMIN } from '../contracts/users';
import { hashPassword } from '../worker/lib/password';
import { isCommonPassword } from '../worker/lib/password-common';
import { accountTakenConflict } from '../worker/services/account-taken';
import { insertUser } from '../worker/queries/users';
import {
  CliError,
  type D1Target,
  d1Execute,
  describeTarget,
  resolvePersistTo,
  runCli,
  sqlString,
  sqlValue,
  withMigrationHint,
} from './lib/d1-local';
import { readArgs } from './lib/cli-args';
import { withLocalWorkerEnv } from './lib/local-worker-env';
import { askSecret } from './lib/ask-secret';

const PASSWORD_VARIABLE = 'BYLINE_ADMIN_PASSWORD';

const USAGE = `Usage: npm run admin:create -- --username NAME --email EMAIL [--name NAME] [--remote] [--persist-to DIR]

The password (8–128 characters, not the username or email, not one of the 100,000 most common) is read
from the environment variable ${PASSWORD_VARIABLE}, or else asked for on the terminal (not shown as typed).

  --username    3–32 of a-z 0-9 _ -, starting and ending with a letter or digit
  --email       the admin's email address
  --name        display name (defaults to the username)
  --remote      write to the deployed D1 database; needs PASSWORD_PEPPER in the environment,
                set to the value of the Worker's PASSWORD_PEPPER secret
  --persist-to  local state folder (default .wrangler/state); not with --remote`;

type AdminInput = z.output<typeof RegisterInputSchema>;

const cannot = (reason: string, target: D1Target) => new CliError(`Cannot create the admin: ${reason} in ${describeTarget(target)}.`);

/** Locally: insertUser on the database wrangler dev uses, a taken username or email refused as sign-up refuses it. */
async function createLocally(input: AdminInput, target: D1Target & { kind: 'local' }): Promise<void> {
  await withLocalWorkerEnv(target.persistTo, async ({ db, pepper }) => {
    const passwordHash = await hashPassword(input.password, pepper);
    try {
      await insertUser(db, { username: input.username, name: input.name, email: input.email, passwordHash, role: ROLE_ADMIN });
    } catch (err) {
      const taken = accountTakenConflict(err);
      throw taken ? cannot(taken.message.toLowerCase(), target) : err;
    }
  });
}

function remotePepper(): string {
  const pepper = process.env.PASSWORD_PEPPER;
  if (!pepper) {
    throw new CliError(
      'PASSWORD_PEPPER is not set in the environment.\n' +
        'With --remote the password must be hashed with the production pepper, which is a Worker secret and\n' +
        'is not stored on disk (.dev.vars holds only the local one). Run the command with the same value\n' +
        'you gave `wrangler secret put PASSWORD_PEPPER`, for example:\n' +
        "  PASSWORD_PEPPER='…' npm run admin:create -- --username NAME --email EMAIL --remote",
    );
  }
  return pepper;
}

/** Remotely: the Worker's bindings are out of reach, so one INSERT through `wrangler d1 execute --remote`. */
async function createRemotely(input: AdminInput, target: D1Target): Promise<void> {
  const pepper = remotePepper();
  // Refuse a taken username or email (stored lower-cased, compared case-insensitively to be sure).
  let taken: Record<string, unknown>[];
  try {
    const [result] = d1Execute(target, {
      command:
        'SELECT username, email FROM users ' +
        `WHERE lower(username) = ${sqlString(input.username)} OR lower(email) = ${sqlString(input.email)}`,
    });
    taken = result?.results ?? [];
  } catch (err) {
    throw withMigrationHint(err, target);
  }
  const problems: string[] = [];
  if (taken.some((r) => String(r.username).toLowerCase() === input.username)) problems.push(`the username "${input.username}" is taken`);
  if (taken.some((r) => String(r.email).toLowerCase() === input.email)) problems.push(`the email "${input.email}" is taken`);
  if (problems.length > 0) throw cannot(problems.join(' and '), target);

  const hash = await hashPassword(input.password, pepper);
  const now = Date.now();
  try {
    d1Execute(target, {
      command:
        'INSERT INTO users (username, name, email, password_hash, role, created_at, updated_at) VALUES (' +
        [input.username, input.name, input.email, hash, ROLE_ADMIN, now, now].map(sqlValue).join(', ') +
        ')',
    });
  } catch (err) {
    if (err instanceof CliError && /UNIQUE constraint failed/i.test(err.message)) throw cannot('the username or email was taken in the meantime', target);
    throw withMigrationHint(err, target);
  }
}

const OPTIONS = {
  username: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  name: { type: 'string' },
  'persist-to': { type: 'string' },
  remote: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function refuseInput(problems: [field: string, message: string][]): never {
  console.error('Invalid input:');
  const seen = new Set<string>();
  for (const [field, message] of problems) {
    if (!seen.has(field)) console.error(`  --${field}: ${message}`);
    seen.add(field);
  }
  process.exit(1);
}

/** The new admin's password: BYLINE_ADMIN_PASSWORD, else typed twice on the terminal; refused with neither. */
async function readPassword(): Promise<string> {
  const fromEnv = process.env[PASSWORD_VARIABLE];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (!process.stdin.isTTY) {
    throw new CliError(
      `No password: ${PASSWORD_VARIABLE} is not set and there is no terminal to ask on.\n` +
        `Run it in a terminal to type the password, or set ${PASSWORD_VARIABLE} in the environment, e.g.\n` +
        `  read -rs ${PASSWORD_VARIABLE} && export ${PASSWORD_VARIABLE} && npm run admin:create -- --username NAME --email EMAIL`,
    );
  }
  const first = await askSecret('Password for the new admin (not shown): ');
  const again = await askSecret('The same password again: ');
  if (first !== again) throw new CliError('The two passwords differ; nothing was created.');
  return first;
}

async function main(): Promise<void> {
  const args = readArgs(process.argv.slice(2), OPTIONS, 0, USAGE).values;
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const remote = args.remote === true;
  if (remote && args['persist-to'] !== undefined) throw new CliError('--persist-to applies to the local database only; drop it or --remote.');
  if (args.password !== undefined) {
    throw new CliError(
      `--password is no longer taken on the command line: it would stay in the shell's history and show in the process list.\n` +
        `Set ${PASSWORD_VARIABLE} in the environment, or leave it out and type the password when asked.\n\n${USAGE}`,
    );
  }
  const missing = (['username', 'email'] as const).filter((k) => args[k] === undefined);
  if (missing.length > 0) throw new CliError(`Missing ${missing.map((k) => `--${k}`).join(', ')}.\n\n${USAGE}`);
  const password = await readPassword();

  // The sign-up form's rules (the common-password one too); the display name defaults to the username.
  const checked = RegisterInputSchema.safeParse({
    username: args.username,
    email: args.email,
    password,
    name: args.name ?? args.username?.trim().toLowerCase(),
  });
  if (!checked.success) refuseInput(checked.error.issues.map((issue) => [String(issue.path[0] ?? 'input'), issue.message]));
  if (await isCommonPassword(checked.data.password)) refuseInput([['password', PASSWORD_IS_COMMON]]);
  const input = checked.data;
  const target: D1Target = remote ? { kind: 'remote' } : { kind: 'local', persistTo: resolvePersistTo(args['persist-to']) };
  if (target.kind === 'local') await createLocally(input, target);
  else await createRemotely(input, target);

  console.log(`Created admin "${input.name}" in ${describeTarget(target)}:`);
  console.log(`  username: ${input.username}`);
  console.log(`  email:    ${input.email}`);
  console.log('They can sign in with the password you gave.');
}

runCli(main);
