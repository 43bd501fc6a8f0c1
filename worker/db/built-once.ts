// Select statements whose SQL is built once per isolate. drizzle builds a statement's SQL text from its
// query builder on every call — on a page miss a larger share of the Worker's time than running it
// (docs/decisions/010-cheap-misses.md, 035-drizzle-public-api.md). A statement made here is built the
// first time its key is asked for, as drizzle's own prepared query (`.prepare()`) with a placeholder for
// each value that changes between calls; every later call binds its values to that SQL text, on whichever
// db the call is given, and its rows are mapped as drizzle maps them (row-mapping.ts, decision 077).
//
// drizzle's public API builds and binds them: `.prepare()`, the prepared query's `getQuery()`,
// `fillPlaceholders` and the D1 binding a drizzle db exposes as `$client`. A prepared query cannot join
// drizzle's `db.batch` (it does not fill placeholders there: drizzle-orm#2197), so statements built here
// that go together are sent as one D1 batch by `runBuiltTogether` — on a page render's db that is the
// render's gathered batch (coalesced-reads.ts), elsewhere one round trip.
import { fillPlaceholders, sql, type Placeholder, type Query } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import type { Db } from '../env';
import type { D1Handle } from './d1-outage';
import { rowMapperOf } from './row-mapping';

/** The public face of a drizzle prepared query that is used here. */
interface Prepared {
  getQuery(): Query;
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
}

/** One placeholder per value name: `p.now` is `sql.placeholder('now')`. */
export type Placeholders<V> = { readonly [K in keyof V]: Placeholder<K & string> };

/** A statement built once, with one call's values: run it with `runBuilt` or `runBuiltTogether`. */
export interface BuiltRead<R> {
  readonly statement: Prepared;
  /** The statement's D1 result as its rows, mapped as drizzle maps them (row-mapping.ts), worked out when it was built. */
  readonly mapRows: (result: D1Result) => unknown;
  readonly values: Record<string, unknown>;
  /** Type only: the rows the statement answers. */
  readonly rows?: R;
}

// Statements are built on a db of their own, never on a caller's: a kept statement holds no request's
// binding (a render's db lives for that render). Its client is asked only to prepare, never to run.
const STATEMENTS_ONLY = { prepare: () => ({}) } as unknown as D1Database;
let builderDb: Db | undefined;
const buildingDb = (): Db => (builderDb ??= drizzle(STATEMENTS_ONLY, { casing: 'snake_case' }));

const built = new Map<string, Pick<BuiltRead<unknown>, 'statement' | 'mapRows'>>();

const placeholdersFor = <V extends object>(values: V): Placeholders<V> =>
  Object.fromEntries(Object.keys(values).map((name) => [name, sql.placeholder(name)])) as Placeholders<V>;

/**
 * The select `build` makes, with `values` bound. `key` names the statement's shape: everything its SQL
 * text depends on that is not a value (which filters are present, a flag). `build` receives the db to
 * build with and only placeholders, so no value can be baked into the text kept for the next call.
 */
export function builtOnce<V extends object, Q extends PromiseLike<unknown> & { prepare(): Prepared }>(
  key: string,
  values: V,
  build: (db: Db, p: Placeholders<V>) => Q,
): BuiltRead<Awaited<Q>> {
  let kept = built.get(key);
  if (!kept) {
    const statement = build(buildingDb(), placeholdersFor(values)).prepare();
    kept = { statement, mapRows: rowMapperOf(statement) };
    built.set(key, kept);
  }
  return { ...kept, values: values as Record<string, unknown> };
}

/** A built statement as the D1 statement its call runs: the kept SQL text with this call's values bound. */
export const boundStatement = (d1: D1Handle, { statement, values }: BuiltRead<unknown>): D1PreparedStatement => {
  const query = statement.getQuery();
  return d1.prepare(query.sql).bind(...fillPlaceholders(query.params, values));
};

/** Runs one built statement on `db`: its rows, mapped as drizzle maps the builder's. */
export async function runBuilt<R>(db: Db, read: BuiltRead<R>): Promise<R> {
  const result = await boundStatement(db.$client, read as BuiltRead<unknown>).all();
  return read.mapRows(result) as R;
}

type RowsOf<T extends readonly BuiltRead<unknown>[]> = { -readonly [K in keyof T]: T[K] extends BuiltRead<infer R> ? R : never };

/** Runs built statements in one D1 batch (one round trip, one snapshot): each one's rows, in order. */
export async function runBuiltTogether<const T extends readonly BuiltRead<unknown>[]>(db: Db, reads: T): Promise<RowsOf<T>> {
  const results = await db.$client.batch(reads.map((read) => boundStatement(db.$client, read)));
  return reads.map((read, i) => read.mapRows(results[i]!)) as RowsOf<T>;
}
