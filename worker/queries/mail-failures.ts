// Data access for mail_failures (migration 0021): the admins' list of the mails the queue gave up on, newest
// first. Rows are written by the mailer (lib/mailer.ts recordMailFailure).
import { desc, eq, sql } from 'drizzle-orm';
import type { ListPage } from '../../contracts/list-page';
import type { MailFailure } from '../../contracts/mail-failures';
import { mailFailures } from '../db/schema';
import type { Db } from '../env';
import { pageOffset, toListPage, type PageRequest } from './list-page';

const columns = {
  id: mailFailures.id,
  to: mailFailures.to,
  subject: mailFailures.subject,
  error: mailFailures.error,
  attempts: mailFailures.attempts,
  createdAt: mailFailures.createdAt,
};

/** One page of the failures, newest first (by id, the table's key). */
export async function listMailFailures(db: Db, p: PageRequest): Promise<ListPage<MailFailure>> {
  const [rows, total] = await db.batch([
    db.select(columns).from(mailFailures).orderBy(desc(mailFailures.id)).limit(p.pageSize).offset(pageOffset(p)),
    db.select({ n: sql<number>`count(*)` }).from(mailFailures),
  ]);
  return toListPage(
    rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total,
    p,
  );
}

/** Dismisses the failure `id`; whether there was one. */
export async function deleteMailFailure(db: Db, id: number): Promise<boolean> {
  const gone = await db.delete(mailFailures).where(eq(mailFailures.id, id)).returning({ id: mailFailures.id });
  return gone.length > 0;
}
