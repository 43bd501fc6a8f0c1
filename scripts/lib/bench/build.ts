// Builds Byline (vite build) when the built Worker is missing or older than any source file.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { CliError, PROJECT_ROOT } from '../d1-local';

const SOURCES = ['worker', 'web', 'contracts', 'migrations', 'wrangler.toml', 'vite.config.ts', 'package-lock.json', '.dev.vars'];
const BUILT = path.join(PROJECT_ROOT, 'dist', 'byline', 'wrangler.json');

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stat.mtimeMs);
}

/** True when a build ran. */
export function buildIfNeeded(log: (line: string) => void): boolean {
  const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((s) => newestChange(path.join(PROJECT_ROOT, s))));
  if (builtAt > changedAt) return false;
  log('Building (vite build) …');
  const run = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new CliError(`vite build failed:\n${run.stdout}\n${run.stderr}`);
  return true;
}
