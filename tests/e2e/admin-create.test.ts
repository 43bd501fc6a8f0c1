// `npm run admin:create`: its arguments are read by node:util's parseArgs (issue 20 item 17), and it applies the
// sign-up rules, the common-password one included (item 8). The admin it makes signs in to the running site.
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD_IS_COMMON } from '../../contracts/users';
import { baseURL } from './support/browser';

const adminCreate = (...args: string[]) =>
  spawnSync('npx', ['tsx', 'scripts/admin-create.ts', ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });

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
    const run = adminCreate('--username', 'common-admin', '--email', 'common-admin@example.com', '--password', 'Password1234');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`--password: ${PASSWORD_IS_COMMON}`);
  });

  it('creates an admin (options as --name value or --name=value) who can sign in', async () => {
    const id = crypto.randomUUID().slice(0, 8);
    const username = `cli-admin-${id}`;
    const password = `cli password ${id}`;
    const persistTo = dirname(inject('serverLogPath')); // the running site's local state
    const run = adminCreate('--username', username, `--email=${username}@example.com`, '--password', password, '--persist-to', persistTo);
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
