// What a write invalidates, stated in code (INVALIDATING_WRITES in the cache policy) and held against the
// database built from the real migrations: the tables whose triggers raise the content generation, on
// which writes, and every other table named as never shown — so a new table cannot go unclassified.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { INVALIDATING_WRITES, NEVER_SHOWN_TABLES } from '../../worker/lib/edge-cache-policy';

interface SchemaRow {
  name: string;
  tbl_name: string;
  sql: string | null;
}

async function schemaRows(type: 'table' | 'trigger'): Promise<SchemaRow[]> {
  const { results } = await env.DB.prepare('SELECT name, tbl_name, sql FROM sqlite_master WHERE type = ?').bind(type).all<SchemaRow>();
  return results;
}

/** Tables SQLite, D1, FTS5 or the migration runner make for themselves. */
const isMachineryTable = (name: string): boolean =>
  /^(sqlite_|_cf_|d1_migrations$)/.test(name) || /^posts_fts_(data|idx|content|docsize|config)$/.test(name);

describe('what a write invalidates', () => {
  it('the generation triggers are exactly the writes INVALIDATING_WRITES lists', async () => {
    const raises: Record<string, string[]> = {};
    for (const t of await schemaRows('trigger')) {
      if (!/UPDATE\s+site_state\s+SET\s+generation/i.test(t.sql ?? '')) continue;
      const kind = /AFTER\s+(INSERT|UPDATE|DELETE)\b/i.exec(t.sql ?? '')?.[1]?.toLowerCase();
      (raises[t.tbl_name] ??= []).push(kind ?? '?');
    }
    const listed = Object.fromEntries(Object.entries(INVALIDATING_WRITES).map(([table, kinds]) => [table, [...kinds].sort()]));
    expect(Object.fromEntries(Object.entries(raises).map(([table, kinds]) => [table, kinds.sort()]))).toEqual(listed);
  });

  it('only a post that is or was published raises the generation (a draft autosave keeps every cached page)', async () => {
    const posts = (await schemaRows('trigger')).filter((t) => t.tbl_name === 'posts' && /site_state/.test(t.sql ?? ''));
    expect(posts).toHaveLength(3);
    for (const t of posts) expect(t.sql, t.name).toMatch(/WHEN .*status = 'published'/);
  });

  it('every table is either invalidating or named as never shown to visitors', async () => {
    const tables = (await schemaRows('table')).map((t) => t.name).filter((name) => !isMachineryTable(name));
    const classified = [...Object.keys(INVALIDATING_WRITES), ...NEVER_SHOWN_TABLES];
    expect(tables.sort()).toEqual(classified.sort());
  });
});
