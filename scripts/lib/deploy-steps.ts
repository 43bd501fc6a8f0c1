// `npm run deploy` as a list of steps (decision 060). Each step's title is also its line in the plan that
// `--dry-run` prints; every step can run again: resources, migrations, secrets and the admin are each created
// only when missing, so a deploy that stopped half-way is finished by running it again.
import { spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline/promises';
import path from 'node:path';
import { randomSecret } from './dev-vars.mjs';
import { ADMIN_VARIABLES, checkedAdminInput, createAdminRemotely, readAdminField, readAdminPassword, remoteAccounts } from './admin-account';
import { CliError, PROJECT_ROOT } from './d1-local';
import { chosenAccount, type CloudflareAccount, configProblems, type DeployConfig, migrationFiles, missingSecrets, siteAddress, siteUrlWarning } from './deploy-plan';
import * as wrangler from './wrangler-cli';

export interface DeployState {
  config: DeployConfig;
  /** drizzle-kit's migrations folder (drizzle.config.ts `out`), absolute. */
  migrationsDir: string;
  /** Whether the D1 database existed before this deploy (then it was migrated before the new code went up). */
  databaseExisted?: boolean;
  /** PASSWORD_PEPPER's value when this run set it: the only time it is known here (secrets are write-only). */
  pepper?: string;
  targets: string[];
  warnings: string[];
}

export interface Step {
  title: string;
  run: (state: DeployState) => void | Promise<void>;
}

/** Where `wrangler deploy --dry-run` writes the bundle it checks. */
export const DRY_RUN_OUTDIR = 'dist/dry-run';

const PEPPER = 'PASSWORD_PEPPER';

const build: Step = {
  title: 'Build the client and the Worker (vite build)',
  run: () => {
    const result = spawnSync('npx', ['vite', 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new CliError(`vite build failed (exit ${result.status ?? result.signal}); nothing was deployed.`);
  },
};

const checkConfig = (config: DeployConfig): Step => ({
  title: `Check ${config.configPath}: resources named, no placeholder id, migrations_dir is drizzle-kit's folder`,
  run: ({ migrationsDir }) => {
    const problems = configProblems(config, migrationsDir);
    if (problems.length > 0) throw new CliError(`${config.configPath} cannot be deployed as it is:\n  ${problems.join('\n  ')}`);
  },
});

async function askAccount(accounts: readonly CloudflareAccount[]): Promise<CloudflareAccount> {
  if (!process.stdin.isTTY) {
    throw new CliError(`This login has several accounts; set CLOUDFLARE_ACCOUNT_ID to one of:\n  ${accounts.map((a) => `${a.id}  ${a.name}`).join('\n  ')}`);
  }
  accounts.forEach((a, i) => console.log(`  ${i + 1}. ${a.name} (${a.id})`));
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = Number(await terminal.question('Deploy to which account (number)? '));
    const account = accounts[answer - 1];
    if (!account) throw new CliError('No such account; nothing was deployed.');
    return account;
  } finally {
    terminal.close();
  }
}

const account: Step = {
  title: 'Cloudflare account: CLOUDFLARE_API_TOKEN, or `wrangler login` (asked for when missing)',
  run: async () => {
    let accounts = wrangler.whoami();
    if (accounts === null) {
      if (!process.stdin.isTTY) throw new CliError('Not signed in to Cloudflare: set CLOUDFLARE_API_TOKEN, or run `npx wrangler login` first.');
      wrangler.login();
      accounts = wrangler.whoami();
      if (accounts === null) throw new CliError('Still not signed in to Cloudflare after wrangler login; nothing was deployed.');
    }
    const chosen = chosenAccount(accounts, process.env.CLOUDFLARE_ACCOUNT_ID) ?? (await askAccount(accounts));
    // Every wrangler call after this one acts on this account without asking again.
    process.env.CLOUDFLARE_ACCOUNT_ID = chosen.id;
    console.log(`Deploying to the account "${chosen.name}" (${chosen.id}).`);
  },
};

const migrationsSummary = (state: DeployState) => `${migrationFiles(state.migrationsDir).length} in ${path.relative(PROJECT_ROOT, state.migrationsDir)}/`;

const migrateExisting = (database: string): Step => ({
  title: `Apply the migrations to D1 "${database}" if it exists already, before the new code goes up`,
  run: (state) => {
    state.databaseExisted = wrangler.d1DatabaseNames().includes(database);
    if (!state.databaseExisted) console.log(`No D1 database "${database}" yet: the deploy creates it, then it is migrated.`);
    else wrangler.applyRemoteMigrations(database);
  },
});

const deployWorker = (config: DeployConfig): Step => ({
  title: `wrangler deploy: upload the Worker and its assets; create or reuse ${
    config.resources.map((r) => `${r.kind} "${r.name ?? '?'}"`).join(', ') || 'no resources'
  }`,
  run: (state) => {
    state.targets = wrangler.deploy();
  },
});

const migrateCreated = (database: string): Step => ({
  title: `Apply the migrations to D1 "${database}" if the deploy has just created it`,
  run: (state) => {
    if (state.databaseExisted === false) wrangler.applyRemoteMigrations(database);
    else console.log(`Already migrated (${migrationsSummary(state)}).`);
  },
});

const secrets: Step = {
  title: 'Secrets SESSION_SECRET and PASSWORD_PEPPER: each missing one set to 64 random characters (through stdin, never printed)',
  run: (state) => {
    const missing = missingSecrets(wrangler.listSecrets());
    if (missing.length === 0) console.log('Both secrets are set.');
    for (const name of missing) {
      const value = randomSecret();
      wrangler.putSecret(name, value);
      if (name === PEPPER) state.pepper = value;
      console.log(`Set ${name} (a new random value).`);
    }
  },
};

/** The production pepper: this run's, else PASSWORD_PEPPER from the environment, else a new one while no account depends on it. */
function pepperForAdmin(state: DeployState, users: number): string | null {
  if (state.pepper) return state.pepper;
  if (process.env[PEPPER]) return process.env[PEPPER];
  if (users > 0) return null;
  // No password is hashed with the stored pepper yet, so replacing it loses nothing, and its value becomes known.
  const value = randomSecret();
  wrangler.putSecret(PEPPER, value);
  console.log(`Set ${PEPPER} anew (no account used the old one) to hash the admin's password with it.`);
  return (state.pepper = value);
}

const LATER = 'npm run deploy again, or PASSWORD_PEPPER=… npm run admin:create -- --username NAME --email EMAIL --remote';

const firstAdmin: Step = {
  title: `First admin, when there is none: from ${Object.values(ADMIN_VARIABLES).join(', ')}, else asked on the terminal`,
  run: async (state) => {
    const { admins, users } = remoteAccounts();
    if (admins > 0) return console.log(`The site has ${admins === 1 ? 'an admin' : `${admins} admins`} already.`);
    const username = await readAdminField('username', 'Username for the first admin: ');
    const email = await readAdminField('email', "The admin's email address: ");
    if (username === undefined || email === undefined) {
      state.warnings.push(`No admin yet: set ${ADMIN_VARIABLES.username}, ${ADMIN_VARIABLES.email} and ${ADMIN_VARIABLES.password} (or run in a terminal), then ${LATER}.`);
      return;
    }
    const name = await readAdminField('name', `Display name (Enter for "${username}"): `);
    const password = await readAdminPassword('npm run deploy');
    const variableOf = (field: string) => (field in ADMIN_VARIABLES ? ADMIN_VARIABLES[field as keyof typeof ADMIN_VARIABLES] : field);
    const input = await checkedAdminInput({ username, email, name, password }, variableOf);
    const pepper = pepperForAdmin(state, users);
    if (pepper === null) {
      state.warnings.push(`No admin yet, and PASSWORD_PEPPER is set on the Worker but its value is not known here: ${LATER} with PASSWORD_PEPPER set to it.`);
      return;
    }
    await createAdminRemotely(input, pepper);
    console.log(`Created the admin "${input.username}" <${input.email}>.`);
  },
};

const report = (config: DeployConfig): Step => ({
  title: "Print the site's address (and a warning while SITE_URL is empty)",
  run: (state) => {
    const warning = siteUrlWarning(config);
    for (const line of [...state.warnings, ...(warning ? [warning] : [])]) console.warn(`\n⚠ ${line}`);
    const address = siteAddress(state.targets);
    console.log(address ? `\n✓ Byline is live at ${address}` : `\n✓ Deployed; wrangler named no address (targets: ${state.targets.join(', ') || 'none'}).`);
  },
});

/** The deploy, in order. */
export function deploySteps(config: DeployConfig): Step[] {
  const database = config.database?.name ?? 'byline';
  return [checkConfig(config), build, account, migrateExisting(database), deployWorker(config), migrateCreated(database), secrets, firstAdmin, report(config)];
}

/** `--dry-run`: every step that needs no account, offline. */
export function dryRunSteps(config: DeployConfig): Step[] {
  return [
    checkConfig(config),
    build,
    {
      title: `Bundle and validate the Worker without uploading it (wrangler deploy --dry-run --outdir ${DRY_RUN_OUTDIR})`,
      run: () => wrangler.deployDryRun(DRY_RUN_OUTDIR),
    },
  ];
}

/** Runs `steps` in order, each under its numbered title. */
export async function runSteps(steps: readonly Step[], state: DeployState): Promise<void> {
  for (const [i, step] of steps.entries()) {
    console.log(`\n── ${i + 1}/${steps.length} ${step.title}`);
    await step.run(state);
  }
}

/** The numbered plan of `steps`, for the person (and CI's log) to read before anything runs. */
export const planOf = (steps: readonly Step[]): string => steps.map((step, i) => `  ${i + 1}. ${step.title}`).join('\n');
