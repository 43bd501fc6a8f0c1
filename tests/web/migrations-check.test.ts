// @vitest-environment node
// What the check npm test runs on the drizzle migrations (scripts/check-migrations.ts) finds: a schema
// change without its migration, a migration the journal or the snapshots leave out, and a migration whose SQL
// builds something else than the schema says (issue 24 item 7).
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsAgainstSnapshot } from '../../scripts/lib/migrated-schema';
import { pendingMigration, unrecordedMigrations } from '../../scripts/lib/pending-migration';

const ROOT = process.cwd();
const scratch: string[] = [];
const scratchDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'byline-migrations-test-'));
  scratch.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a schema change without a migration', () => {
  it('a column added to the schema without a migration is found', async () => {
    const schema = readFileSync(join(ROOT, 'worker/db/schema.ts'), 'utf8');
    const withColumn = schema.replace("bio: text().notNull().default(''),", "bio: text().notNull().default(''),\n    nickname: text(),");
    expect(withColumn).not.toBe(schema);
    // The whole folder, where it sits: schema.ts imports its neighbours (schema-jobs.ts), and they the contracts.
    const scratchRoot = scratchDir();
    const db = join(scratchRoot, 'worker/db');
    cpSync(join(ROOT, 'worker/db'), db, { recursive: true });
    cpSync(join(ROOT, 'contracts'), join(scratchRoot, 'contracts'), { recursive: true });
    const changed = join(db, 'schema.ts');
    writeFileSync(changed, withColumn);
    expect((await pendingMigration(ROOT, [changed])).sql).toMatch(/ALTER TABLE `users` ADD `nickname` text/);
  }, 60_000);
});

describe('a migration missing from migrations/meta', () => {
  it('names a hand-written migration left out of the journal', () => {
    const copy = join(scratchDir(), 'migrations');
    cpSync(join(ROOT, 'migrations'), copy, { recursive: true });
    writeFileSync(join(copy, '0099_triggers_only.sql'), 'SELECT 1;');
    expect(unrecordedMigrations(copy)).toEqual(['0099_triggers_only']);
  });

  it('names a migration whose snapshot is missing', () => {
    const copy = join(scratchDir(), 'migrations');
    cpSync(join(ROOT, 'migrations'), copy, { recursive: true });
    unlinkSync(join(copy, 'meta/0014_snapshot.json'));
    expect(unrecordedMigrations(copy)).toEqual(['0014_cover_alt_and_admin_sorts']);
  });
});

describe("the migrations' SQL against the schema", () => {
  const migrationsWith = (sql: string) => {
    const copy = join(scratchDir(), 'migrations');
    cpSync(join(ROOT, 'migrations'), copy, { recursive: true });
    writeFileSync(join(copy, '0099_hand_written.sql'), sql);
    return copy;
  };

  it('the repository\'s migrations build exactly the tables, columns, indexes and foreign keys worker/db/schema.ts describes', () => {
    expect(migrationsAgainstSnapshot(join(ROOT, 'migrations'))).toEqual({ built: [], missing: [] });
  });

  it('a hand-written migration adding a column the schema lacks is found', () => {
    expect(migrationsAgainstSnapshot(migrationsWith('ALTER TABLE `users` ADD `nickname` text;'))).toEqual({
      built: ['users.nickname text default '],
      missing: [],
    });
  });

  it('a migration dropping an index the schema declares, or building it differently, is found', () => {
    const dropped = migrationsAgainstSnapshot(migrationsWith('DROP INDEX `users_name_idx`;'));
    expect(dropped).toEqual({ built: [], missing: ['users index users_name_idx (name collate nocase)'] });
    const changed = migrationsAgainstSnapshot(migrationsWith('DROP INDEX `users_name_idx`;\nCREATE INDEX `users_name_idx` ON `users` (`name`);'));
    expect(changed).toEqual({ built: ['users index users_name_idx (name)'], missing: ['users index users_name_idx (name collate nocase)'] });
  });

  it('names a migration whose SQL fails on the ones before it', () => {
    expect(() => migrationsAgainstSnapshot(migrationsWith('ALTER TABLE `nowhere` ADD `x` text;'))).toThrow(/^0099_hand_written\.sql fails on an empty SQLite/);
  });
});
