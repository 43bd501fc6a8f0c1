// Data access for redirects (migration 0016): the lookup a would-be 404 makes, the admin's list, and the
// statements a redirect write batches. Answers data, never HTTP errors.
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { ListPage } from '../../contracts/list-page';
import type { Redirect, RedirectSource, RedirectStatus } from '../../contracts/redirects';
import { redirects } from '../db/schema';
import type { Db } from '../env';
import { pageOffset, toListPage, type PageRequest } from './list-page';

export interface RedirectTarget {
  to: string;
  status: RedirectStatus;
}

/** Where the address `key` (contracts/redirects.ts redirectKeyOf) is sent, or null: one unique-index lookup. */
export async function findRedirectTarget(db: Db, key: string): Promise<RedirectTarget | null> {
  const [row] = await db.select({ to: redirects.toPath, status: redirects.status }).from(redirects).where(eq(redirects.fromPath, key)).limit(1);
  return row ?? null;
}

const redirectColumns = {
  id: redirects.id,
  from: redirects.fromPath,
  to: redirects.toPath,
  status: redirects.status,
  source: redirects.source,
  createdAt: redirects.createdAt,
};

export const toRedirect = (r: { id: number; from: string; to: string; status: RedirectStatus; source: RedirectSource; createdAt: Date }): Redirect => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

/** Every redirect, newest first. */
export async function listRedirects(db: Db, p: PageRequest): Promise<ListPage<Redirect>> {
  const [rows, total] = await db.batch([
    db.select(redirectColumns).from(redirects).orderBy(desc(redirects.id)).limit(p.pageSize).offset(pageOffset(p)),
    db.select({ n: sql<number>`count(*)` }).from(redirects),
  ]);
  return toListPage(rows.map(toRedirect), total, p);
}

export interface RedirectRow {
  from: string;
  to: string;
  status: RedirectStatus;
  source: RedirectSource;
}

/** For a write's batch: the new row. */
export const insertRedirectQuery = (db: Db, row: RedirectRow) =>
  db.insert(redirects).values({ fromPath: row.from, toPath: row.to, status: row.status, source: row.source }).returning(redirectColumns);

/** For a write's batch: rows that sent readers to `from` now send them where `from` goes (no chains). */
export const retargetRedirectsQuery = (db: Db, from: string, to: string) =>
  db.update(redirects).set({ toPath: to }).where(eq(redirects.toPath, from));

/** Deletes the redirect `id`; whether there was one. */
export async function deleteRedirect(db: Db, id: number): Promise<boolean> {
  const gone = await db.delete(redirects).where(eq(redirects.id, id)).returning({ id: redirects.id });
  return gone.length > 0;
}

/** Deletes the redirects from these addresses (they answer now). */
export async function deleteRedirectsFrom(db: Db, froms: string[]): Promise<void> {
  await db.delete(redirects).where(inArray(redirects.fromPath, froms));
}
