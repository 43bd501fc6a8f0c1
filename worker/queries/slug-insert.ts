// Inserting a row whose slug must be unique (posts, categories, tags) without a race: the free slug is chosen
// by the INSERT itself, so concurrent writers never collide on it:
// a taken slug gets the first free suffix `-2`, `-3`, ….
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../env';
import { slugRoot, slugWithSuffix, type SlugTable } from '../lib/slug';

/** A slug chosen by the author (taken → no insert) or made from a title or name (the first free suffix). */
export type SlugChoice = { handSet: string } | { base: string };

const BATCH = 50;

/**
 * `INSERT INTO table (slug, …columns) SELECT <the first candidate no row uses>, …values`: one statement,
 * so D1 runs the check and the insert atomically. Answers the slug inserted, or null when every candidate
 * was taken.
 */
async function insertFirstFree(db: Db, table: SlugTable, columns: Record<string, unknown>, candidates: string[]): Promise<string | null> {
  const names = Object.keys(columns);
  const values: SQL[] = names.map((n) => sql`${columns[n] instanceof Date ? (columns[n] as Date).getTime() : columns[n]}`);
  const rows = await db.all<{ slug: string }>(sql`
    INSERT INTO ${sql.identifier(table)} (slug, ${sql.join(names.map((n) => sql.identifier(n)), sql`, `)})
    SELECT c.value, ${sql.join(values, sql`, `)}
    FROM json_each(${JSON.stringify(candidates)}) AS c
    WHERE NOT EXISTS (SELECT 1 FROM ${sql.identifier(table)} AS t WHERE t.slug = c.value)
    ORDER BY c.key
    LIMIT 1
    RETURNING slug`);
  return rows[0]?.slug ?? null;
}

/**
 * Inserts a row of `table` with `columns` (SQL column names) and a unique slug; answers the slug, or null
 * when a hand-set slug is already taken. Other constraint failures (a name taken, a category deleted
 * meanwhile) are thrown as D1 reports them. A made slug is never one `reserved` names (a page's `search`).
 */
export async function insertWithFreeSlug(
  db: Db,
  table: SlugTable,
  columns: Record<string, unknown>,
  slug: SlugChoice,
  reserved: (candidate: string) => boolean = () => false,
): Promise<string | null> {
  if ('handSet' in slug) return insertFirstFree(db, table, columns, [slug.handSet]);
  const root = slugRoot(table, slug.base);
  for (let from = 1; ; from += BATCH) {
    const candidates = Array.from({ length: BATCH }, (_, i) => slugWithSuffix(root, from + i)).filter((c) => !reserved(c));
    const inserted = await insertFirstFree(db, table, columns, candidates);
    if (inserted !== null) return inserted;
  }
}
