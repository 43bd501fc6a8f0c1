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
// given in the PASSWORD_PEPPER environment variable. `npm run deploy` creates the first admin the same way
// (scripts/lib/admin-account.ts).
import './lib/node-22.mjs';
import { ROLE_ADMIN } from '../contracts/users';
import { hashPassword } from '../worker/lib/password';
import { accountTakenConflict } from '../worker/services/account-taken';
import { insertUser } from '../worker/queries/users';
import { ADMIN_VARIABLES, type AdminInput, cannotCreate, checkedAdminInput, createAdminRemotely, readAdminPassword } from './lib/admin-account';
import { CliError, type D1Target, describeTarget, resolvePersistTo, runCli } from './lib/d1-local';
import { readArgs } from './lib/cli-args';
import { withLocalWorkerEnv } from './lib/local-worker-env';

const PASSWORD_VARIABLE = ADMIN_VARIABLES.password;

const USAGE = `Usage: npm run admin:create -- --username NAME --email EMAIL [--name NAME] [--remote] [--persist-to DIR]

The password (8–128 characters, not the username or email, not one of the 100,000 most common) is read
from the environment variable ${PASSWORD_VARIABLE}, or else asked for on the terminal (not shown as typed).

  --username    3–32 of a-z 0-9 _ -, starting and ending with a letter or digit
  --email       the admin's email address
  --name        display name (defaults to the username)
  --remote      write to the deployed D1 database; needs PASSWORD_PEPPER in the environment,
                set to the value of the Worker's PASSWORD_PEPPER secret
  --persist-to  local state folder (default .wrangler/state); not with --remote`;

/** Locally: insertUser on the database wrangler dev uses, a taken username or email refused as sign-up refuses it. */
async function createLocally(input: AdminInput, target: D1Target & { kind: 'local' }): Promise<void> {
  await withLocalWorkerEnv(target.persistTo, async ({ db, pepper }) => {
    const passwordHash = await hashPassword(input.password, pepper);
    try {
      await insertUser(db, { username: input.username, name: input.name, email: input.email, passwordHash, role: ROLE_ADMIN });
    } catch (err) {
      const taken = accountTakenConflict(err);
      throw taken ? cannotCreate(taken.message.toLowerCase(), target) : err;
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

const OPTIONS = {
  username: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  name: { type: 'string' },
  'persist-to': { type: 'string' },
  remote: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

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
  const password = await readAdminPassword('npm run admin:create -- --username NAME --email EMAIL');
  const input = await checkedAdminInput({ username: args.username, email: args.email, name: args.name, password }, (field) => `--${field}`);
  const target: D1Target = remote ? { kind: 'remote' } : { kind: 'local', persistTo: resolvePersistTo(args['persist-to']) };
  if (target.kind === 'local') await createLocally(input, target);
  else await createAdminRemotely(input, remotePepper());

  console.log(`Created admin "${input.name}" in ${describeTarget(target)}:`);
  console.log(`  username: ${input.username}`);
  console.log(`  email:    ${input.email}`);
  console.log('They can sign in with the password you gave.');
}

runCli(main);
