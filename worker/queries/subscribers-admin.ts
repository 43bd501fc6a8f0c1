// The admin's reads and writes of subscribers (decision 069): the list by status and address prefix (ranges of
// subscribers_status_email_idx / subscribers_email_key_unique), the counts per status, the export in id order,
// the import (new addresses only, active, source `import`) and removing one.
import { and, asc, count, eq, gt, gte, lt, type SQL } from 'drizzle-orm';
import { emailKey, type SubscriberCounts, type SubscriberStatus } from '../../contracts/newsletter';
import { subscribers } from '../db/schema';
import type { Db } from '../env';
import { pageOffset } from './list-page';

/** The addresses starting with `prefix`: a range of the index, never a LIKE that reads every row. */
function prefixRange(prefix: string): SQL | undefined {
  if (prefix === '') return undefined;
  const last = prefix.charCodeAt(prefix.length - 1);
  const upper = prefix.slice(0, -1) + String.fromCharCode(last + 1);
  return and(gte(subscribers.emailKey, prefix), lt(subscribers.emailKey, upper));
}

const listColumns = {
  id: subscribers.id,
  email: subscribers.email,
  status: subscribers.status,
  source: subscribers.source,
  createdAt: subscribers.createdAt,
  confirmedAt: subscribers.confirmedAt,
  unsubscribedAt: subscribers.unsubscribedAt,
};
export type SubscriberListRow = Awaited<ReturnType<typeof listSubscribers>>['rows'][number];

export async function listSubscribers(db: Db, input: { status?: SubscriberStatus | undefined; q?: string | undefined; page: number; pageSize: number }) {
  const where = and(input.status ? eq(subscribers.status, input.status) : undefined, prefixRange(input.q ?? ''));
  const [rows, [total]] = await db.batch([
    db
      .select(listColumns)
      .from(subscribers)
      .where(where)
      .orderBy(asc(subscribers.emailKey))
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    db.select({ n: count() }).from(subscribers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function countSubscribers(db: Db): Promise<SubscriberCounts> {
  const rows = await db.select({ status: subscribers.status, n: count() }).from(subscribers).groupBy(subscribers.status);
  const counts: SubscriberCounts = { pending: 0, active: 0, unsubscribed: 0 };
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

/** One page of the export, after the id `afterId` (keyset: each page one range of the primary key). */
export const exportPage = (db: Db, afterId: number, size: number) =>
  db.select(listColumns).from(subscribers).where(gt(subscribers.id, afterId)).orderBy(asc(subscribers.id)).limit(size);

/** D1 binds at most 100 values a statement: 5 a row. */
const ROWS_PER_INSERT = 20;

/** Adds the addresses not there yet as active, from an import; answers how many were added. */
export async function importSubscribers(db: Db, emails: readonly string[], now: number): Promise<number> {
  if (emails.length === 0) return 0;
  const at = new Date(now);
  const inserts = [];
  for (let i = 0; i < emails.length; i += ROWS_PER_INSERT) {
    const values = emails.slice(i, i + ROWS_PER_INSERT).map((email) => ({
      email,
      emailKey: emailKey(email),
      status: 'active' as const,
      source: 'import' as const,
      confirmedAt: at,
    }));
    inserts.push(db.insert(subscribers).values(values).onConflictDoNothing().returning({ id: subscribers.id }));
  }
  const [first, ...rest] = inserts;
  const results = await db.batch([first!, ...rest]);
  return results.reduce((n, r) => n + r.length, 0);
}

export async function deleteSubscriber(db: Db, id: number): Promise<boolean> {
  return (await db.delete(subscribers).where(eq(subscribers.id, id)).returning({ id: subscribers.id })).length > 0;
}
