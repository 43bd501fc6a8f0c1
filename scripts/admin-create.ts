// Creates an admin (role 0) in the local D1, or with --remote in the deployed one (product.md §8).
//
//   npm run admin:create -- --username NAME --email EMAIL --password PASSWORD
//                           [--name NAME] [--remote] [--persist-to DIR]
//
// Locally the password is peppered with PASSWORD_PEPPER from .dev.vars; with --remote the pepper must
// be the production secret's value, given in the PASSWORD_PEPPER environment variable.
import { ROLE_ADMIN } from '../contracts/roles';
import { EmailSchema, NameSchema, PasswordSchema, UsernameSchema } from '../contracts/users';
import { hashPassword } from '../worker/lib/password';
import {
  CliError,
  type D1Target,
  d1Execute,
  describeTarget,
  parseArgs,
  readLocalPepper,
  resolvePersistTo,
  runCli,
  sqlString,
  sqlValue,
  withMigrationHint,
} from './lib/d1-local';

const USAGE = `Usage: npm run admin:create -- --username NAME --email EMAIL --password PASSWORD [--name NAME] [--remote] [--persist-to DIR]

  --username    3–32 of a-z 0-9 _ -, starting and ending with a letter or digit
  --email       the admin's email address
  --password    8–128 characters, not the username or email
  --name        display name (defaults to the username)
  --remote      write to the deployed D1 database; needs PASSWORD_PEPPER in the environment,
                set to the value of the Worker's PASSWORD_PEPPER secret
  --persist-to  local state folder (default .wrangler/state); not with --remote`;

interface AdminInput {
  username: string;
  email: string;
  password: string;
  name: string;
}

/** Validates with the shared schemas; returns the normalized input or each field's first error. */
function validate(raw: {
  username?: string;
  email?: string;
  password?: string;
  name?: string;
}): { ok: true; input: AdminInput } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const field = <T>(key: string, result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }): T | undefined => {
    if (result.success) return result.data;
    errors[key] = result.error.issues[0]?.message ?? 'Invalid value';
    return undefined;
  };
  const username = field('username', UsernameSchema.safeParse(raw.username));
  const email = field('email', EmailSchema.safeParse(raw.email));
  const password = field('password', PasswordSchema.safeParse(raw.password));
  const name = field('name', NameSchema.safeParse(raw.name ?? username ?? raw.username));

  if (password !== undefined) {
    const p = password.toLowerCase();
    const sameAsUsername = p === (username ?? raw.username ?? '').trim().toLowerCase();
    const sameAsEmail = p === (email ?? raw.email ?? '').trim().toLowerCase();
    if (sameAsUsername || sameAsEmail) errors.password = 'Password must not be your username or email';
  }
  if (Object.keys(errors).length > 0 || !username || !email || !password || !name) return { ok: false, errors };
  return { ok: true, input: { username, email, password, name } };
}

function pepperFor(target: D1Target): string {
  if (target.kind === 'local') return readLocalPepper();
  const pepper = process.env.PASSWORD_PEPPER;
  if (!pepper) {
    throw new CliError(
      'PASSWORD_PEPPER is not set in the environment.\n' +
        'With --remote the password must be hashed with the production pepper, which is a Worker secret and\n' +
        'is not stored on disk (.dev.vars holds only the local one). Run the command with the same value\n' +
        'you gave `wrangler secret put PASSWORD_PEPPER`, for example:\n' +
        "  PASSWORD_PEPPER='…' npm run admin:create -- --username NAME --email EMAIL --password PASSWORD --remote",
    );
  }
  return pepper;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  let args;
  try {
    args = parseArgs(argv, { values: ['username', 'email', 'password', 'name', 'persist-to'], flags: ['remote'] });
  } catch (err) {
    if (err instanceof CliError) throw new CliError(`${err.message}\n\n${USAGE}`);
    throw err;
  }
  const remote = args.flags.has('remote');
  if (remote && args.values.has('persist-to')) throw new CliError('--persist-to applies to the local database only; drop it or --remote.');
  const missing = ['username', 'email', 'password'].filter((k) => !args.values.has(k));
  if (missing.length > 0) throw new CliError(`Missing ${missing.map((k) => `--${k}`).join(', ')}.\n\n${USAGE}`);

  const checked = validate({
    username: args.values.get('username'),
    email: args.values.get('email'),
    password: args.values.get('password'),
    name: args.values.get('name'),
  });
  if (!checked.ok) {
    console.error('Invalid input:');
    for (const [key, message] of Object.entries(checked.errors)) console.error(`  --${key}: ${message}`);
    process.exit(1);
  }
  const { username, email, password, name } = checked.input;

  const target: D1Target = remote ? { kind: 'remote' } : { kind: 'local', persistTo: resolvePersistTo(args.values.get('persist-to')) };
  const pepper = pepperFor(target);

  // Refuse a taken username or email (stored lower-cased, compared case-insensitively to be sure).
  let taken: Record<string, unknown>[];
  try {
    const [result] = d1Execute(target, {
      command:
        'SELECT username, email FROM users ' +
        `WHERE lower(username) = ${sqlString(username)} OR lower(email) = ${sqlString(email)}`,
    });
    taken = result?.results ?? [];
  } catch (err) {
    throw withMigrationHint(err, target);
  }
  const problems: string[] = [];
  if (taken.some((r) => String(r.username).toLowerCase() === username)) problems.push(`the username "${username}" is taken`);
  if (taken.some((r) => String(r.email).toLowerCase() === email)) problems.push(`the email "${email}" is taken`);
  if (problems.length > 0) throw new CliError(`Cannot create the admin: ${problems.join(' and ')} in ${describeTarget(target)}.`);

  const hash = await hashPassword(password, pepper);
  const now = Date.now();
  try {
    d1Execute(target, {
      command:
        'INSERT INTO users (username, name, email, password_hash, role, created_at, updated_at) VALUES (' +
        [username, name, email, hash, ROLE_ADMIN, now, now].map(sqlValue).join(', ') +
        ')',
    });
  } catch (err) {
    if (err instanceof CliError && /UNIQUE constraint failed/i.test(err.message)) {
      throw new CliError(`Cannot create the admin: the username or email was taken in the meantime in ${describeTarget(target)}.`);
    }
    throw withMigrationHint(err, target);
  }

  console.log(`Created admin "${name}" in ${describeTarget(target)}:`);
  console.log(`  username: ${username}`);
  console.log(`  email:    ${email}`);
  console.log('They can sign in with the password you gave.');
}

runCli(main);
