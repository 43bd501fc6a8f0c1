// Select statements whose SQL is built once per isolate. drizzle builds a statement's SQL text from its
// query builder on every call — on a page miss a larger share of the Worker's time than running it
// (docs/decisions/010-cheap-misses.md). A statement made here is built the first time its key is asked
// for, with a placeholder for each value that changes between calls; every later call only binds its
// values to that text. The answer can be awaited or put in `db.batch` like the builder it stands for.
import { fillPlaceholders, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../env';

/** What drizzle needs to run a built select again on any db of this schema: its SQL and its row mapping. */
interface Built {
  query: { sql: string; params: unknown[] };
  fields: unknown;
  joinsNotNullableMap: unknown;
}

/** The parts of drizzle's query objects used here (drizzle types them internal). */
interface PreparedSelect {
  query: Built['query'];
  fields: unknown;
  joinsNotNullableMap: unknown;
  all(): Promise<unknown>;
}
interface SelectBuilder {
  _prepare(): PreparedSelect;
}
interface SessionOf {
  session: {
    prepareOneTimeQuery(query: Built['query'], fields: unknown, method: 'all', arrayMode: boolean): PreparedSelect;
  };
}

/** One placeholder per value name: `p.now` is `sql.placeholder('now')`. */
export type Placeholders<V> = { readonly [K in keyof V]: Placeholder<K & string> };

const built = new Map<string, Built>();

const placeholdersFor = <V extends object>(values: V): Placeholders<V> =>
  Object.fromEntries(Object.keys(values).map((name) => [name, sql.placeholder(name)])) as Placeholders<V>;

/**
 * The select `build` makes, with `values` bound. `key` names the statement's shape: everything its SQL
 * text depends on that is not a value (which filters are present, a flag). `build` receives only
 * placeholders, so no value can be baked into the text kept for the next call.
 */
export function builtOnce<V extends object, Q>(key: string, db: Db, values: V, build: (p: Placeholders<V>) => Q): Q {
  let statement = built.get(key);
  if (!statement) {
    const prepared = (build(placeholdersFor(values)) as unknown as SelectBuilder)._prepare();
    statement = { query: prepared.query, fields: prepared.fields, joinsNotNullableMap: prepared.joinsNotNullableMap };
    built.set(key, statement);
  }
  const { query, fields, joinsNotNullableMap } = statement;
  const prepare = (): PreparedSelect => {
    const one = (db as unknown as SessionOf).session.prepareOneTimeQuery(
      { sql: query.sql, params: fillPlaceholders(query.params, values as Record<string, unknown>) },
      fields,
      'all',
      true,
    );
    one.joinsNotNullableMap = joinsNotNullableMap;
    return one;
  };
  // What db.batch asks of a query (`_prepare`) and what `await` asks (`then`), as the builder answers them.
  const runnable = {
    _prepare: prepare,
    then: <T1, T2>(onFulfilled?: (value: unknown) => T1, onRejected?: (reason: unknown) => T2) =>
      prepare().all().then(onFulfilled, onRejected),
  };
  return runnable as unknown as Q;
}
