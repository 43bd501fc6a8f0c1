// D1 failing, told apart from a statement D1 refused (docs/decisions/058-d1-sessions-and-outage.md). Every
// handle the Worker reads and writes through is guarded here: a failure of the binding itself (the network to
// D1 lost, D1 overloaded or reset, a timeout) rejects as `D1Unavailable`, which the error policy answers with a
// 503 and `Retry-After` instead of a 500. A statement D1 ran and refused (a constraint, an SQL error, a value
// it cannot bind) keeps its own error: that is the request's or the code's fault, not an outage. Nothing is
// latched: the next request tries D1 again.

/** What the Worker needs of a D1 handle: a binding and a Sessions API session both have exactly this. */
export type D1Handle = Pick<D1Database, 'prepare' | 'batch'>;

/** D1 could not be reached or could not answer: try again later. */
export class D1Unavailable extends Error {
  override readonly name = 'D1Unavailable';
  constructor(cause: unknown) {
    super('The database is temporarily unavailable', { cause });
  }
}

// SQLite's result codes for a statement refused on its merits; the transient ones (busy, locked, I/O) are
// the database's state, so they count as an outage. D1's own errors for a bad value or column likewise.
const STATEMENT_FAULT = /SQLITE_(?!BUSY|LOCKED|IOERR|NOMEM|INTERRUPT|CANTOPEN|PROTOCOL)[A-Z]|D1_TYPE_ERROR|D1_COLUMN_NOTFOUND/;

/** Whether an error the binding threw means D1 is unavailable (rather than refusing the statement). */
export function isOutage(err: unknown): boolean {
  if (err instanceof D1Unavailable) return true;
  if (!(err instanceof Error) || err instanceof TypeError || err instanceof RangeError) return false;
  const text = `${err.message} ${err.cause instanceof Error ? err.cause.message : ''}`;
  return !STATEMENT_FAULT.test(text);
}

/** Where a request's handle keeps its first outage, for `outageDuring`. */
interface OutageRecord {
  first: D1Unavailable | null;
}

/** The error to throw for one the binding threw: an outage as `D1Unavailable` (recorded), anything else as it is. */
function classified(record: OutageRecord | null, err: unknown): unknown {
  if (!isOutage(err)) return err;
  const outage = err instanceof D1Unavailable ? err : new D1Unavailable(err);
  if (record) record.first ??= outage;
  return outage;
}

/** A call to the binding, its failure (thrown at once or rejected later) classified. */
function guarded<T>(record: OutageRecord | null, call: () => Promise<T>): Promise<T> {
  try {
    return call().catch((err: unknown) => Promise.reject(classified(record, err)));
  } catch (err) {
    return Promise.reject(classified(record, err));
  }
}

/** The binding's statement, its runs guarded. */
class GuardedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly record: OutageRecord | null,
  ) {}

  bind(...values: unknown[]): GuardedStatement {
    return new GuardedStatement(this.inner.bind(...values), this.record);
  }

  first<T>(column?: string): Promise<T | null> {
    return guarded(this.record, () => (column === undefined ? this.inner.first<T>() : this.inner.first<T>(column)));
  }

  all<T>(): Promise<D1Result<T>> {
    return guarded(this.record, () => this.inner.all<T>());
  }

  run<T>(): Promise<D1Result<T>> {
    return guarded(this.record, () => this.inner.run<T>());
  }

  raw<T>(options?: { columnNames?: boolean }): Promise<T[]> {
    return guarded(this.record, () => this.inner.raw(options as { columnNames: true }) as Promise<T[]>);
  }
}

const outages = new WeakMap<D1Handle, OutageRecord>();

/**
 * `d1` with every failure of D1 itself rejecting as `D1Unavailable`. `recorded`: the handle is one request's,
 * and remembers its first outage for `outageDuring` (a handle shared by requests remembers nothing).
 */
export function guardedD1(d1: D1Handle, { recorded }: { recorded: boolean }): D1Handle {
  const record: OutageRecord | null = recorded ? { first: null } : null;
  const handle: D1Handle = {
    prepare: (query: string) => {
      try {
        return new GuardedStatement(d1.prepare(query), record) as unknown as D1PreparedStatement;
      } catch (err) {
        throw classified(record, err);
      }
    },
    batch: <T = unknown>(statements: D1PreparedStatement[]) =>
      guarded(record, () => d1.batch<T>(statements.map((s) => (s instanceof GuardedStatement ? s.inner : s)))),
  };
  if (record) outages.set(handle, record);
  return handle;
}

/** The outage behind an error, if it is one: drizzle throws its own error with D1's as its cause. */
export function outageBehind(err: unknown): D1Unavailable | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth += 1) {
    if (e instanceof D1Unavailable) return e;
  }
  return null;
}

/** The first outage a request's handle met, if any: a page whose loaders failed for it answers 503, not 500. */
export const outageDuring = (d1: D1Handle): D1Unavailable | null => outages.get(d1)?.first ?? null;
