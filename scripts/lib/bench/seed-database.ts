// A fresh local D1 for the benchmark: the real migrations, then the data set of dataset.ts applied as
// SQL files through `wrangler d1 execute --local --file`, in chunks so no file grows huge.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CliError, d1Execute, PROJECT_ROOT, type D1Target } from '../d1-local';
import { baseSql, featuredSql, pageSql, postsSql, postTagsSql } from './dataset';

const POSTS_PER_FILE = 5000;

export function applyMigrations(persistTo: string): void {
  const wrangler = path.join(PROJECT_ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
  const args = [wrangler, 'd1', 'migrations', 'apply', 'DB', '--local', '--config', 'wrangler.toml', '--persist-to', persistTo];
  const run = spawnSync(process.execPath, args, { cwd: PROJECT_ROOT, encoding: 'utf8', env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' } });
  if (run.status !== 0) throw new CliError(`Migrations failed:\n${run.stdout}\n${run.stderr}`);
}

/** Deletes `persistTo`, applies the migrations and writes `posts` posts; reports progress through `log`. */
export function seedFreshDatabase(persistTo: string, posts: number, now: number, log: (line: string) => void): void {
  rmSync(persistTo, { recursive: true, force: true });
  mkdirSync(persistTo, { recursive: true });
  applyMigrations(persistTo);
  const target: D1Target = { kind: 'local', persistTo };
  const sqlDir = path.join(persistTo, 'seed-sql');
  mkdirSync(sqlDir);
  const apply = (name: string, sql: string) => {
    const file = path.join(sqlDir, name);
    writeFileSync(file, sql, 'utf8');
    d1Execute(target, { file });
    rmSync(file);
  };
  apply('base.sql', baseSql(now));
  for (let from = 1; from <= posts; from += POSTS_PER_FILE) {
    const to = Math.min(posts, from + POSTS_PER_FILE - 1);
    apply(`posts-${from}.sql`, postsSql(from, to, { posts, now }));
    apply(`post-tags-${from}.sql`, postTagsSql(from, to));
    if (posts > POSTS_PER_FILE) log(`  ${to} / ${posts} posts`);
  }
  apply('featured.sql', featuredSql(posts));
  apply('page.sql', pageSql(now));
  d1Execute(target, { command: 'ANALYZE' });
  rmSync(sqlDir, { recursive: true, force: true });
}
