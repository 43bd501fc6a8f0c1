// What `drizzle-kit generate` would write for the schema, found without writing it: drizzle-kit runs on a
// throwaway copy of the migrations folder (its journal and snapshots, docs/decisions/038) and the copy is
// read back. Offline; about a second.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface PendingMigration {
  /** The SQL drizzle-kit would write, or null when the snapshot already describes the schema. */
  sql: string | null;
  /** drizzle-kit's output, for the reader of a failure. */
  output: string;
}

interface DrizzleConfig {
  schema: string | string[];
  out: string;
  [option: string]: unknown;
}

const NOTHING_TO_MIGRATE = 'No schema changes, nothing to migrate';
const TIMEOUT_MS = 60_000;

/** drizzle.config.ts of the repository at `root`, with `out` (the migrations folder) as an absolute path. */
export async function drizzleConfig(root: string): Promise<DrizzleConfig> {
  const { default: config } = (await import(join(root, 'drizzle.config.ts'))) as { default: Partial<DrizzleConfig> };
  if (!config.schema) throw new Error('drizzle.config.ts names no schema');
  return { ...config, schema: config.schema, out: resolve(root, config.out ?? 'drizzle') };
}

/** `schema` (paths from `root`) stands in for the config's schema, e.g. a changed copy of it. */
export async function pendingMigration(root: string, schema?: string[]): Promise<PendingMigration> {
  const config = await drizzleConfig(root);
  const work = mkdtempSync(join(tmpdir(), 'byline-migrations-'));
  try {
    const out = join(work, 'migrations');
    cpSync(config.out, out, { recursive: true });
    const before = new Set(readdirSync(out));
    const schemas = (schema ?? [config.schema].flat()).map((path) => resolve(root, path));
    writeFileSync(join(work, 'drizzle.config.json'), JSON.stringify({ ...config, schema: schemas, out: 'migrations' }));
    // drizzle-kit reads its snapshots by paths relative to its working directory, so it runs inside the copy;
    // NODE_PATH lets a schema outside the repository (a test's changed copy) import drizzle-orm.
    const run = spawnSync(join(root, 'node_modules/.bin/drizzle-kit'), ['generate', '--config', 'drizzle.config.json'], {
      cwd: work,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'], // no terminal: a "renamed or new column?" question fails instead of waiting
      timeout: TIMEOUT_MS,
      env: { ...process.env, NODE_PATH: join(root, 'node_modules'), FORCE_COLOR: '0' },
    });
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    const written = readdirSync(out).filter((name) => !before.has(name) && name.endsWith('.sql'));
    if (written.length > 0) return { sql: written.map((name) => readFileSync(join(out, name), 'utf8')).join('\n'), output };
    // drizzle-kit exits 0 after errors too (a malformed snapshot, a question it cannot ask): only its own
    // words mean "nothing to do".
    if (run.status === 0 && output.includes(NOTHING_TO_MIGRATE)) return { sql: null, output };
    throw new Error(`drizzle-kit generate did not finish (exit ${run.status ?? run.signal}):\n${output}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Migrations the journal or the snapshots leave out: each NNNN_name.sql needs a journal entry with idx NNNN
 * (drizzle-kit numbers the next migration after the last idx) and NNNN_snapshot.json.
 */
export function unrecordedMigrations(migrationsDir: string): string[] {
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  const numberOf = (name: string) => name.slice(0, 4);
  const recorded = new Set(journal.entries.filter((entry) => numberOf(entry.tag) === String(entry.idx).padStart(4, '0')).map((entry) => entry.tag));
  const snapshots = new Set(readdirSync(join(migrationsDir, 'meta')));
  return readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .map((name) => name.slice(0, -'.sql'.length))
    .filter((tag) => !recorded.has(tag) || !snapshots.has(`${numberOf(tag)}_snapshot.json`));
}
