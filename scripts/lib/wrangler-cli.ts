// Every wrangler call `npm run deploy` makes, one function each, so scripts/deploy.ts reads as a list of steps.
// wrangler runs as a child process (its commands are its stable interface); answers are read from its JSON
// output (`--json`, `--format json`, WRANGLER_OUTPUT_FILE_PATH), never from its human-readable lines.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CliError, parseJsonOutput, PROJECT_ROOT, wranglerCommand } from './d1-local';
import { type CloudflareAccount, deployTargets, secretNames } from './deploy-plan';

/** The source config: d1 and secret commands name the database and the Worker from it (the built one differs). */
const SOURCE_CONFIG = ['--config', 'wrangler.toml'];

interface WranglerRun {
  /** What wrangler reads on stdin: a secret's value (never an argument), or nothing. */
  input?: string;
  /** Show wrangler's output as it runs (true) or keep stdout to read an answer from it (false). */
  show: boolean;
  /** Environment added to the process's own (e.g. CI=true: no prompts). */
  env?: Record<string, string>;
  /** What to do about a failure, added to wrangler's own words. */
  hint?: string;
}

/** Runs wrangler to its end; never interactive: stdin is the given input or nothing, so wrangler asks nothing. */
function spawnWrangler(args: string[], run: WranglerRun) {
  const { cmd, prefix } = wranglerCommand();
  const options: SpawnSyncOptions = {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    input: run.input ?? '',
    stdio: ['pipe', run.show ? 'inherit' : 'pipe', run.show ? 'inherit' : 'pipe'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', ...run.env },
  };
  const result = spawnSync(cmd, [...prefix, ...args], options);
  if (result.error) throw new CliError(`Could not run wrangler: ${result.error.message}`);
  return { status: result.status, stdout: String(result.stdout ?? ''), failure: `${String(result.stderr ?? '')}${String(result.stdout ?? '')}`.trim() };
}

/**
 * Runs wrangler and returns its stdout. Without a terminal on stdin wrangler takes its non-interactive
 * defaults: provisioning creates the resources the config names and writes no ids back into wrangler.toml.
 * A failure ends the deploy with wrangler's own words.
 */
function wrangler(args: string[], run: WranglerRun): string {
  const result = spawnWrangler(args, run);
  if (result.status !== 0) {
    const said = run.show ? '' : `\n  ${result.failure.replace(/\n/g, '\n  ')}`;
    const hint = run.hint ? `\n${run.hint}` : '';
    throw new CliError(`wrangler ${args.slice(0, 2).join(' ')} failed (exit ${result.status ?? 'signal'}).${said}${hint}`);
  }
  return result.stdout;
}

/** The signed-in user's accounts, or null when wrangler has no credentials (no login, no CLOUDFLARE_API_TOKEN). */
export function whoami(): CloudflareAccount[] | null {
  const result = spawnWrangler(['whoami', '--json'], { show: false });
  const answer = parseJsonOutput(result.stdout) as { loggedIn?: boolean; accounts?: CloudflareAccount[] } | undefined;
  if (answer?.loggedIn === false) return null;
  if (result.status !== 0 || answer === undefined) throw new CliError(`wrangler whoami failed:\n  ${result.failure.replace(/\n/g, '\n  ')}`);
  return answer.accounts ?? [];
}

/** `wrangler login`: opens the browser; the only call that talks to the person (it needs the terminal). */
export function login(): void {
  const { cmd, prefix } = wranglerCommand();
  const result = spawnSync(cmd, [...prefix, 'login'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new CliError('wrangler login did not finish; nothing was deployed.');
}

/** Names of the account's D1 databases. */
export function d1DatabaseNames(): string[] {
  const list = parseJsonOutput(wrangler(['d1', 'list', '--json', ...SOURCE_CONFIG], { show: false }));
  if (!Array.isArray(list)) throw new CliError('wrangler d1 list --json answered something other than a list.');
  return list.map((db: { name?: unknown }) => String(db.name));
}

/** `wrangler d1 migrations apply NAME --remote`: the database found by its name (no id in wrangler.toml). */
export function applyRemoteMigrations(databaseName: string): void {
  wrangler(['d1', 'migrations', 'apply', databaseName, '--remote', ...SOURCE_CONFIG], { show: true });
}

/**
 * `wrangler deploy` of the build (vite build's dist/byline/wrangler.json, found through .wrangler/deploy):
 * uploads the Worker and its assets and provisions every binding without an id. Returns its targets (URLs,
 * routes, schedules) from wrangler's output file.
 */
export function deploy(): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'byline-deploy-'));
  const outputFile = path.join(dir, 'wrangler-output.ndjson');
  try {
    wrangler(['deploy'], {
      show: true,
      env: { WRANGLER_OUTPUT_FILE_PATH: outputFile },
      // A new account has no workers.dev subdomain, and wrangler asks for one only in its own interactive mode.
      hint: 'If wrangler says the account has no workers.dev subdomain, register one at the link it gives (once per account), then run npm run deploy again.',
    });
    return existsSync(outputFile) ? deployTargets(readFileSync(outputFile, 'utf8')) : [];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `wrangler deploy --dry-run`: bundles and validates the build offline, uploads nothing. */
export function deployDryRun(outdir: string): void {
  wrangler(['deploy', '--dry-run', '--outdir', outdir], { show: true, env: { CI: 'true' } });
}

/** Names of the Worker's secrets (values are never readable back). */
export function listSecrets(): string[] {
  return secretNames(wrangler(['secret', 'list', '--format', 'json', ...SOURCE_CONFIG], { show: false }));
}

/** `wrangler secret put NAME` with the value on stdin: never on a command line, never printed. */
export function putSecret(name: string, value: string): void {
  wrangler(['secret', 'put', name, ...SOURCE_CONFIG], { show: false, input: value });
}
