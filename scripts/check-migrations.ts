// npm run check:migrations (part of npm test): fails when migrations/meta does not record every migration,
// when worker/db/schema.ts and the newest snapshot disagree, i.e. when `npx drizzle-kit generate` would
// write a migration (or ask whether a column was renamed) — docs/decisions/038 —, or when the migrations' SQL
// builds other tables than that snapshot describes (a hand-written migration that says something else, 060).
import './lib/node-22.mjs';
import { migrationsAgainstSnapshot } from './lib/migrated-schema';
import { drizzleConfig, pendingMigration, unrecordedMigrations } from './lib/pending-migration';

const HOW = 'Add the migration: npx drizzle-kit generate --name <what>, then edit its SQL where needed (docs/decisions/038).';

function fail(message: string): never {
  console.error(`✗ ${message}`);
  process.exit(1);
}

const root = process.cwd();
const { out } = await drizzleConfig(root);
const unrecorded = unrecordedMigrations(out);
if (unrecorded.length > 0) {
  fail(`migrations/meta does not record ${unrecorded.join(', ')}: each needs a journal entry (idx = its number) and a snapshot.`);
}
const pending = await pendingMigration(root).catch((error: unknown) => fail(`${error instanceof Error ? error.message : String(error)}\n${HOW}`));
if (pending.sql !== null) {
  fail(`${pending.output}\nworker/db/schema.ts differs from the snapshot in migrations/meta: drizzle-kit generate would write\n\n${pending.sql}\n\n${HOW}`);
}
const { built, missing } = migrationsAgainstSnapshot(out);
if (built.length + missing.length > 0) {
  const lines = (facts: string[]) => facts.map((fact) => `\n    ${fact}`).join('') || ' (nothing)';
  fail(
    "The migrations' SQL, applied in order to an empty SQLite, builds another schema than worker/db/schema.ts:\n" +
      `  built by the SQL, not in the schema:${lines(built)}\n  in the schema, not built by the SQL:${lines(missing)}\n` +
      'Make the hand-written migration and worker/db/schema.ts say the same.',
  );
}
console.log(
  '✓ migrations/meta records every migration and describes worker/db/schema.ts (drizzle-kit generate has nothing to write),\n' +
    "  and the migrations' SQL builds exactly those tables, columns, indexes and foreign keys",
);
