// Small helpers for the Node scripts: paths, errors for the person running them, and,
// where the Worker's bindings are out of reach (the remote D1, the benchmark's bulk data), SQL literals
// and `wrangler d1 execute`. Local writes go through ./local-worker-env.ts instead.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (the folder holding wrangler.toml), whatever the current directory is. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where `wrangler dev` keeps local state by default; the same default as the scripts. */
export const DEFAULT_PERSIST_TO = '.wrangler/state';

/** An error whose message is meant for the person running the script, printed without a stack trace. */
export class CliError extends Error {
  override name = 'CliError';
}

/** Runs a script's main function: prints a CliError's message (or any other error) and exits 1. */
export function runCli(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    if (err instanceof CliError) console.error(`\nError: ${err.message}`);
    else console.error('\nUnexpected error:', err);
    process.exit(1);
  });
}

/** The absolute local persistence folder: `--persist-to` relative to the current directory, or the default. */
export function resolvePersistTo(value: string | undefined): string {
  if (value !== undefined && value.trim() === '') throw new CliError('--persist-to needs a folder.');
  return value === undefined ? path.resolve(PROJECT_ROOT, DEFAULT_PERSIST_TO) : path.resolve(process.cwd(), value);
}

// ── SQL literals ─────────────────────────────────────────────────────────────────────────────────

/**
 * A string as an SQL literal: single quotes doubled. wrangler scans the raw SQL text for
 * "BEGIN TRANSACTION" (even inside literals), so that phrase is split into two concatenated literals.
 */
export function sqlString(value: string): string {
  const quote = (s: string): string => `'${s.replace(/'/g, "''")}'`;
  return value.split('BEGIN TRANSACTION').map(quote).join(" || 'BEGIN' || ' TRANSACTION' || ");
}

/** A value as an SQL literal: strings quoted, finite integers as digits, null as NULL. */
export function sqlValue(value: string | number | null): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`Not an integer for SQL: ${value}`);
    return String(value);
  }
  return sqlString(value);
}

// ── wrangler d1 execute ──────────────────────────────────────────────────────────────────────────

export type D1Target = { kind: 'local'; persistTo: string } | { kind: 'remote' };

export interface D1Result {
  results: Record<string, unknown>[];
  success: boolean;
}

export function describeTarget(target: D1Target): string {
  return target.kind === 'remote' ? 'the remote (deployed) D1 database' : `the local D1 database in ${target.persistTo}`;
}

/**
 * node_modules/wrangler run on this Node (22, decision 056), or npx where it is not installed. BYLINE_WRANGLER
 * names another script to run instead: the deploy's tests use a stand-in that answers as Cloudflare would.
 */
export function wranglerCommand(): { cmd: string; prefix: string[] } {
  const standIn = process.env.BYLINE_WRANGLER;
  if (standIn) return { cmd: process.execPath, prefix: [standIn] };
  const bin = path.join(PROJECT_ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
  if (existsSync(bin)) return { cmd: process.execPath, prefix: [bin] };
  return { cmd: process.platform === 'win32' ? 'npx.cmd' : 'npx', prefix: ['wrangler'] };
}

/** Finds the JSON document in wrangler's output (it is the whole output with --json, but be lenient). */
export function parseJsonOutput(stdout: string): unknown {
  const text = stdout.trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    const start = text.search(/^[[{]/m);
    if (start === -1) return undefined;
    try {
      return JSON.parse(text.slice(start));
    } catch {
      return undefined;
    }
  }
}

/**
 * Runs `wrangler d1 execute DB --local|--remote --config wrangler.toml [--persist-to DIR] --json`
 * with either `--command SQL` or `--file PATH`, and returns one result per statement.
 * Throws a CliError with wrangler's own message when it fails.
 */
export function d1Execute(target: D1Target, input: { command: string } | { file: string }): D1Result[] {
  const args = ['d1', 'execute', 'DB', '--config', 'wrangler.toml', '--json', '--yes'];
  if (target.kind === 'local') args.push('--local', '--persist-to', target.persistTo);
  else args.push('--remote');
  if ('command' in input) args.push('--command', input.command);
  else args.push('--file', input.file);

  const { cmd, prefix } = wranglerCommand();
  const run = spawnSync(cmd, [...prefix, ...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  if (run.error) throw new CliError(`Could not run wrangler: ${run.error.message}`);

  const output = parseJsonOutput(run.stdout);
  const failure =
    output && typeof output === 'object' && !Array.isArray(output) && 'error' in output
      ? (output as { error?: { text?: unknown } }).error
      : undefined;
  if (run.status !== 0 || failure !== undefined || !Array.isArray(output)) {
    const detail =
      (typeof failure?.text === 'string' && failure.text) ||
      run.stderr
        .split('\n')
        .filter((l) => l.trim() !== '' && !/^npm warn/i.test(l))
        .join('\n')
        .trim() ||
      run.stdout.trim() ||
      `exit code ${run.status ?? 'unknown'}`;
    throw new CliError(`wrangler d1 execute failed on ${describeTarget(target)}:\n  ${detail.replace(/\n/g, '\n  ')}`);
  }
  return output as D1Result[];
}

/** Adds a hint to errors that mean the schema is missing (from wrangler's output or from a D1 binding). */
export function withMigrationHint(err: unknown, target: D1Target): unknown {
  // drizzle wraps a D1 error as "Failed query: <sql>" with D1's own message as the cause.
  const detail = err instanceof CliError ? err.message : err instanceof Error && err.cause instanceof Error ? err.cause.message : '';
  if (/no such (table|column)/i.test(detail)) {
    const rel = target.kind === 'local' ? path.relative(PROJECT_ROOT, target.persistTo) : '';
    const dir = target.kind === 'local' && (rel === '' || rel.startsWith('..')) ? target.persistTo : rel;
    const where = target.kind === 'remote' ? '--remote' : `--local --persist-to ${dir}`;
    return new CliError(
      `${detail}\nThe database schema is missing or out of date: apply the migrations first with\n` +
        `  npx wrangler d1 migrations apply DB ${where} --config wrangler.toml`,
    );
  }
  return err;
}
