// @vitest-environment node
// `npm run deploy`'s steps run against a stand-in for wrangler (tests/fixtures/deploy/stand-in-wrangler.mjs, named
// by BYLINE_WRANGLER) that answers as a Cloudflare account would: the order of the calls, the secrets on stdin
// only, the first admin signing in with the generated pepper, and a second run changing nothing (decision 060).
import { timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../../worker/lib/password';
import { readDeployConfig } from '../../scripts/lib/deploy-plan';
import { type DeployState, deploySteps, runSteps } from '../../scripts/lib/deploy-steps';

// Each test runs wrangler's stand-in as a child process about ten times.
vi.setConfig({ testTimeout: 30_000 });

const ROOT = process.cwd();
const PASSWORD = 'a long and fine passphrase 42';
const ENV = ['BYLINE_WRANGLER', 'STAND_IN_STATE', 'BYLINE_ADMIN_USERNAME', 'BYLINE_ADMIN_EMAIL', 'BYLINE_ADMIN_NAME', 'BYLINE_ADMIN_PASSWORD', 'CLOUDFLARE_ACCOUNT_ID', 'PASSWORD_PEPPER'];

interface StandIn {
  accounts: { id: string; name: string }[];
  databases: string[];
  provisions: string[];
  migrated: string[];
  secrets: Record<string, string>;
  admins: string[];
  calls: { args: string[]; stdin: string }[];
}

let dir: string;
let saved: Record<string, string | undefined>;
const statePath = () => join(dir, 'state.json');
const readState = (): StandIn => JSON.parse(readFileSync(statePath(), 'utf8')) as StandIn;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'byline-deploy-run-'));
  saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
  for (const name of ENV) delete process.env[name];
  Object.assign(process.env, {
    BYLINE_WRANGLER: resolve(ROOT, 'tests/fixtures/deploy/stand-in-wrangler.mjs'),
    STAND_IN_STATE: statePath(),
    BYLINE_ADMIN_USERNAME: 'dana',
    BYLINE_ADMIN_EMAIL: 'dana@example.com',
    BYLINE_ADMIN_PASSWORD: PASSWORD,
  });
});
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(dir, { recursive: true, force: true });
});

/** The deploy's steps but the build (its output is not what is tested here), on an account in `account`'s state. */
async function deployTo(account: Partial<StandIn>): Promise<{ state: StandIn; printed: string }> {
  const initial: StandIn = { accounts: [{ id: 'acc1', name: 'Acme' }], databases: [], provisions: ['byline'], migrated: [], secrets: {}, admins: [], calls: [], ...account };
  writeFileSync(statePath(), JSON.stringify(initial));
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const config = readDeployConfig(join(ROOT, 'wrangler.toml'));
  const deploy: DeployState = { config, migrationsDir: join(ROOT, 'migrations'), targets: [], warnings: [] };
  await runSteps(
    deploySteps(config).filter((step) => !step.title.startsWith('Build')),
    deploy,
  );
  const printed = [...log.mock.calls, ...warn.mock.calls].map((call) => call.join(' ')).join('\n');
  return { state: readState(), printed };
}

/** Each call as its command words, up to its first option. */
const commands = (state: StandIn) =>
  state.calls.map((call) => {
    const firstOption = call.args.findIndex((a) => a.startsWith('--'));
    return call.args.slice(0, firstOption === -1 ? undefined : firstOption).join(' ');
  });

describe('npm run deploy on a fresh account', () => {
  it('deploys (creating the database), then migrates it, sets both secrets, creates the admin and prints the address', async () => {
    const { state, printed } = await deployTo({});
    expect(commands(state)).toEqual([
      'whoami',
      'd1 list',
      'deploy',
      'd1 migrations apply byline',
      'secret list',
      'secret put SESSION_SECRET',
      'secret put PASSWORD_PEPPER',
      'd1 execute DB',
      'd1 execute DB',
      'd1 execute DB',
    ]);
    expect(state.migrated).toEqual(['byline']);
    expect(printed).toContain('✓ Byline is live at https://byline.acme.workers.dev');
    expect(printed).toContain('SITE_URL is empty');
  });

  it('sends each secret as 64 random characters on stdin, never as an argument, and never prints it', async () => {
    const { state, printed } = await deployTo({});
    const { SESSION_SECRET: session, PASSWORD_PEPPER: pepper } = state.secrets;
    for (const value of [session, pepper]) {
      expect(value).toMatch(/^[A-Za-z0-9_-]{64}$/);
      expect(state.calls.flatMap((call) => call.args).join(' ')).not.toContain(value);
      expect(printed).not.toContain(value);
    }
    expect(session).not.toBe(pepper);
  });

  it('creates the first admin whose password verifies with the pepper the Worker was given; the password is in no argument', async () => {
    const { state } = await deployTo({});
    expect(state.admins).toHaveLength(1);
    const insert = state.admins[0]!;
    expect(insert).toContain("'dana'");
    expect(insert).toContain("'dana@example.com'");
    const hash = /'(pbkdf2-sha256\$[^']*)'/.exec(insert)?.[1];
    expect(hash).toBeDefined();
    // The Worker compares with workerd's crypto.subtle.timingSafeEqual; Node has it in node:crypto only.
    const subtle = crypto.subtle as unknown as { timingSafeEqual?: (a: Uint8Array, b: Uint8Array) => boolean };
    subtle.timingSafeEqual = (a, b) => timingSafeEqual(a, b);
    try {
      expect(await verifyPassword(PASSWORD, hash!, state.secrets.PASSWORD_PEPPER!)).toBe(true);
      expect(await verifyPassword(PASSWORD, hash!, 'p'.repeat(64))).toBe(false);
    } finally {
      delete subtle.timingSafeEqual;
    }
    expect(state.calls.flatMap((call) => call.args).join(' ')).not.toContain(PASSWORD);
  });
});

describe('npm run deploy again', () => {
  it('migrates the existing database before the new code goes up, and leaves the secrets and the admin alone', async () => {
    const { state, printed } = await deployTo({ databases: ['byline'], secrets: { SESSION_SECRET: 's'.repeat(64), PASSWORD_PEPPER: 'p'.repeat(64) }, admins: ['INSERT …'] });
    expect(commands(state)).toEqual(['whoami', 'd1 list', 'd1 migrations apply byline', 'deploy', 'secret list', 'd1 execute DB']);
    expect(state.secrets).toEqual({ SESSION_SECRET: 's'.repeat(64), PASSWORD_PEPPER: 'p'.repeat(64) });
    expect(printed).toContain('The site has an admin already.');
  });
});

describe('npm run deploy without a terminal', () => {
  it('stops before deploying when the login has several accounts and CLOUDFLARE_ACCOUNT_ID picks none, listing them', async () => {
    const accounts = [
      { id: 'acc1', name: 'Acme' },
      { id: 'acc2', name: 'Beta' },
    ];
    await expect(deployTo({ accounts })).rejects.toThrow(/set CLOUDFLARE_ACCOUNT_ID to one of:\n {2}acc1 {2}Acme\n {2}acc2 {2}Beta/);
    expect(commands(readState())).toEqual(['whoami']);
  });

  it('deploys but leaves a warning when the admin\'s details are not in the environment', async () => {
    delete process.env.BYLINE_ADMIN_USERNAME;
    const { state, printed } = await deployTo({});
    expect(state.admins).toEqual([]);
    expect(printed).toContain('No admin yet: set BYLINE_ADMIN_USERNAME, BYLINE_ADMIN_EMAIL and BYLINE_ADMIN_PASSWORD');
  });
});
