import { drizzle } from 'drizzle-orm/d1';
import type { Db } from '../env';
import { guardedD1, type D1Handle } from './d1-outage';

/**
 * drizzle over a D1 handle: a binding or a Sessions API session (drizzle calls only `prepare` and `batch`,
 * which a session has). Built without the schema, so building one per request costs little (decision 051).
 */
export const drizzleOn = (handle: D1Handle): Db => drizzle(handle as D1Database, { casing: 'snake_case' }) as Db;

// A drizzle instance on a binding holds no request state, so one per D1 binding is enough.
const built = new WeakMap<D1Database, Db>();

/**
 * The drizzle client for a D1 binding itself (always its primary), built once per binding: for work outside a
 * request's session (the edge cache's hits, tests). A request's own db is `requestDb`.
 */
export function createDb(d1: D1Database): Db {
  let db = built.get(d1);
  if (!db) {
    db = drizzleOn(guardedD1(d1, { recorded: false }));
    built.set(d1, db);
  }
  return db;
}

/** One request's db: drizzle on its D1 session, guarded, remembering an outage for `outageDuring`. */
export const requestDb = (session: D1Handle): Db => drizzleOn(guardedD1(session, { recorded: true }));
