// Invites (product.md §15, §19; decision 055): who may invite which role, one pending invite per address, the
// mail and its link, single use, expiry, revoke and resend, acceptance under every registration policy, and
// only the token's hash in D1.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { INVALID_INVITE_TOKEN, INVITES_PER_HOUR, type InviteCreated, type InviteList } from '../../contracts/invites';
import { ROLE_ADMIN, ROLE_AUTHOR, ROLE_CONTRIBUTOR, ROLE_EDITOR } from '../../contracts/roles';
import { hashToken } from '../../worker/lib/session-token';
import { callAs } from './admin-kit';
import { createAdmin, createUser, json, uid, type TestUser } from './factories';
import { call, expectError, findUser, login, sessionCookieFrom, verify } from './helpers';
import { mailsTo, tokenIn } from './mail-outbox';

const newEmail = () => `invitee-${uid()}@example.com`;

async function createEditor(): Promise<TestUser> {
  const user = await createUser();
  await env.DB.prepare('UPDATE users SET role = ? WHERE id = ?').bind(ROLE_EDITOR, user.id).run();
  return user;
}

const invite = (who: TestUser | null, body: unknown) => callAs(who, '/api/admin/invites', { method: 'POST', json: body });

/** An invite sent by `who`, its answer and the token of the link it mailed. */
async function sendInvite(who: TestUser, role: number, email = newEmail()) {
  const created = await json<InviteCreated>(await invite(who, { email, role }), 201);
  const [mail] = await mailsTo(created.email);
  return { created, email: created.email, mail: mail!, token: tokenIn(mail!, '/invite') };
}

const accept = (token: string, fields: Partial<{ username: string; name: string; password: string }> = {}) =>
  call('/api/auth/invite/accept', {
    json: { token, username: `inv${uid(8)}`, name: 'Invited Person', password: `invited pw ${uid(8)}`, ...fields },
  });

const inviteRows = (email: string) =>
  env.DB.prepare('SELECT * FROM invites WHERE email = ?').bind(email).all<Record<string, unknown>>().then((r) => r.results);

describe('sending an invite', () => {
  it('answers 201 {id, email, role, expiresAt} 7 days out and mails the link, the inviter, the role and the expiry', async () => {
    const admin = await createAdmin();
    const before = Date.now();
    const typed = `  Mixed-${uid()}@Example.com `;
    const { created, mail, token } = await sendInvite(admin, ROLE_EDITOR, typed);
    expect(created.email).toBe(typed.trim().toLowerCase());
    expect(created.role).toBe(ROLE_EDITOR);
    const expires = Date.parse(created.expiresAt) - before;
    expect(expires).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(expires).toBeLessThanOrEqual(7 * 86_400_000 + 60_000);
    expect(mail.to).toBe(created.email);
    expect(mail.subject).toMatch(/^You're invited to /);
    expect(mail.text).toContain(`${admin.name} invited you`);
    expect(mail.text).toContain('as an editor');
    expect(mail.text).toContain('7 days');
    expect(mail.text).toContain(created.expiresAt.slice(0, 10));
    expect(mail.text).toContain(`https://byline.test/invite?token=${token}`);
    expect(mail.html).toContain('/invite?token=');
    expect(token).toMatch(/^inv_[A-Za-z0-9_-]{43}$/);
  });

  it('stores only the SHA-256 of the token: the raw token is nowhere in D1', async () => {
    const admin = await createAdmin();
    const { email, token } = await sendInvite(admin, ROLE_AUTHOR);
    const [row] = await inviteRows(email);
    expect(row!.token_hash).toBe(await hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token.slice(4));
  });

  it('lets admins invite every role and editors only authors and contributors (403 otherwise, nothing stored or mailed)', async () => {
    const admin = await createAdmin();
    const editor = await createEditor();
    for (const role of [ROLE_ADMIN, ROLE_EDITOR, ROLE_AUTHOR, ROLE_CONTRIBUTOR]) expect((await invite(admin, { email: newEmail(), role })).status).toBe(201);
    for (const role of [ROLE_AUTHOR, ROLE_CONTRIBUTOR]) expect((await invite(editor, { email: newEmail(), role })).status).toBe(201);
    for (const role of [ROLE_ADMIN, ROLE_EDITOR]) {
      const email = newEmail();
      await expectError(await invite(editor, { email, role }), 403, 'forbidden');
      expect(await inviteRows(email)).toEqual([]);
      expect(await mailsTo(email, 1, 100)).toEqual([]);
    }
  });

  it('is refused to visitors (401), authors and contributors (403)', async () => {
    const author = await createUser();
    const contributor = await createUser();
    await env.DB.prepare('UPDATE users SET role = ? WHERE id = ?').bind(ROLE_CONTRIBUTOR, contributor.id).run();
    const email = newEmail();
    await expectError(await invite(null, { email, role: ROLE_AUTHOR }), 401, 'unauthenticated');
    await expectError(await invite(author, { email, role: ROLE_AUTHOR }), 403, 'forbidden');
    await expectError(await invite(contributor, { email, role: ROLE_CONTRIBUTOR }), 403, 'forbidden');
    await expectError(await callAs(author, '/api/admin/invites'), 403, 'forbidden');
    expect(await inviteRows(email)).toEqual([]);
  });

  it('answers 409 for an address with an account or a pending invite, and 422 for bad input', async () => {
    const admin = await createAdmin();
    const member = await createUser();
    const taken = await expectError(await invite(admin, { email: member.email.toUpperCase(), role: ROLE_AUTHOR }), 409, 'conflict');
    expect(taken.error.fields?.email).toBeDefined();
    const { email } = await sendInvite(admin, ROLE_AUTHOR);
    const again = await expectError(await invite(admin, { email, role: ROLE_EDITOR }), 409, 'conflict');
    expect(again.error.fields?.email).toMatch(/resend/);
    expect(await inviteRows(email)).toHaveLength(1);
    const bad = await expectError(await invite(admin, { email: 'not an address', role: 7, extra: 1 }), 422, 'validation_failed');
    expect(Object.keys(bad.error.fields ?? {})).toEqual(expect.arrayContaining(['email', 'role']));
  });

  it('limits each inviter to INVITES_PER_HOUR invite mails an hour (resends count): then 429 with Retry-After, nothing stored or sent', async () => {
    const admin = await createAdmin();
    const other = await createAdmin();
    const { created } = await sendInvite(admin, ROLE_AUTHOR);
    for (let i = 1; i < INVITES_PER_HOUR - 1; i++) expect((await invite(admin, { email: newEmail(), role: ROLE_AUTHOR })).status).toBe(201);
    expect((await callAs(admin, `/api/admin/invites/${created.id}/resend`, { method: 'POST' })).status).toBe(200);
    const email = newEmail();
    const refused = await invite(admin, { email, role: ROLE_AUTHOR });
    expect(refused.headers.get('retry-after')).toMatch(/^[0-9]+$/);
    await expectError(refused, 429, 'rate_limited');
    await expectError(await callAs(admin, `/api/admin/invites/${created.id}/resend`, { method: 'POST' }), 429, 'rate_limited');
    expect(await inviteRows(email)).toEqual([]);
    expect(await mailsTo(email, 1, 100)).toEqual([]);
    expect((await invite(other, { email, role: ROLE_AUTHOR })).status).toBe(201);
  });

  it('replaces an expired invite to the same address', async () => {
    const admin = await createAdmin();
    const { email, token } = await sendInvite(admin, ROLE_AUTHOR);
    await env.DB.prepare('UPDATE invites SET expires_at = ? WHERE email = ?').bind(Date.now() - 1000, email).run();
    expect((await invite(admin, { email, role: ROLE_CONTRIBUTOR })).status).toBe(201);
    const rows = await inviteRows(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe(ROLE_CONTRIBUTOR);
    await expectError(await accept(token), 400, 'invalid_token');
  });
});

describe('the pending list', () => {
  it('lists pending invites newest first with who invited, as a paged list; editors see it too', async () => {
    const admin = await createAdmin();
    const editor = await createEditor();
    const first = await sendInvite(admin, ROLE_EDITOR);
    const second = await sendInvite(editor, ROLE_CONTRIBUTOR);
    const list = await json<InviteList>(await callAs(editor, '/api/admin/invites'));
    expect(Object.keys(list).sort()).toEqual(['items', 'page', 'pageSize', 'total']);
    const ours = list.items.filter((i) => [first.email, second.email].includes(i.email));
    expect(ours.map((i) => i.email)).toEqual([second.email, first.email]);
    expect(ours[0]).toMatchObject({ role: ROLE_CONTRIBUTOR, expired: false, invitedBy: { username: editor.username, name: editor.name } });
    expect(ours[1]!.invitedBy.username).toBe(admin.username);
    await expectError(await callAs(admin, '/api/admin/invites?page=0'), 400, 'bad_request');
  });
});

describe('revoking and resending', () => {
  it('revoke (204) ends the link; a second revoke is 404', async () => {
    const admin = await createAdmin();
    const { created, email, token } = await sendInvite(admin, ROLE_AUTHOR);
    expect((await callAs(admin, `/api/admin/invites/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await inviteRows(email)).toEqual([]);
    const refused = await expectError(await accept(token), 400, 'invalid_token');
    expect(refused.error.message).toBe(INVALID_INVITE_TOKEN);
    await expectError(await callAs(admin, `/api/admin/invites/${created.id}`, { method: 'DELETE' }), 404, 'not_found');
    await expectError(await callAs(admin, '/api/admin/invites/abc', { method: 'DELETE' }), 400, 'bad_request');
  });

  it('resend mails a new link for 7 more days and the old link stops working', async () => {
    const admin = await createAdmin();
    const { created, email, token: oldToken } = await sendInvite(admin, ROLE_AUTHOR);
    await env.DB.prepare('UPDATE invites SET expires_at = ? WHERE email = ?').bind(Date.now() - 1000, email).run();
    const renewed = await json<InviteCreated>(await callAs(admin, `/api/admin/invites/${created.id}/resend`, { method: 'POST' }));
    expect(Date.parse(renewed.expiresAt)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const mails = await mailsTo(email, 2);
    const newToken = tokenIn(mails[1]!, '/invite');
    expect(newToken).not.toBe(oldToken);
    await expectError(await accept(oldToken), 400, 'invalid_token');
    expect((await accept(newToken)).status).toBe(201);
    await expectError(await callAs(admin, `/api/admin/invites/${created.id}/resend`, { method: 'POST' }), 404, 'not_found');
  });

  it('an editor may not resend or revoke an invite to a role they may not invite', async () => {
    const admin = await createAdmin();
    const editor = await createEditor();
    const { created, email } = await sendInvite(admin, ROLE_EDITOR);
    await expectError(await callAs(editor, `/api/admin/invites/${created.id}`, { method: 'DELETE' }), 403, 'forbidden');
    await expectError(await callAs(editor, `/api/admin/invites/${created.id}/resend`, { method: 'POST' }), 403, 'forbidden');
    expect(await inviteRows(email)).toHaveLength(1);
    const own = await sendInvite(editor, ROLE_CONTRIBUTOR);
    expect((await callAs(editor, `/api/admin/invites/${own.created.id}`, { method: 'DELETE' })).status).toBe(204);
  });
});

describe('accepting an invite', () => {
  it('makes the account with the invited email and role, signs the browser in (201 {user}, cookie) and works once', async () => {
    const admin = await createAdmin();
    const { email, token } = await sendInvite(admin, ROLE_EDITOR);
    const check = await json<{ valid: boolean; email: string; role: number }>(await call(`/api/auth/invite?token=${token}`));
    expect(check).toEqual({ valid: true, email, role: ROLE_EDITOR });
    const username = `inv${uid(8)}`;
    const password = `chosen pw ${uid(8)}`;
    const res = await accept(token, { username: username.toUpperCase(), name: '  Ivy Invited ', password });
    const body = await json<{ user: { username: string; name: string; role: number } }>(res.clone(), 201);
    expect(body.user).toMatchObject({ username, name: 'Ivy Invited', role: ROLE_EDITOR });
    const cookie = sessionCookieFrom(res);
    expect(cookie).not.toBeNull();
    expect((await verify(cookie)).status).toBe(200);
    expect(res.headers.getSetCookie().some((l) => l.includes('device'))).toBe(true);
    const row = await findUser(username);
    expect(row).toMatchObject({ email, role: ROLE_EDITOR });
    expect((await login(username, password)).status).toBe(200);
    expect(await inviteRows(email)).toEqual([]);
    // Single use: the same link again, with another username.
    const again = await expectError(await accept(token), 400, 'invalid_token');
    expect(again.error.message).toBe(INVALID_INVITE_TOKEN);
    expect(await json(await call(`/api/auth/invite?token=${token}`))).toEqual({ valid: false });
  });

  it('refuses an expired, unknown or malformed link with one message, revealing nothing', async () => {
    const admin = await createAdmin();
    const { email, token } = await sendInvite(admin, ROLE_AUTHOR);
    await env.DB.prepare('UPDATE invites SET expires_at = ? WHERE email = ?').bind(Date.now() - 1, email).run();
    for (const bad of [token, `inv_${'A'.repeat(43)}`, 'nonsense', '']) {
      const refused = await expectError(await accept(bad), 400, 'invalid_token');
      expect(refused.error.message).toBe(INVALID_INVITE_TOKEN);
      expect(await json(await call(`/api/auth/invite?token=${encodeURIComponent(bad)}`))).toEqual({ valid: false });
    }
    expect(await findUser(email)).toBeNull();
    await expectError(await call('/api/auth/invite'), 400, 'bad_request');
  });

  it('applies the register rules: username rule, taken username (409), password = email or common (422), the link staying usable', async () => {
    const admin = await createAdmin();
    const member = await createUser();
    const { email, token } = await sendInvite(admin, ROLE_AUTHOR);
    await expectError(await accept(token, { username: 'no spaces allowed' }), 422, 'validation_failed');
    const taken = await expectError(await accept(token, { username: member.username }), 409, 'conflict');
    expect(taken.error.fields?.username).toBeDefined();
    const same = await expectError(await accept(token, { password: email.toUpperCase() }), 422, 'validation_failed');
    expect(same.error.fields?.password).toBeDefined();
    await expectError(await accept(token, { password: 'password123' }), 422, 'validation_failed');
    await expectError(await call('/api/auth/invite/accept', { json: { token, username: 'x1y2z3', name: 'N', password: 'long enough pw', role: 0 } }), 422, 'validation_failed');
    expect(await inviteRows(email)).toHaveLength(1);
    expect((await accept(token)).status).toBe(201);
  });

  it('works under every registration policy (open, review, invite, closed)', async () => {
    const admin = await createAdmin();
    const { policy } = (await env.DB.prepare('SELECT registration AS policy FROM settings WHERE id = 1').first<{ policy: string }>())!;
    try {
      for (const registration of ['open', 'review', 'invite', 'closed']) {
        await env.DB.prepare('UPDATE settings SET registration = ? WHERE id = 1').bind(registration).run();
        const { token } = await sendInvite(admin, ROLE_CONTRIBUTOR);
        const res = await accept(token);
        expect(res.status, registration).toBe(201);
        expect(((await res.json()) as { user: { role: number } }).user.role).toBe(ROLE_CONTRIBUTOR);
      }
    } finally {
      await env.DB.prepare('UPDATE settings SET registration = ? WHERE id = 1').bind(policy).run();
    }
  });

  it('two acceptances of one link race: exactly one account is made', async () => {
    const admin = await createAdmin();
    const { email, token } = await sendInvite(admin, ROLE_AUTHOR);
    const answers = await Promise.all([accept(token), accept(token), accept(token)]);
    expect(answers.map((r) => r.status).filter((s) => s === 201)).toHaveLength(1);
    const count = await env.DB.prepare('SELECT count(*) AS n FROM users WHERE email = ?').bind(email).first<{ n: number }>();
    expect(count!.n).toBe(1);
  });
});
