// Whether the migrations' SQL builds the schema drizzle-kit's newest snapshot describes (and so, by
// check:migrations' other half, worker/db/schema.ts): every migration applied in order to an empty in-memory
// SQLite (node:sqlite, the engine D1 runs), then each table's columns, indexes and foreign keys compared with
// the snapshot. Catches a hand-written migration that says something else than schema.ts (decision 060).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

interface SnapshotColumn {
  name: string;
  type: string;
  primaryKey: boolean;
  notNull: boolean;
  default?: string | number | boolean;
}
interface SnapshotTable {
  columns: Record<string, SnapshotColumn>;
  indexes: Record<string, { columns: string[]; isUnique: boolean }>;
  foreignKeys: Record<string, { tableTo: string; columnsFrom: string[]; columnsTo: string[]; onDelete?: string }>;
  compositePrimaryKeys: Record<string, { columns: string[] }>;
}

/** One line per fact: the same notation for both sides, so a difference reads as the line that differs. */
type Facts = Set<string>;

/** SQL text compared loosely: quotes, outer parentheses, spacing and case aside; true and false as the 1 and 0 they are. */
const norm = (sql: string | number | boolean | null | undefined): string => {
  const text = String(sql ?? '').replace(/["`]/g, '').replace(/\s+/g, ' ').replace(/^\((.*)\)$/, '$1').trim().toLowerCase();
  return text === 'true' ? '1' : text === 'false' ? '0' : text;
};

function snapshotFacts(tables: Record<string, SnapshotTable>): Facts {
  const facts: Facts = new Set();
  for (const [table, t] of Object.entries(tables)) {
    const compositeKey = new Set(Object.values(t.compositePrimaryKeys).flatMap((k) => k.columns));
    for (const c of Object.values(t.columns)) {
      const key = c.primaryKey || compositeKey.has(c.name);
      facts.add(`${table}.${c.name} ${c.type.toLowerCase()}${c.notNull || (key && !compositeKey.has(c.name)) ? ' not null' : ''}${key ? ' key' : ''} default ${norm(c.default)}`);
    }
    for (const [name, index] of Object.entries(t.indexes)) facts.add(`${table} ${index.isUnique ? 'unique ' : ''}index ${name} (${index.columns.map(norm).join(', ')})`);
    for (const fk of Object.values(t.foreignKeys)) {
      facts.add(`${table} (${fk.columnsFrom.join(', ')}) references ${fk.tableTo} (${fk.columnsTo.join(', ')}) on delete ${norm(fk.onDelete ?? 'no action')}`);
    }
  }
  return facts;
}

type Row = Record<string, string | number | null>;

function databaseFacts(db: DatabaseSync, described: ReadonlySet<string>): Facts {
  const facts: Facts = new Set();
  const all = (sql: string): Row[] => db.prepare(sql).all() as Row[];
  // Tables only SQL knows (the full-text index, the trigger-kept post_counts) are not in drizzle's schema: only
  // the tables the snapshot describes are compared (one it names that the SQL lacks shows as missing columns).
  const tables = all("SELECT name FROM sqlite_master WHERE type = 'table'").map((r) => String(r.name)).filter((name) => described.has(name));
  for (const table of tables) {
    for (const c of all(`PRAGMA table_info("${table}")`)) {
      facts.add(`${table}.${c.name} ${String(c.type).toLowerCase()}${c.notnull ? ' not null' : ''}${Number(c.pk) > 0 ? ' key' : ''} default ${norm(c.dflt_value)}`);
    }
    for (const index of all(`PRAGMA index_list("${table}")`).filter((i) => i.origin === 'c')) {
      const parts = all(`PRAGMA index_xinfo("${index.name}")`).filter((p) => p.key === 1);
      const sql = String(all(`SELECT sql FROM sqlite_master WHERE name = '${index.name}'`)[0]?.sql ?? '');
      // An expression's text is only in the index's SQL: drizzle keeps it as written there.
      const column = (p: Row) => `${norm(p.name)}${p.coll !== 'BINARY' ? ` collate ${norm(p.coll)}` : ''}${p.desc ? ' desc' : ''}`;
      const expressions = parts.some((p) => p.name === null) ? [norm(/\((.*)\)\s*(WHERE .*)?$/is.exec(sql)?.[1])] : parts.map(column);
      facts.add(`${table} ${index.unique ? 'unique ' : ''}index ${index.name} (${expressions.join(', ')})`);
    }
    const keys = new Map<number, Row[]>();
    for (const fk of all(`PRAGMA foreign_key_list("${table}")`)) keys.set(Number(fk.id), [...(keys.get(Number(fk.id)) ?? []), fk]);
    for (const parts of keys.values()) {
      const [first] = parts;
      facts.add(`${table} (${parts.map((p) => p.from).join(', ')}) references ${first?.table} (${parts.map((p) => p.to).join(', ')}) on delete ${norm(first?.on_delete)}`);
    }
  }
  return facts;
}

/** The newest snapshot in `migrationsDir`/meta (by the journal's last entry). */
function newestSnapshot(migrationsDir: string): Record<string, SnapshotTable> {
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number }[] };
  const last = journal.entries.at(-1);
  if (!last) return {};
  const file = join(migrationsDir, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { tables: Record<string, SnapshotTable> }).tables;
}

/**
 * What the migrations build that the newest snapshot does not say (`built`), and what it says that they do not
 * build (`missing`); both empty when they agree.
 */
export function migrationsAgainstSnapshot(migrationsDir: string): { built: string[]; missing: string[] } {
  const db = new DatabaseSync(':memory:');
  try {
    for (const file of readdirSync(migrationsDir).filter((name) => name.endsWith('.sql')).sort()) {
      try {
        db.exec(readFileSync(join(migrationsDir, file), 'utf8'));
      } catch (err) {
        throw new Error(`${file} fails on an empty SQLite after the ones before it: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    const snapshot = newestSnapshot(migrationsDir);
    const built = databaseFacts(db, new Set(Object.keys(snapshot)));
    const described = snapshotFacts(snapshot);
    return { built: [...built].filter((f) => !described.has(f)).sort(), missing: [...described].filter((f) => !built.has(f)).sort() };
  } finally {
    db.close();
  }
}
