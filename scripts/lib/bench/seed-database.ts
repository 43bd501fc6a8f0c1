// A fresh local D1 for the benchmark: the real migrations, then the data set of dataset*.ts applied as
// SQL files through `wrangler d1 execute --local --file`, in chunks so no file grows huge; the images' bytes go
// into the local R2 bucket through wrangler's platform proxy, where `wrangler dev --persist-to` reads them.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CliError, d1Execute, PROJECT_ROOT, type D1Target } from '../d1-local';
import { withLocalWorkerEnv } from '../local-worker-env';
import { baseSql, featuredSql, postsSql, postTagsSql } from './dataset';
import { commentsSql } from './dataset-comments';
import { mediaSql, readBenchImages, type BenchImage } from './dataset-media';
import { menusSql, pagesSql } from './dataset-pages';

const POSTS_PER_FILE = 5000;

export function applyMigrations(persistTo: string): void {
  const wrangler = path.join(PROJECT_ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
  const args = [wrangler, 'd1', 'migrations', 'apply', 'DB', '--local', '--config', 'wrangler.toml', '--persist-to', persistTo];
  const run = spawnSync(process.execPath, args, { cwd: PROJECT_ROOT, encoding: 'utf8', env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' } });
  if (run.status !== 0) throw new CliError(`Migrations failed:\n${run.stdout}\n${run.stderr}`);
}

/** The images' bytes under their keys in the MEDIA bucket of `persistTo`, as the upload route puts them. */
async function storeImages(persistTo: string, images: readonly BenchImage[]): Promise<void> {
  await withLocalWorkerEnv(persistTo, async ({ media }) => {
    for (const { key, image } of images) await media.put(key, image.bytes, { httpMetadata: { contentType: image.kind.contentType } });
  });
}

/** Deletes `persistTo`, applies the migrations and writes `posts` posts; reports progress through `log`. */
export async function seedFreshDatabase(persistTo: string, posts: number, now: number, log: (line: string) => void): Promise<void> {
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
  const images = readBenchImages();
  const imageSizes = new Map(
    images.flatMap(({ key, image: { width, height } }) => (width !== null && height !== null ? [[key, { width, height }] as const] : [])),
  );
  apply('base.sql', baseSql(now) + mediaSql(images, now));
  let commentId = 1;
  for (let from = 1; from <= posts; from += POSTS_PER_FILE) {
    const to = Math.min(posts, from + POSTS_PER_FILE - 1);
    // One file per chunk: each `wrangler d1 execute` costs a few seconds of start-up on a loaded machine.
    const comments = commentsSql(from, to, { posts, now, firstId: commentId });
    apply(`posts-${from}.sql`, postsSql(from, to, { posts, now, imageSizes }) + postTagsSql(from, to) + comments.sql);
    commentId = comments.nextId;
    if (posts > POSTS_PER_FILE) log(`  ${to} / ${posts} posts`);
  }
  apply('pages.sql', featuredSql(posts) + pagesSql(images, now) + menusSql());
  await storeImages(persistTo, images);
  d1Execute(target, { command: 'ANALYZE' });
  rmSync(sqlDir, { recursive: true, force: true });
}
