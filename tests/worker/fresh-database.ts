// The database each Worker test file starts from. Test files share one runtime and its local D1 (isolate: false in
// vitest.worker.config.ts): the real migrations are applied once, the rows they leave are kept in memory, and every
// later file first empties every table and puts those rows back.
import { applyD1Migrations, type D1Migration } from 'cloudflare:test';

type Row = Record<string, unknown>;
interface Baseline {
  tables: string[];
  rows: Map<string, Row[]>;
}

// On globalThis: the runtime outlives a test file's module graph.
const held = globalThis as { bylineTestBaseline?: Baseline };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables tests write: every ordinary table but SQLite's, D1's and the search index's own. */
async function dataTables(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'
         AND name NOT LIKE 'd1_%' AND name NOT LIKE 'posts_fts%' ORDER BY name`,
    )
    .all<{ name: string }>();
  return results.map((r) => r.name);
}

async function migrate(db: D1Database, migrations: D1Migration[]): Promise<Baseline> {
  await applyD1Migrations(db, migrations);
  const tables = await dataTables(db);
  const contents = await db.batch<Row>(tables.map((t) => db.prepare(`SELECT * FROM ${quote(t)}`)));
  const rows = new Map<string, Row[]>();
  tables.forEach((t, i) => {
    const found = contents[i]?.results ?? [];
    if (found.length > 0) rows.set(t, found);
  });
  return { tables, rows };
}

function insertRow(db: D1Database, table: string, row: Row): D1PreparedStatement {
  const columns = Object.keys(row);
  return db
    .prepare(`INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
    .bind(...columns.map((c) => row[c] ?? null));
}

export async function freshDatabase(db: D1Database, migrations: D1Migration[]): Promise<void> {
  const baseline = held.bylineTestBaseline;
  if (!baseline) {
    held.bylineTestBaseline = await migrate(db, migrations);
    return;
  }
  // Deleting fires the tables' triggers (search index, counts, generation); then the migrations' rows go back,
  // and the content generation moves on so that no answer an earlier file cached can match.
  await db.batch([
    db.prepare('PRAGMA defer_foreign_keys = on'),
    ...baseline.tables.map((t) => db.prepare(`DELETE FROM ${quote(t)}`)),
    ...[...baseline.rows].flatMap(([t, rows]) => rows.map((row) => insertRow(db, t, row))),
    db.prepare('UPDATE site_state SET generation = abs(random()) % 4503599627370496'),
  ]);
}
