import { drizzle } from 'drizzle-orm/d1';
import type { Db } from '../env';

// A drizzle instance holds no request state, so one per D1 binding is enough.
const built = new WeakMap<D1Database, Db>();

/** The drizzle client for a D1 binding, built once per binding and shared by the requests that use it. */
export function createDb(d1: D1Database): Db {
  let db = built.get(d1);
  if (!db) {
    db = drizzle(d1, { casing: 'snake_case' });
    built.set(d1, db);
  }
  return db;
}
