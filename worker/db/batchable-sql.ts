// A raw SQL statement that can join a db.batch. drizzle 0.45's `db.run(sql)` cannot, once it has bound
// parameters: its D1 batch binds `prepared.stmt`, which a raw query (SQLiteRaw) does not have. This gives
// it one — the same statement D1 would prepare for `db.run` — so INSERT … SELECT, ON CONFLICT and
// json_each statements share one atomic batch with the query builders' statements.
import type { SQL } from 'drizzle-orm';
import type { Db } from '../env';

interface RawQuery {
  getQuery(): { sql: string; params: unknown[] };
  _prepare(): unknown;
}

export function batchableSql(db: Db, statement: SQL) {
  const raw = db.run(statement);
  const query = raw as unknown as RawQuery;
  const built = query.getQuery();
  // drizzle sets `$client` (the D1 binding) on every D1 database it builds; its type omits it.
  const stmt = (db as unknown as { $client: D1Database }).$client.prepare(built.sql);
  query._prepare = () => ({ getQuery: () => built, stmt, mapResult: (result: unknown) => result });
  return raw;
}
