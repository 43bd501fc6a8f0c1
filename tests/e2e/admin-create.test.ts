// `npm run admin:create`: its arguments are read by node:util's parseArgs (issue 20 item 17), and it applies the
// sign-up rules, the common-password one included (item 8). The admin it makes signs in to the running site. The
// password is never an argument: BYLINE_ADMIN_PASSWORD, or typed on the terminal (issue 23 item 4).
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD_IS_COMMON } from '../../contracts/users';
import { baseURL } from './support/browser';

/** The script without a terminal (spawnSync's stdin is a pipe), with BYLINE_ADMIN_PASSWORD set to `password` unless null. */
const adminCreateWith = (password: string | null, ...args: string[]) => {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true' };
  delete env.BYLINE_ADMIN_PASSWORD;
  if (password !== null) env.BYLINE_ADMIN_PASSWORD = password;
  return spawnSync('npx', ['tsx', 'scripts/admin-create.ts', ...args], { encoding: 'utf8', env });
};
const adminCreate = (...args: string[]) => adminCreateWith('a fine password 42', ...args);

describe('npm run admin:create', () => {
  it('refuses an unknown option, a stray word and a missing value, with the usage', () => {
    const runs = [['--username', 'x', '--bogus'], ['stray'], ['--username']].map((args) => ({ args, run: adminCreate(...args) }));
    for (const { args, run } of runs) {
      expect(run.status, args.join(' ')).not.toBe(0);
      expect(run.stderr, args.join(' ')).toContain('Usage: npm run admin:create');
    }
    expect(runs[0]!.run.stderr).toContain("Unknown option '--bogus'");
  });

  it('refuses a common password', () => {
    const run = adminCreateWith('Password1234', '--username', 'common-admin', '--email', 'common-admin@example.com');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`--password: ${PASSWORD_IS_COMMON}`);
  });

  it('refuses a password on the command line, saying where it goes instead, and creates nothing', () => {
    const run = adminCreate('--username', 'argv-admin', '--email', 'argv-admin@example.com', '--password', 'a fine password 42');
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('--password is no longer taken on the command line');
    expect(run.stderr).toContain('BYLINE_ADMIN_PASSWORD');
  });

  it('refuses with a clear message when there is neither BYLINE_ADMIN_PASSWORD nor a terminal to ask on', () => {
    const run = adminCreateWith(null, '--username', 'ttyless-admin', '--email', 'ttyless-admin@example.com');
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('No password: BYLINE_ADMIN_PASSWORD is not set and there is no terminal to ask on');
  });

  it('creates an admin (options as --name value or --name=value) with the password of BYLINE_ADMIN_PASSWORD, who can sign in', async () => {
    const id = crypto.randomUUID().slice(0, 8);
    const username = `cli-admin-${id}`;
    const password = `cli password ${id}`;
    const persistTo = dirname(inject('serverLogPath')); // the running site's local state
    const run = adminCreateWith(password, '--username', username, `--email=${username}@example.com`, '--persist-to', persistTo);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`username: ${username}`);
    const res = await fetch(`${baseURL()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL() },
      body: JSON.stringify({ login: username, password }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { role: number } }).user.role).toBe(0);
  });
});
