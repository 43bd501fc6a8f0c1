// Instrumentation of the D1 binding for page-cost tests: the Worker is called with an env whose `DB`
// counts each round trip it makes (a statement's all/first/run/raw, or one batch) and records its SQL.
// The binding is the platform's; nothing of ours is replaced.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/index';
import { ORIGIN, uniqueIp } from './helpers';

export interface RoundTrips {
  /** One entry per round trip to D1: the SQL of the statement, or of every statement of a batch. */
  trips: string[][];
}

const RUNS = new Set(['all', 'first', 'run', 'raw']);

export function countingD1(seen: RoundTrips, binding: D1Database | D1DatabaseSession = env.DB): D1Database {
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(s, p) {
        if (p === 'bind') return (...params: unknown[]) => wrap(s.bind(...params), sql);
        if (typeof p === 'string' && RUNS.has(p)) {
          return (...args: unknown[]) => {
            seen.trips.push([sql]);
            return (s[p as 'all'] as (...a: unknown[]) => unknown).apply(s, args);
          };
        }
        const v = Reflect.get(s, p, s) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(s) : v;
      },
    });
    real.set(proxy, stmt);
    sqlOf.set(proxy, sql);
    return proxy;
  };
  const sqlOf = new WeakMap<object, string>();
  return new Proxy(binding as D1Database, {
    get(target, prop) {
      // A request's session (with-db.ts) counts as the binding does.
      if (prop === 'withSession') return (start?: string) => countingD1(seen, target.withSession(start));
      if (prop === 'prepare') return (sql: string) => wrap(target.prepare(sql), sql);
      if (prop === 'batch') {
        return (stmts: D1PreparedStatement[]) => {
          seen.trips.push(stmts.map((s) => sqlOf.get(s) ?? '?'));
          return target.batch(stmts.map((s) => real.get(s) ?? s));
        };
      }
      if (prop === 'exec' || prop === 'dump') {
        return (...args: unknown[]) => {
          seen.trips.push([String(args[0])]);
          return (Reflect.get(target, prop, target) as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

/** GET `path` through the Worker's fetch handler with a counting DB (`noCache`: `Cache-Control: no-cache`); answers the response (body read) and the trips. */
export async function getCounted(
  path: string,
  opts: { cookie?: string; noCache?: boolean } = {},
): Promise<{ res: Response; body: string; trips: string[][] }> {
  const seen: RoundTrips = { trips: [] };
  const headers = new Headers({ 'cf-connecting-ip': uniqueIp() });
  if (opts.cookie) headers.set('cookie', opts.cookie);
  // A visitor's request the edge cache does not answer (it still renders and stores the page).
  if (opts.noCache) headers.set('cache-control', 'no-cache');
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(new URL(path, ORIGIN), { headers, redirect: 'manual' }), { ...env, DB: countingD1(seen) }, ctx);
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, body, trips: seen.trips };
}
