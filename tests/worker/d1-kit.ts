// D1 bindings for the D1 tests, given to the Worker's own fetch handler as `env.DB`: one that fails like the
// real binding does when D1 is down (its statements reject with `D1_ERROR: …`), for all statements or some,
// and the real binding with the session starts it was asked for recorded. Nothing of ours is replaced.
import { env } from 'cloudflare:test';
import type { CallOptions } from './helpers';
import { callWorker } from './workers-cache-kit';

/** What the binding throws when D1 cannot be reached (its text as workerd's D1 API reports it). */
export const D1_DOWN = 'D1_ERROR: Network connection lost.';

const down = () => Promise.reject(new Error(D1_DOWN));

type RealHandle = D1Database | D1DatabaseSession;

/** `real`, except that statements whose SQL `fails` picks reject as D1 down does (a batch holding one too). */
function failingHandle(real: RealHandle, fails: (sql: string) => boolean) {
  const failing = new WeakSet<object>();
  const failingStatement = (): D1PreparedStatement => {
    const statement = { bind: () => statement, first: down, all: down, run: down, raw: down };
    failing.add(statement);
    return statement as unknown as D1PreparedStatement;
  };
  return {
    prepare: (sql: string) => (fails(sql) ? failingStatement() : real.prepare(sql)),
    batch: (statements: D1PreparedStatement[]) => (statements.some((s) => failing.has(s)) ? down() : real.batch(statements)),
    getBookmark: () => ('getBookmark' in real ? real.getBookmark() : null),
  };
}

/** A D1 binding that is down: every statement (or those `fails` picks) rejects with D1_DOWN. */
export function failingD1(fails: (sql: string) => boolean = () => true): D1Database {
  const binding = {
    ...failingHandle(env.DB, fails),
    exec: down,
    dump: down,
    withSession: (start?: string) => failingHandle(env.DB.withSession(start), fails),
  };
  return binding as unknown as D1Database;
}

/** Statements that change data fail; reads work (D1 failing between a request's reads and its write). */
export const failingWrites = () => failingD1((sql) => !/^\s*select\b/i.test(sql));

/** The real binding, recording where each session it opens starts (a constraint or a bookmark). */
export function recordingD1(starts: (string | undefined)[]): D1Database {
  return new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'withSession') {
        return (start?: string) => {
          starts.push(start);
          return target.withSession(start);
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The Worker's bindings with D1 down. */
export const envWithD1Down = (): Env => ({ ...env, DB: failingD1() });

/** `call`'s request through the Worker's fetch handler with `db` as its D1 binding. */
export const callWith = (db: D1Database, path: string, opts: CallOptions = {}): Promise<Response> =>
  callWorker(path, { ...opts, env: { ...env, DB: db } });
