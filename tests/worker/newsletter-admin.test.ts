// `/api/admin/subscribers` and `/api/admin/subscribers.csv` (decision 069): admins only; the list with status
// filter, prefix search and counts; the CSV export that no spreadsheet runs as formulas; the CSV import with
// duplicates skipped and a per-row report; unsubscribing and removing one.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { AdminSubscribers, SubscriberImportResult } from '../../contracts/newsletter';
import { ROLE_AUTHOR, ROLE_EDITOR } from '../../contracts/roles';
import { listSubscribers } from '../../worker/queries/subscribers-admin';
import { csvCell, parseCsv } from '../../worker/services/subscribers-csv';
import { callAs } from './admin-kit';
import { createAdmin, createUser, json, uid } from './factories';
import { expectError } from './helpers';
import { plansOf } from './query-plan-kit';

const importCsv = (who: Parameters<typeof callAs>[0], csv: string, type = 'text/csv') =>
  callAs(who, '/api/admin/subscribers/import', { method: 'POST', body: csv, headers: { 'content-type': type } });
const statusOf = (email: string) => env.DB.prepare('SELECT status, source FROM subscribers WHERE email_key = ?').bind(email).first<{ status: string; source: string }>();

describe('admin subscribers', () => {
  it('refuses authors and editors (403) and visitors (401) on every call, the CSV export included', async () => {
    const [author, editor] = await Promise.all([createUser({ role: ROLE_AUTHOR }), createUser({ role: ROLE_EDITOR })]);
    for (const who of [author, editor]) {
      await expectError(await callAs(who, '/api/admin/subscribers'), 403, 'forbidden');
      await expectError(await callAs(who, '/api/admin/subscribers.csv'), 403, 'forbidden');
      await expectError(await importCsv(who, 'email\nx@example.com\n'), 403, 'forbidden');
      await expectError(await callAs(who, '/api/admin/subscribers/1', { method: 'DELETE' }), 403, 'forbidden');
    }
    await expectError(await callAs(null, '/api/admin/subscribers.csv'), 401, 'unauthenticated');
    expect(await statusOf('x@example.com')).toBeNull();
  });

  it('imports new addresses as active with source import, skips duplicates (in the file and already there) and reports bad rows by line', async () => {
    const admin = await createAdmin();
    const tag = uid();
    const [a, b, c] = [`a-${tag}@example.com`, `b-${tag}@example.com`, `c-${tag}@example.com`];
    const first = await json<SubscriberImportResult>(await importCsv(admin, `email,name\n${a},Ann\n"${b}",Bob\n${a.toUpperCase()}\nnot-an-address\n\n`));
    expect(first).toEqual({ imported: 2, skipped: 1, errors: [{ line: 5, message: '"not-an-address" is not a valid email address' }] });
    expect(await statusOf(a)).toEqual({ status: 'active', source: 'import' });
    const second = await json<SubscriberImportResult>(await importCsv(admin, `${a}\r\n${c}\r\n`));
    expect(second).toEqual({ imported: 1, skipped: 1, errors: [] });
  });

  it('imports many rows in one call (more than one statement’s worth), and refuses another media type (415) and an oversized body (413)', async () => {
    const admin = await createAdmin();
    const tag = uid();
    const rows = Array.from({ length: 130 }, (_, i) => `bulk${i}-${tag}@example.com`);
    expect(await json<SubscriberImportResult>(await importCsv(admin, rows.join('\n')))).toEqual({ imported: 130, skipped: 0, errors: [] });
    await expectError(await importCsv(admin, rows.join('\n'), 'application/json'), 415, 'unsupported_media_type');
    await expectError(await importCsv(admin, `x@example.com\n${'y'.repeat(600 * 1024)}`), 413, 'payload_too_large');
  });

  it('lists by address with a status filter, a prefix search and the counts of each status', async () => {
    const admin = await createAdmin();
    const tag = uid();
    await importCsv(admin, [`zz-${tag}-1@example.com`, `zz-${tag}-2@example.com`].join('\n'));
    const page = await json<AdminSubscribers>(await callAs(admin, `/api/admin/subscribers?status=active&q=ZZ-${tag}`));
    expect(page.items.map((s) => s.email)).toEqual([`zz-${tag}-1@example.com`, `zz-${tag}-2@example.com`]);
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({ status: 'active', source: 'import', unsubscribedAt: null });
    expect(page.counts.active).toBeGreaterThanOrEqual(2);
    const none = await json<AdminSubscribers>(await callAs(admin, `/api/admin/subscribers?status=pending&q=zz-${tag}`));
    expect(none.items).toEqual([]);
    await expectError(await callAs(admin, '/api/admin/subscribers?status=gone'), 400, 'bad_request');
  });

  it('exports every subscriber as CSV with formula-like cells defused', async () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(['+1', '-1', '@SUM(A1)', '\tx'].map(csvCell)).toEqual(["'+1", "'-1", "'@SUM(A1)", "'\tx"]);
    const admin = await createAdmin();
    const tag = uid();
    const odd = `=cmd-${tag}@example.com`;
    await env.DB.prepare("INSERT INTO subscribers (email, email_key, status, source) VALUES (?, ?, 'active', 'import')").bind(odd, odd).run();
    const res = await callAs(admin, '/api/admin/subscribers.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('subscribers.csv');
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual(['email', 'status', 'source', 'created_at', 'confirmed_at', 'unsubscribed_at']);
    expect(rows.find((r) => r[0] === `'${odd}`)).toBeDefined();
    expect(rows.some((r) => /^[=+\-@]/.test(r[0]!))).toBe(false);
  });

  it('unsubscribes one (204) and removes one (204, then 404)', async () => {
    const admin = await createAdmin();
    const email = `one-${uid()}@example.com`;
    await importCsv(admin, email);
    const { id } = (await env.DB.prepare('SELECT id FROM subscribers WHERE email_key = ?').bind(email).first<{ id: number }>())!;
    expect((await callAs(admin, `/api/admin/subscribers/${id}`, { method: 'PATCH', json: { status: 'unsubscribed' } })).status).toBe(204);
    expect((await statusOf(email))!.status).toBe('unsubscribed');
    expect((await callAs(admin, `/api/admin/subscribers/${id}`, { method: 'DELETE' })).status).toBe(204);
    await expectError(await callAs(admin, `/api/admin/subscribers/${id}`, { method: 'DELETE' }), 404, 'not_found');
    await expectError(await callAs(admin, `/api/admin/subscribers/${id}`, { method: 'PATCH', json: { status: 'unsubscribed' } }), 404, 'not_found');
  });

  it('finds a page by status and address prefix through an index range, in index order (no scan, no sort)', async () => {
    for (const filter of [{ status: 'active' as const, q: 'ab' }, { q: 'ab' }, { status: 'pending' as const }, {}]) {
      const plans = await plansOf((db) => listSubscribers(db, { ...filter, page: 1, pageSize: 50 }));
      for (const { sql, plan } of plans) {
        const context = `${sql}\n  ${plan.join('\n  ')}`;
        expect(plan.join('\n'), context).not.toMatch(/TEMP B-TREE/);
        for (const step of plan) expect(step, context).not.toMatch(/^SCAN subscribers$/);
        if (filter.q) expect(plan.join('\n'), context).toMatch(/SEARCH subscribers USING (COVERING )?INDEX/);
      }
    }
  });

  it('renders /admin/subscribers with the counts and the list for an admin, and the 403 page for an editor', async () => {
    const admin = await createAdmin();
    const email = `page-${uid()}@example.com`;
    await importCsv(admin, email);
    const page = await callAs(admin, `/admin/subscribers?q=${email}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toContain('waiting for confirmation');
    expect(html).toContain('Export CSV');
    expect((await callAs(await createUser({ role: ROLE_EDITOR }), '/admin/subscribers')).status).toBe(403);
  });
});
