// What `npm run deploy` reads and decides without touching Cloudflare: the resources wrangler.toml names, the
// problems that would make a deploy fail or half-work, and the answers read back from wrangler's JSON output.
// Offline and pure apart from reading files, so tests/web/deploy-plan.test.ts runs it as is (decision 060).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { unstable_readConfig } from 'wrangler';
import { REQUIRED_SECRETS } from '../../worker/lib/required-secrets';
import { CliError, parseJsonOutput } from './d1-local';

export interface CloudflareAccount {
  id: string;
  name: string;
}

/** A resource wrangler's provisioning creates on deploy, or reuses when the account has one of that name. */
export interface ProvisionedResource {
  kind: 'D1 database' | 'R2 bucket' | 'queue';
  binding: string;
  name: string | undefined;
  /** An id written in the config (D1 only); none means "found or created by name". */
  id?: string | undefined;
}

export interface DeployConfig {
  configPath: string;
  workerName: string;
  resources: ProvisionedResource[];
  /** The D1 database the Worker's queries use (binding DB) and its migrations folder, absolute. */
  database: { name: string | undefined; migrationsDir: string | undefined } | undefined;
  siteUrl: string;
}

/** The part of wrangler's normalized config read here (its own type comes from a package wrangler bundles). */
interface WranglerConfig {
  name?: string;
  d1_databases: { binding: string; database_name?: string; database_id?: string; migrations_dir?: string }[];
  r2_buckets: { binding: string; bucket_name?: string }[];
  queues: { producers?: { binding: string; queue?: string }[] };
  vars: Record<string, unknown>;
}

/** wrangler.toml as wrangler itself reads and validates it (a malformed file fails here, offline). */
export function readDeployConfig(configPath: string): DeployConfig {
  let config: WranglerConfig;
  try {
    config = unstable_readConfig({ config: configPath }, { hideWarnings: true, useRedirectIfAvailable: false }) as WranglerConfig;
  } catch (err) {
    throw new CliError(`${configPath} is not a valid wrangler config: ${err instanceof Error ? err.message : String(err)}`);
  }
  const dir = path.dirname(path.resolve(configPath));
  const db = config.d1_databases.find((d) => d.binding === 'DB');
  return {
    configPath,
    workerName: config.name ?? '',
    resources: [
      ...config.d1_databases.map((d) => ({ kind: 'D1 database' as const, binding: d.binding, name: d.database_name, id: d.database_id })),
      ...config.r2_buckets.map((b) => ({ kind: 'R2 bucket' as const, binding: b.binding, name: b.bucket_name })),
      ...(config.queues.producers ?? []).map((q) => ({ kind: 'queue' as const, binding: q.binding, name: q.queue })),
    ],
    database: db && { name: db.database_name, migrationsDir: db.migrations_dir === undefined ? undefined : path.resolve(dir, db.migrations_dir) },
    siteUrl: typeof config.vars.SITE_URL === 'string' ? config.vars.SITE_URL : '',
  };
}

/** A UUID that is zeros apart from its version and variant digits: a stand-in, not a database. */
const PLACEHOLDER_ID = /^0{8}-0{4}-[0-9a-f]0{3}-[0-9a-f]0{3}-0{12}$/i;

/**
 * Why this config cannot be deployed by one command: a resource without a name to create or find it by, a
 * placeholder database id, or a D1 migrations folder that is not the one drizzle-kit writes. Empty when fine.
 */
export function configProblems(config: DeployConfig, drizzleMigrationsDir: string): string[] {
  const problems: string[] = [];
  if (config.workerName === '') problems.push('the Worker has no name');
  for (const r of config.resources) {
    if (!r.name) problems.push(`the ${r.kind} of binding ${r.binding} has no name: provisioning creates and finds it by name`);
    if (r.id !== undefined && PLACEHOLDER_ID.test(r.id)) {
      problems.push(`database_id "${r.id}" of binding ${r.binding} is a placeholder: remove the line (the deploy finds or creates "${r.name}")`);
    }
  }
  if (config.database === undefined) problems.push('no D1 database has the binding DB');
  else if (config.database.migrationsDir !== path.resolve(drizzleMigrationsDir)) {
    problems.push(`migrations_dir of DB is ${config.database.migrationsDir ?? 'unset'}, but drizzle-kit writes the migrations to ${drizzleMigrationsDir}`);
  } else if (migrationFiles(drizzleMigrationsDir).length === 0) problems.push(`${drizzleMigrationsDir} holds no migrations`);
  return problems;
}

/** The migrations wrangler applies, in its order (file name). */
export function migrationFiles(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.sql')).sort() : [];
}

/** A warning for the person deploying when SITE_URL is empty (mail, feeds, sitemaps and robots.txt need it). */
export function siteUrlWarning(config: DeployConfig): string | null {
  if (config.siteUrl !== '') return null;
  return (
    `SITE_URL is empty in ${config.configPath} [vars]: no mail is sent and the feeds, sitemaps and robots.txt answer 503 until\n` +
    `  it is set to the site's address (https://…: the address the deploy prints, or your own domain), then \`npm run deploy\` again.`
  );
}

/** The secrets the Worker needs that `listed` (from `wrangler secret list`) lacks. */
export function missingSecrets(listed: readonly string[]): string[] {
  return REQUIRED_SECRETS.filter((name) => !listed.includes(name));
}

/** The names in `wrangler secret list --format json` output ([{ name, type }]). */
export function secretNames(stdout: string): string[] {
  const list = parseJsonOutput(stdout);
  if (!Array.isArray(list)) throw new CliError('wrangler secret list answered something other than a list.');
  return list.map((s: { name?: unknown }) => String(s.name));
}

/** The targets of the deploy entry in wrangler's output file (one JSON object a line, WRANGLER_OUTPUT_FILE_PATH). */
export function deployTargets(ndjson: string): string[] {
  const entries = ndjson
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { type?: string; targets?: unknown });
  const deployed = entries.findLast((entry) => entry.type === 'deploy');
  return Array.isArray(deployed?.targets) ? deployed.targets.map(String) : [];
}

/** The site's address among the deploy's targets: the workers.dev URL, else the first custom domain or route. */
export function siteAddress(targets: readonly string[]): string | undefined {
  const workersDev = targets.find((t) => /^https:\/\/[^/\s]+\.workers\.dev$/.test(t));
  if (workersDev) return workersDev;
  const domain = targets.find((t) => /^[a-z0-9.-]+\.[a-z]{2,}(\/\*?)?$/i.test(t));
  return domain && `https://${domain.replace(/\/\*?$/, '')}`;
}

/**
 * The account wrangler will act on: the only one, or CLOUDFLARE_ACCOUNT_ID's, or null when the person must
 * choose (wrangler without a terminal refuses to guess among several).
 */
export function chosenAccount(accounts: readonly CloudflareAccount[], accountIdFromEnv: string | undefined): CloudflareAccount | null {
  if (accountIdFromEnv) {
    const account = accounts.find((a) => a.id === accountIdFromEnv);
    if (!account) throw new CliError(`CLOUDFLARE_ACCOUNT_ID ${accountIdFromEnv} is not one of this login's accounts.`);
    return account;
  }
  if (accounts.length === 0) throw new CliError('This Cloudflare login has no account to deploy to.');
  return accounts.length === 1 ? (accounts[0] ?? null) : null;
}
