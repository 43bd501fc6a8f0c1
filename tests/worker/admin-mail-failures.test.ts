// `/api/admin/mail-failures` and `/admin/mail` (decision 059): the mails the queue gave up on, for admins
// only; dismissing one. Rows are made as the queue consumer makes them (lib/mailer.ts recordMailFailure).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ListPage } from '../../contracts/list-page';
import type { MailFailure } from '../../contracts/mail-failures';
import { createDb } from '../../worker/db/client';
import { recordMailFailure } from '../../worker/lib/mailer';
import { callAs } from './admin-kit';
import { createAdmin, createUser, json, uid } from './factories';
import { expectError } from './helpers';

async function failedMail(): Promise<MailFailure> {
  const to = `lost-${uid()}@undeliverable.test`;
  const mail = { to, subject: `Reset your password ${uid(6)}`, text: 'body', html: '<p>body</p>' };
  await recordMailFailure(createDb(env.DB), { mail, error: new Error('550 mailbox unavailable'), attempts: 6 });
  const row = await env.DB.prepare('SELECT id, created_at FROM mail_failures WHERE "to" = ?').bind(to).first<{ id: number; created_at: number }>();
  return { id: row!.id, to, subject: mail.subject, error: 'Error: 550 mailbox unavailable', attempts: 6, createdAt: new Date(row!.created_at).toISOString() };
}

const failureCount = async () => (await env.DB.prepare('SELECT count(*) AS n FROM mail_failures').first<{ n: number }>())!.n;

describe('the failed-mail list', () => {
  it('lists failed mails newest first for an admin, and dismisses one (204, then 404); a non-numeric id is 400', async () => {
    const admin = await createAdmin();
    const older = await failedMail();
    const newer = await failedMail();
    const list = await json<ListPage<MailFailure>>(await callAs(admin, '/api/admin/mail-failures'));
    expect(list.items.slice(0, 2)).toEqual([newer, older]);
    expect((await callAs(admin, `/api/admin/mail-failures/${newer.id}`, { method: 'DELETE' })).status).toBe(204);
    const after = await json<ListPage<MailFailure>>(await callAs(admin, '/api/admin/mail-failures'));
    expect(after.items.map((f) => f.id)).not.toContain(newer.id);
    expect(after.items.map((f) => f.id)).toContain(older.id);
    await expectError(await callAs(admin, `/api/admin/mail-failures/${newer.id}`, { method: 'DELETE' }), 404, 'not_found');
    await expectError(await callAs(admin, '/api/admin/mail-failures/abc', { method: 'DELETE' }), 400, 'bad_request');
    await expectError(await callAs(admin, '/api/admin/mail-failures?page=0'), 400, 'bad_request');
  });

  it('answers 401 to a visitor and 403 to an editor and an author on every call, changing nothing', async () => {
    const failure = await failedMail();
    const before = await failureCount();
    for (const who of [null, await createUser({ role: 2 }), await createUser({ role: 1 })]) {
      const [status, code] = who ? [403, 'forbidden'] : [401, 'unauthenticated'];
      await expectError(await callAs(who, '/api/admin/mail-failures'), status, code);
      await expectError(await callAs(who, `/api/admin/mail-failures/${failure.id}`, { method: 'DELETE' }), status, code);
    }
    expect(await failureCount()).toBe(before);
  });
});

describe('the /admin/mail page', () => {
  it('is rendered on the server for an admin with the failed mail listed; an editor is refused', async () => {
    const admin = await createAdmin();
    const failure = await failedMail();
    const res = await callAs(admin, '/admin/mail');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(failure.to);
    expect(html).toContain(failure.subject);
    expect(html).toContain('550 mailbox unavailable');
    expect((await callAs(await createUser({ role: 2 }), '/admin/mail')).status).not.toBe(200);
  });
});
