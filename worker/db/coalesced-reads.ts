// A D1 binding for one page render's loaders: the read statements they issue in the same turn of the
// event loop go to D1 as one batch, so a page whose loaders make three API calls makes one round trip
// (docs/decisions/010-cheap-misses.md). Only SELECT statements are gathered; anything else goes to D1
// as it is. If the gathered batch fails, each caller's statements are run again on their own, so every
// caller gets exactly the result or error it would have got alone.
//
// Rows of a gathered `raw()` come back through a batch, keyed by column name: the same rule as any
// `db.batch` (result columns of one statement need distinct names; decision 010, "Batches").
//
// The same statement with the same values asked by two callers in one turn is sent once and both get its
// result: one batch is one snapshot, so it is the answer either would have got (the settings row is read
// by the layout for the site and its menus and by a list for its page size; decision 051).
import type { Db } from '../env';
import { drizzleOn } from './client';
import type { D1Handle } from './d1-outage';

const READ = /^\s*select\b/i;

/** One caller's statements and how to hand back its answer. */
interface Ask {
  statements: GatheredStatement[];
  /** The caller's own call, for running it alone. */
  alone: () => Promise<unknown>;
  /** The caller's answer from its part of a gathered batch. */
  answer: (results: D1Result[]) => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

type RawRow = unknown[];

type Plain = string | number | boolean | null;
const isPlain = (v: unknown): v is Plain => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** Statement wrapper: remembers the platform's statement, whether it may be gathered, and what it asks. */
class GatheredStatement {
  constructor(
    readonly reads: Reads,
    readonly stmt: D1PreparedStatement,
    readonly isRead: boolean,
    readonly query: string,
    /** The values bound, or null when one is not a plain value (a blob): such a statement is never shared. */
    readonly values: readonly Plain[] | null = [],
  ) {}

  /** With the same text, what makes two statements the same ask: their values (null: not comparable). */
  get sameValues(): string | null {
    return this.values === null ? null : JSON.stringify(this.values);
  }

  bind(...values: unknown[]): GatheredStatement {
    const plain = values.every(isPlain) ? values : null;
    return new GatheredStatement(this.reads, this.stmt.bind(...values), this.isRead, this.query, plain);
  }

  all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    if (!this.isRead) return this.stmt.all<T>();
    return this.reads.ask([this], () => this.stmt.all<T>(), ([r]) => r) as Promise<D1Result<T>>;
  }

  first<T = Record<string, unknown>>(column?: string): Promise<T | null> {
    const alone = () => (column === undefined ? this.stmt.first<T>() : this.stmt.first<T>(column));
    if (!this.isRead) return alone();
    return this.reads.ask([this], alone, ([r]) => {
      const row = (r!.results[0] ?? null) as Record<string, unknown> | null;
      if (row === null || column === undefined) return row;
      // As D1's own first(column): a column the statement does not answer is an error, not a null.
      if (!(column in row)) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${column})`);
      return row[column];
    }) as Promise<T | null>;
  }

  raw<T = RawRow>(options?: { columnNames?: boolean }): Promise<T[]> {
    // With column names asked for, the answer's shape is the platform's own: run alone.
    if (!this.isRead || options?.columnNames) return this.stmt.raw(options as { columnNames: true }) as Promise<T[]>;
    return this.reads.ask([this], () => this.stmt.raw<T>(), ([r]) =>
      (r!.results as Record<string, unknown>[]).map((row) => Object.values(row)),
    ) as Promise<T[]>;
  }

  run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.stmt.run<T>();
  }
}

class Reads {
  private pending: Ask[] = [];

  constructor(readonly d1: D1Handle) {}

  ask(statements: GatheredStatement[], alone: Ask['alone'], answer: Ask['answer']): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.pending.push({ statements, alone, answer, resolve, reject });
      // Every loader's call reaches its query within the same turn (in-process, no I/O on the way).
      if (this.pending.length === 1) setTimeout(() => void this.flush(), 0);
    });
  }

  private async flush(): Promise<void> {
    const asks = this.pending;
    this.pending = [];
    if (asks.length === 1) {
      const [only] = asks as [Ask];
      only.alone().then(only.resolve, only.reject);
      return;
    }
    // Each distinct statement once; every ask's statements as positions in that list.
    // Keyed by text, then values: a kept statement's text is one string, compared without copying it.
    const sent: GatheredStatement[] = [];
    const positionOf = new Map<string, Map<string, number>>();
    const positions = asks.map((a) =>
      a.statements.map((statement) => {
        const same = statement.sameValues;
        if (same === null) return sent.push(statement) - 1;
        let byValues = positionOf.get(statement.query);
        if (!byValues) positionOf.set(statement.query, (byValues = new Map()));
        const known = byValues.get(same);
        if (known !== undefined) return known;
        byValues.set(same, sent.length);
        return sent.push(statement) - 1;
      }),
    );
    let results: D1Result[];
    try {
      results = await this.d1.batch(sent.map((statement) => statement.stmt));
    } catch {
      for (const a of asks) a.alone().then(a.resolve, a.reject);
      return;
    }
    for (const [i, a] of asks.entries()) {
      const mine = positions[i]!.map((at) => results[at]!);
      try {
        a.resolve(a.answer(mine));
      } catch (err) {
        a.reject(err);
      }
    }
  }
}

/** `d1` for one render: its concurrent reads are gathered into one batch per turn of the event loop. */
export function coalescedReads(d1: D1Handle): D1Handle {
  const reads = new Reads(d1);
  return {
    prepare: (query: string) => new GatheredStatement(reads, d1.prepare(query), READ.test(query), query) as unknown as D1PreparedStatement,
    batch: <T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> => {
      const own = statements as unknown as GatheredStatement[];
      const platform = own.map((s) => s.stmt);
      if (!own.every((s) => s.isRead)) return d1.batch<T>(platform);
      return reads.ask(own, () => d1.batch<T>(platform), (r) => r) as Promise<D1Result<T>[]>;
    },
  };
}

/**
 * A drizzle client for one page render's loaders, over `coalescedReads`. Built per render (the wrapper
 * holds that render's pending reads); without a schema to walk (worker/env.ts), building one costs little.
 */
export function createRenderDb(d1: D1Handle): Db {
  return drizzleOn(coalescedReads(d1));
}
