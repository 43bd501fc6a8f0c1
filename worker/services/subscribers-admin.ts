// The admin's subscribers (decision 069): the list with its counts, the CSV export, and the CSV import with a
// line-by-line report.
import {
  SUBSCRIBERS_PAGE_SIZE,
  emailKey,
  type AdminSubscriber,
  type AdminSubscribers,
  type AdminSubscribersQuery,
  type SubscriberImportResult,
} from '../../contracts/newsletter';
import { EmailSchema } from '../../contracts/users';
import type { Db } from '../env';
import { countSubscribers, exportPage, importSubscribers, listSubscribers, type SubscriberListRow } from '../queries/subscribers-admin';
import { csvRow, parseCsv } from './subscribers-csv';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

const toAdminSubscriber = (r: SubscriberListRow): AdminSubscriber => ({
  id: r.id,
  email: r.email,
  status: r.status,
  source: r.source,
  createdAt: r.createdAt.toISOString(),
  confirmedAt: iso(r.confirmedAt),
  unsubscribedAt: iso(r.unsubscribedAt),
});

export async function readAdminSubscribers(db: Db, query: { status?: AdminSubscribersQuery['status']; q?: string | undefined; page: number }): Promise<AdminSubscribers> {
  const [{ rows, total }, counts] = await Promise.all([
    listSubscribers(db, { status: query.status, q: query.q, page: query.page, pageSize: SUBSCRIBERS_PAGE_SIZE }),
    countSubscribers(db),
  ]);
  return { items: rows.map(toAdminSubscriber), page: query.page, pageSize: SUBSCRIBERS_PAGE_SIZE, total, counts };
}

const EXPORT_COLUMNS = ['email', 'status', 'source', 'created_at', 'confirmed_at', 'unsubscribed_at'] as const;
const EXPORT_PAGE = 1000;

/** Every subscriber as CSV, a page of the primary key at a time, streamed. */
export function subscribersCsv(db: Db): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let afterId = 0;
  let headerSent = false;
  return new ReadableStream({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvRow(EXPORT_COLUMNS)));
        return;
      }
      const rows = await exportPage(db, afterId, EXPORT_PAGE);
      for (const r of rows) {
        const s = toAdminSubscriber(r);
        controller.enqueue(encoder.encode(csvRow([s.email, s.status, s.source, s.createdAt, s.confirmedAt ?? '', s.unsubscribedAt ?? ''])));
      }
      if (rows.length < EXPORT_PAGE) controller.close();
      else afterId = rows[rows.length - 1]!.id;
    },
  });
}

/**
 * Imports a CSV: the first cell of each row is an address (a first row whose first cell is `email` is the
 * header). Well-formed new addresses become active subscribers with source `import`; an address already there
 * (any status: an unsubscribed one stays so) or twice in the file is skipped; a malformed one is reported by line.
 */
export async function importSubscribersCsv(db: Db, text: string, now: number): Promise<SubscriberImportResult> {
  const rows = parseCsv(text.replace(/^\uFEFF/, ''));
  const errors: SubscriberImportResult['errors'] = [];
  const seen = new Set<string>();
  const emails: string[] = [];
  let duplicates = 0;
  rows.forEach((cells, index) => {
    const line = index + 1;
    const first = (cells[0] ?? '').trim();
    if (index === 0 && first.toLowerCase() === 'email') return;
    if (first === '' && cells.every((c) => c.trim() === '')) return;
    const parsed = EmailSchema.safeParse(first);
    if (!parsed.success) {
      errors.push({ line, message: `${JSON.stringify(first.slice(0, 80))} is not a valid email address` });
      return;
    }
    const key = emailKey(parsed.data);
    if (seen.has(key)) {
      duplicates++;
      return;
    }
    seen.add(key);
    emails.push(parsed.data);
  });
  const imported = await importSubscribers(db, emails, now);
  return { imported, skipped: duplicates + (emails.length - imported), errors };
}
