// EXPLAIN QUERY PLAN for the SQL our query functions really send: a D1 binding that records each
// statement drizzle binds, and the check that no plan scans a whole table or sorts posts in a temp B-tree.
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { createDb } from '../../worker/db/client';

interface Recorded {
  sql: string;
  params: unknown[];
}

/** A D1 binding that records each statement drizzle binds, then runs it for real. */
export function recordingD1(seen: Recorded[]): D1Database {
  return new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (sql: string) => {
          const stmt = target.prepare(sql);
          return new Proxy(stmt, {
            get(s, p) {
              if (p === 'bind') {
                return (...params: unknown[]) => {
                  seen.push({ sql, params });
                  return s.bind(...params);
                };
              }
              const v = Reflect.get(s, p, s) as unknown;
              return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(s) : v;
            },
          });
        };
      }
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

export async function plansOf(run: (db: ReturnType<typeof createDb>) => Promise<unknown>): Promise<{ sql: string; plan: string[] }[]> {
  const seen: Recorded[] = [];
  await run(createDb(recordingD1(seen)));
  expect(seen.length).toBeGreaterThan(0);
  const out = [];
  for (const { sql, params } of seen) {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    out.push({ sql, plan: results.map((r) => r.detail) });
  }
  return out;
}

export const FULL_SCAN = /^SCAN (posts|users|categories|featured|sessions|media)( AS \w+)?$/;

/**
 * No full table scan and no sort of posts in a temp B-tree. `scanAllowed` names the one table a
 * substring filter (LIKE '%…%') must read row by row; even then the page must come in index order.
 */
export function expectIndexed(plans: { sql: string; plan: string[] }[], opts: { scanAllowed?: string } = {}): void {
  for (const { sql, plan } of plans) {
    const context = `${sql}\n  ${plan.join('\n  ')}`;
    for (const step of plan) {
      if (opts.scanAllowed !== undefined && step === `SCAN ${opts.scanAllowed}`) continue;
      expect(step, context).not.toMatch(FULL_SCAN);
    }
    if (/\bposts\b/.test(sql) && /ORDER BY/i.test(sql) && !/posts_fts/.test(sql)) {
      expect(plan.join('\n'), context).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    }
  }
}
