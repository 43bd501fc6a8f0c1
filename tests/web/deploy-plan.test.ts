// @vitest-environment node
// `npm run deploy` (issue 24 item 6, decision 060): what it reads and decides without Cloudflare — wrangler.toml's
// resources and problems, the plan, the secrets it generates, wrangler's JSON answers, the account, the admin's
// input. The offline dry run itself is npm test's last step.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD_IS_COMMON } from '../../contracts/users';
import { MIN_SECRET_LENGTH } from '../../worker/lib/required-secrets';
import { ADMIN_VARIABLES, checkedAdminInput } from '../../scripts/lib/admin-account';
import { CliError } from '../../scripts/lib/d1-local';
import {
  chosenAccount,
  configProblems,
  deployTargets,
  missingSecrets,
  readDeployConfig,
  secretNames,
  siteAddress,
  siteUrlWarning,
} from '../../scripts/lib/deploy-plan';
import { deploySteps, dryRunSteps, planOf } from '../../scripts/lib/deploy-steps';
import { randomSecret } from '../../scripts/lib/dev-vars.mjs';

const ROOT = process.cwd();
const MIGRATIONS = resolve(ROOT, 'migrations');
const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The repository's wrangler.toml with `edit` applied, in a folder of its own; migrations_dir points at `dir`/migrations. */
function configWith(edit: (toml: string) => string, dir = ROOT): string {
  const toml = readFileSync(join(ROOT, 'wrangler.toml'), 'utf8');
  const changed = edit(toml);
  const folder = mkdtempSync(join(tmpdir(), 'byline-deploy-test-'));
  scratch.push(folder);
  const file = join(folder, 'wrangler.toml');
  writeFileSync(file, changed.replace('migrations_dir = "migrations"', `migrations_dir = ${JSON.stringify(join(dir, 'migrations'))}`));
  return file;
}

describe("wrangler.toml as the deploy reads it", () => {
  it('the repository deploys by name: D1 "byline" and R2 "byline-media" with no database_id, migrations in drizzle-kit\'s folder', () => {
    const config = readDeployConfig(join(ROOT, 'wrangler.toml'));
    expect(config.workerName).toBe('byline');
    expect(config.resources).toEqual(
      expect.arrayContaining([
        { kind: 'D1 database', binding: 'DB', name: 'byline', id: undefined },
        { kind: 'R2 bucket', binding: 'MEDIA', name: 'byline-media' },
      ]),
    );
    expect(config.database).toEqual({ name: 'byline', migrationsDir: MIGRATIONS });
    expect(configProblems(config, MIGRATIONS)).toEqual([]);
  });

  it('refuses a placeholder database_id, naming the line to remove', () => {
    const file = configWith((toml) => toml.replace('database_name = "byline"', 'database_name = "byline"\ndatabase_id = "00000000-0000-4000-8000-000000000000"'));
    expect(configProblems(readDeployConfig(file), MIGRATIONS)).toEqual([
      'database_id "00000000-0000-4000-8000-000000000000" of binding DB is a placeholder: remove the line (the deploy finds or creates "byline")',
    ]);
  });

  it('accepts a real database_id someone pinned', () => {
    const file = configWith((toml) => toml.replace('database_name = "byline"', 'database_name = "byline"\ndatabase_id = "3f2c9a1e-7b4d-4c2a-9e1f-0a5b6c7d8e9f"'));
    expect(configProblems(readDeployConfig(file), MIGRATIONS)).toEqual([]);
  });

  it('refuses a migrations_dir that is not the folder drizzle-kit writes', () => {
    const file = configWith((toml) => toml, '/elsewhere');
    expect(configProblems(readDeployConfig(file), MIGRATIONS)).toEqual([
      `migrations_dir of DB is /elsewhere/migrations, but drizzle-kit writes the migrations to ${MIGRATIONS}`,
    ]);
  });

  it('refuses a config wrangler cannot read, as a message for the person deploying', () => {
    const file = configWith((toml) => `${toml}\n[[d1_databases]\n`);
    expect(() => readDeployConfig(file)).toThrow(CliError);
  });

  it('warns while SITE_URL is empty, and not once it is set', () => {
    expect(siteUrlWarning(readDeployConfig(join(ROOT, 'wrangler.toml')))).toMatch(/^SITE_URL is empty in .*wrangler\.toml \[vars\]: no mail is sent/);
    const file = configWith((toml) => toml.replace('SITE_URL = ""', 'SITE_URL = "https://blog.example.com"'));
    expect(siteUrlWarning(readDeployConfig(file))).toBeNull();
  });
});

describe('the plan', () => {
  it('names every resource wrangler.toml binds, a queue too, in the deploy step', () => {
    const plan = planOf(deploySteps(readDeployConfig(join(ROOT, 'wrangler.toml'))));
    expect(plan).toContain('create or reuse D1 database "byline", R2 bucket "byline-media", queue "byline-mail"');
    expect(plan.split('\n')).toHaveLength(9);
    expect(plan).toMatch(/^ {2}1\. Check .*wrangler\.toml: resources named, no placeholder id/m);
    expect(plan).toMatch(/^ {2}2\. Build the client and the Worker \(vite build\)$/m);
    expect(plan).toMatch(/Apply the migrations to D1 "byline" if it exists already, before the new code goes up/);
    expect(plan).toMatch(/First admin, when there is none: from BYLINE_ADMIN_USERNAME, BYLINE_ADMIN_EMAIL, BYLINE_ADMIN_NAME, BYLINE_ADMIN_PASSWORD/);
  });

  it('the dry run is build, config check and wrangler deploy --dry-run: nothing that needs an account', () => {
    const titles = dryRunSteps(readDeployConfig(join(ROOT, 'wrangler.toml'))).map((step) => step.title);
    expect(titles).toHaveLength(3);
    expect(titles[2]).toContain('wrangler deploy --dry-run --outdir dist/dry-run');
    expect(titles.join('\n')).not.toMatch(/account|secret|admin/i);
  });
});

describe('secrets', () => {
  it('generates 64 random URL-safe characters, a different value each time, above the Worker\'s minimum', () => {
    const values = Array.from({ length: 20 }, randomSecret);
    for (const value of values) expect(value).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(new Set(values).size).toBe(20);
    expect(values[0]!.length).toBeGreaterThan(MIN_SECRET_LENGTH);
  });

  it('finds the missing ones in `wrangler secret list --format json`, a warning line before the JSON tolerated', () => {
    const listed = secretNames(`▲ [WARNING] something\n[\n  { "name": "SESSION_SECRET", "type": "secret_text" },\n  { "name": "TURNSTILE_SECRET", "type": "secret_text" }\n]\n`);
    expect(listed).toEqual(['SESSION_SECRET', 'TURNSTILE_SECRET']);
    expect(missingSecrets(listed)).toEqual(['PASSWORD_PEPPER']);
    expect(missingSecrets([])).toEqual(['SESSION_SECRET', 'PASSWORD_PEPPER']);
    expect(missingSecrets(['PASSWORD_PEPPER', 'SESSION_SECRET'])).toEqual([]);
    expect(() => secretNames('{"error":"no"}')).toThrow(CliError);
  });
});

describe("the site's address from wrangler's output file", () => {
  const outputFile = [
    { version: 1, type: 'wrangler-session', wrangler_version: '4.156.2' },
    { version: 1, type: 'deploy', worker_name: 'byline', targets: ['https://byline.acme.workers.dev', 'schedule: */5 * * * *'] },
  ]
    .map((entry) => JSON.stringify(entry))
    .join('\n');

  it('is the workers.dev URL among the deploy entry\'s targets', () => {
    expect(deployTargets(outputFile)).toEqual(['https://byline.acme.workers.dev', 'schedule: */5 * * * *']);
    expect(siteAddress(deployTargets(outputFile))).toBe('https://byline.acme.workers.dev');
  });

  it('is a custom domain or route when there is no workers.dev URL, and nothing when there is neither', () => {
    expect(siteAddress(['blog.example.com/*', 'schedule: */5 * * * *'])).toBe('https://blog.example.com');
    expect(siteAddress(['schedule: */5 * * * *'])).toBeUndefined();
    expect(deployTargets('')).toEqual([]);
  });
});

describe('the Cloudflare account', () => {
  const one = { id: 'a1', name: 'Acme' };
  const two = { id: 'b2', name: 'Beta' };

  it('is the only one, or CLOUDFLARE_ACCOUNT_ID\'s; with several and no choice the person is asked (null)', () => {
    expect(chosenAccount([one], undefined)).toEqual(one);
    expect(chosenAccount([one, two], 'b2')).toEqual(two);
    expect(chosenAccount([one, two], undefined)).toBeNull();
  });

  it('refuses an unknown CLOUDFLARE_ACCOUNT_ID and a login without accounts', () => {
    expect(() => chosenAccount([one], 'zz')).toThrow('CLOUDFLARE_ACCOUNT_ID zz is not one of this login\'s accounts.');
    expect(() => chosenAccount([], undefined)).toThrow(CliError);
  });
});

describe("the first admin's input (deploy and admin:create)", () => {
  const byVariable = (field: string) => ADMIN_VARIABLES[field as keyof typeof ADMIN_VARIABLES] ?? field;

  it('follows the sign-up rules, the display name defaulting to the username', async () => {
    const input = await checkedAdminInput({ username: 'Dana', email: 'Dana@Example.com', name: undefined, password: 'a long passphrase here' }, byVariable);
    expect(input).toMatchObject({ username: 'dana', email: 'dana@example.com', name: 'dana' });
  });

  it('names each refused field as the deploy reads it (its environment variable), a common password too', async () => {
    await expect(checkedAdminInput({ username: 'x', email: 'not-mail', password: 'a long passphrase here' }, byVariable)).rejects.toThrow(
      /Invalid input:\n {2}BYLINE_ADMIN_USERNAME: .+\n {2}BYLINE_ADMIN_EMAIL: .+/,
    );
    await expect(checkedAdminInput({ username: 'dana', email: 'dana@example.com', password: 'password123' }, byVariable)).rejects.toThrow(
      `BYLINE_ADMIN_PASSWORD: ${PASSWORD_IS_COMMON}`,
    );
  });
});
