// /api/admin/users: list and search, create with a role, edit, disable (sessions end at once), set a
// password, delete — by the account rules of contracts/users.ts and contracts/admin.ts, and never leaving the site without an active admin.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { AdminUserList, AdminUserResponse } from '../../contracts/admin';
import { createDb } from '../../worker/db/client';
import { deleteAdminUser, updateAdminUser } from '../../worker/queries/admin-users';
import { activeAdminCount, callAs, dbSnapshot, makeOnlyActiveAdmin, userRow } from './admin-kit';
import { expectError, login, newAccount, sessionCookieFrom, sessionCount, verify } from './helpers';
import { createAdmin, createCategory, createPost, createUser, json, startTestSession, uid, type TestUser } from './factories';

const users = async (admin: TestUser, query = '') => json<AdminUserList>(await callAs(admin, `/api/admin/users${query}`));
const create = (admin: TestUser, body: unknown) => callAs(admin, '/api/admin/users', { method: 'POST', json: body });
const patch = (admin: TestUser, username: string, body: unknown) => callAs(admin, `/api/admin/users/${username}`, { method: 'PATCH', json: body });
const remove = (admin: TestUser, username: string) => callAs(admin, `/api/admin/users/${username}`, { method: 'DELETE' });

const ADMIN_USER_KEYS = ['username', 'name', 'email', 'bio', 'image', 'role', 'disabled', 'createdAt', 'postCount'].sort();

describe('GET /api/admin/users', () => {
  it('lists accounts newest first, 25 a page, with role, state and all-status post counts', async () => {
    const admin = await createAdmin();
    const tag = uid(6);
    const made: TestUser[] = [];
    for (let i = 0; i < 27; i++) made.push(await createUser({ name: `Batch ${tag} ${i}` }));
    const category = await createCategory();
    await createPost(made[26]!, category);
    await createPost(made[26]!, category, { status: 'draft' });

    const first = await users(admin, `?q=${tag}`);
    expect(first).toMatchObject({ page: 1, pageSize: 25, total: 27 });
    const newest = [...made].reverse().map((u) => u.username);
    expect(first.items.map((u) => u.username)).toEqual(newest.slice(0, 25));
    expect((await users(admin, `?q=${tag}&page=2`)).items.map((u) => u.username)).toEqual(newest.slice(25));
    const top = first.items[0]!;
    expect(Object.keys(top).sort()).toEqual(ADMIN_USER_KEYS);
    expect(top).toMatchObject({ role: 1, disabled: false, postCount: 2, bio: '', image: null });
    expect(new Date(top.createdAt).toISOString()).toBe(top.createdAt);
    expect(top).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(first)).not.toContain('pbkdf2');
  });

  it('q matches username, name or email (case-insensitive, % and _ literal); role filters', async () => {
    const admin = await createAdmin();
    const tag = uid(8);
    const byName = await createUser({ name: `Ada ${tag} Lovelace` });
    const anAdmin = await createUser({ role: 0, name: `Grace ${tag}` });
    const found = async (q: string, extra = '') => (await users(admin, `?q=${encodeURIComponent(q)}${extra}`)).items.map((u) => u.username);
    expect(await found(`ADA ${tag}`)).toEqual([byName.username]);
    expect(await found(byName.username.toUpperCase())).toEqual([byName.username]);
    expect(await found(byName.email)).toEqual([byName.username]);
    expect((await found(tag)).sort()).toEqual([byName.username, anAdmin.username].sort());
    expect(await found(tag, '&role=0')).toEqual([anAdmin.username]);
    expect(await found(tag, '&role=1')).toEqual([byName.username]);
    expect(await found(`%${tag}`)).toEqual([]);
    expect(await found(`_${tag}`)).toEqual([]);
    expect((await users(admin, '?role=0')).items.every((u) => u.role === 0)).toBe(true);
    expect((await users(admin, '?role=&q=')).total).toBeGreaterThanOrEqual(3);
  });

  it('refuses bad query parameters with 400 naming them', async () => {
    const admin = await createAdmin();
    for (const [query, field] of [
      ['?role=4', 'role'],
      ['?role=admin', 'role'],
      ['?page=0', 'page'],
      ['?page=x', 'page'],
      [`?q=${'a'.repeat(49)}`, 'q'],
      [`?q=${encodeURIComponent('_'.repeat(25))}`, 'q'],
    ]) {
      const err = await expectError(await callAs(admin, `/api/admin/users${query}`), 400, 'bad_request');
      expect(err.error.fields, query).toHaveProperty(field!);
    }
  });
});

describe('POST /api/admin/users', () => {
  it('creates an author or an admin (201) who can then log in with that role', async () => {
    const admin = await createAdmin();
    const account = newAccount();
    const { user } = await json<AdminUserResponse>(await create(admin, { ...account, username: account.username.toUpperCase(), role: 0, bio: ' Writes. ' }), 201);
    expect(user).toEqual({
      username: account.username.toLowerCase(),
      name: account.name,
      email: account.email,
      bio: 'Writes.',
      image: null,
      role: 0,
      disabled: false,
      createdAt: user.createdAt,
      postCount: 0,
    });
    const row = await userRow((await env.DB.prepare('SELECT id FROM users WHERE username = ?').bind(user.username).first<{ id: number }>())!.id);
    expect(row!.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(row!.password_hash).not.toContain(account.password);
    const res = await login(account.username, account.password);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { role: number } }).user.role).toBe(0);

    const author = newAccount();
    expect((await json<AdminUserResponse>(await create(admin, { ...author, role: 1 }), 201)).user.role).toBe(1);
  });

  it('a taken username or email (any case) → 409 naming the field; nothing created', async () => {
    const [admin, existing] = await Promise.all([createAdmin(), createUser()]);
    const before = await dbSnapshot();
    const taken = await expectError(await create(admin, { ...newAccount(), username: existing.username.toUpperCase(), role: 1 }), 409, 'conflict');
    expect(taken.error.fields).toHaveProperty('username');
    const email = await expectError(await create(admin, { ...newAccount(), email: existing.email.toUpperCase(), role: 1 }), 409, 'conflict');
    expect(email.error.fields).toHaveProperty('email');
    expect(await dbSnapshot()).toEqual(before);
  });

  it('refuses every broken account rule with 422 naming the field; nothing created', async () => {
    const admin = await createAdmin();
    const base = { ...newAccount(), role: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'ab' }, 'username'],
      [{ username: 'a'.repeat(33) }, 'username'],
      [{ username: 'has space' }, 'username'],
      [{ username: '-dash' }, 'username'],
      [{ username: 'dash_' }, 'username'],
      [{ username: 'admin' }, 'username'],
      [{ username: 'Login' }, 'username'],
      [{ username: undefined }, 'username'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ name: 'Tab\there' }, 'name'],
      [{ email: 'not-an-email' }, 'email'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 'email'],
      [{ password: 'short' }, 'password'],
      [{ password: 'x'.repeat(129) }, 'password'],
      [{ password: base.username.toUpperCase() }, 'password'],
      [{ password: base.email }, 'password'],
      [{ role: 4 }, 'role'],
      [{ role: '0' }, 'role'],
      [{ role: undefined }, 'role'],
      [{ bio: 'x'.repeat(501) }, 'bio'],
      [{ disabled: true }, 'disabled'],
      [{ image: 'https://example.com/a.png' }, 'image'],
    ];
    const before = await dbSnapshot();
    for (const [change, field] of cases) {
      const body: Record<string, unknown> = { ...base, ...change };
      for (const [k, v] of Object.entries(change)) if (v === undefined) delete body[k];
      const err = await expectError(await create(admin, body), 422, 'validation_failed');
      expect(err.error.fields, JSON.stringify(change)).toHaveProperty(field);
    }
    expect(await dbSnapshot()).toEqual(before);
  });
});

describe('GET /api/admin/users/:username', () => {
  it('answers any account, disabled ones included; unknown → 404', async () => {
    const admin = await createAdmin();
    const disabled = await createUser({ disabled: true, bio: 'Gone quiet' });
    const { user } = await json<AdminUserResponse>(await callAs(admin, `/api/admin/users/${disabled.username.toUpperCase()}`));
    expect(user).toMatchObject({ username: disabled.username, email: disabled.email, bio: 'Gone quiet', role: 1, disabled: true, postCount: 0 });
    await expectError(await callAs(admin, '/api/admin/users/nobody-by-this-name'), 404, 'not_found');
  });
});

describe('PATCH /api/admin/users/:username', () => {
  it('edits name, email, bio, image and role', async () => {
    const [admin, author] = await Promise.all([createAdmin(), createUser()]);
    const email = `new-${uid(8)}@example.com`;
    const { user } = await json<AdminUserResponse>(
      await patch(admin, author.username, { name: ' New Name ', email: email.toUpperCase(), bio: 'Fresh bio', image: 'https://example.com/me.png', role: 0 }),
    );
    expect(user).toMatchObject({ username: author.username, name: 'New Name', email, bio: 'Fresh bio', image: 'https://example.com/me.png', role: 0 });
    expect(await userRow(author.id)).toMatchObject({ name: 'New Name', email, role: 0 });
    expect((await callAs(author, '/api/admin/stats')).status).toBe(200); // now an admin, on the same session
    const { user: cleared } = await json<AdminUserResponse>(await patch(admin, author.username, { image: '' }));
    expect(cleared.image).toBeNull();
  });

  it('a taken email → 409 fields.email; bad fields → 422 naming them; unknown → 404; nothing changes', async () => {
    const [admin, author, other] = await Promise.all([createAdmin(), createUser(), createUser()]);
    const before = await dbSnapshot();
    const taken = await expectError(await patch(admin, author.username, { email: other.email.toUpperCase() }), 409, 'conflict');
    expect(taken.error.fields).toHaveProperty('email');
    const cases: [unknown, string][] = [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ email: 'nope' }, 'email'],
      [{ bio: 'x'.repeat(501) }, 'bio'],
      [{ image: 'http://example.com/a.png' }, 'image'],
      [{ image: 'javascript:alert(1)' }, 'image'],
      [{ role: 4 }, 'role'],
      [{ disabled: 'yes' }, 'disabled'],
      [{ password: 'short' }, 'password'],
      [{ password: author.username.toUpperCase() }, 'password'],
      [{ password: author.email }, 'password'],
      [{ password: 'my-new@example.com', email: 'my-new@example.com' }, 'password'],
      [{ username: 'renamed-user' }, 'username'],
      [{ passwordHash: 'x' }, 'passwordHash'],
    ];
    for (const [body, field] of cases) {
      const err = await expectError(await patch(admin, author.username, body), 422, 'validation_failed');
      expect(err.error.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    expect(await dbSnapshot()).toEqual(before);
    await expectError(await patch(admin, 'nobody-by-this-name', { name: 'X' }), 404, 'not_found');
  });

  it("disabling ends all of the user's sessions at once: the open one gets 401 on its next request", async () => {
    const [admin, author] = await Promise.all([createAdmin(), createUser()]);
    const second = await startTestSession(author.id);
    expect((await verify(author.cookie)).status).toBe(200);
    const { user } = await json<AdminUserResponse>(await patch(admin, author.username, { disabled: true }));
    expect(user.disabled).toBe(true);
    expect(await sessionCount(author.id)).toBe(0);
    await expectError(await verify(author.cookie), 401, 'unauthenticated');
    await expectError(await verify(second), 401, 'unauthenticated');
    await expectError(await callAs(author, '/api/profile'), 401, 'unauthenticated');
    expect((await login(author.username, author.password)).status).toBe(403);

    const disabledAt = (await userRow(author.id))!.disabled_at;
    await json(await patch(admin, author.username, { disabled: true }));
    expect((await userRow(author.id))!.disabled_at).toBe(disabledAt); // disabling again keeps the date

    const { user: enabled } = await json<AdminUserResponse>(await patch(admin, author.username, { disabled: false }));
    expect(enabled.disabled).toBe(false);
    expect((await userRow(author.id))!.disabled_at).toBeNull();
    expect((await login(author.username, author.password)).status).toBe(200);
    await expectError(await verify(author.cookie), 401, 'unauthenticated'); // the old session stays ended
  });

  it("a new password ends every session of the user and works at login; the old one does not", async () => {
    const [admin, author] = await Promise.all([createAdmin(), createUser()]);
    const password = `fresh-${uid(12)}`;
    expect((await patch(admin, author.username, { password })).status).toBe(200);
    await expectError(await verify(author.cookie), 401, 'unauthenticated');
    expect((await login(author.username, author.password)).status).toBe(401);
    expect((await login(author.username, password)).status).toBe(200);
  });

  it("an admin setting their own password ends all their sessions and gets a new one in place of the current", async () => {
    const admin = await createAdmin();
    const elsewhere = await startTestSession(admin.id);
    const res = await patch(admin, admin.username, { password: `mine-${uid(12)}` });
    expect(res.status).toBe(200);
    await expectError(await verify(admin.cookie), 401, 'unauthenticated');
    await expectError(await verify(elsewhere), 401, 'unauthenticated');
    expect((await verify(sessionCookieFrom(res))).status).toBe(200);
    expect(await sessionCount(admin.id)).toBe(1);
  });
});

describe('DELETE /api/admin/users/:username', () => {
  it('deletes an account with no posts (204); its sessions go too; then 404', async () => {
    const [admin, author] = await Promise.all([createAdmin(), createUser()]);
    expect((await remove(admin, author.username)).status).toBe(204);
    expect(await userRow(author.id)).toBeNull();
    expect(await sessionCount(author.id)).toBe(0);
    await expectError(await verify(author.cookie), 401, 'unauthenticated');
    await expectError(await remove(admin, author.username), 404, 'not_found');
  });

  it('refuses an account with posts — drafts too — with 409 and the count, nothing changes', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    await createPost(author, category, { status: 'draft' });
    await createPost(author, category);
    const before = await dbSnapshot();
    const err = await expectError(await remove(admin, author.username), 409, 'conflict');
    expect(err.error.message).toMatch(/2 posts.*disable/);
    expect(await dbSnapshot()).toEqual(before);
  });

  it('refuses an account that uploaded images (they may be in use); disable it instead', async () => {
    const [admin, author] = await Promise.all([createAdmin(), createUser()]);
    await env.DB.prepare('INSERT INTO media (key, owner_id, content_type, size) VALUES (?, ?, ?, ?)').bind(`k-${uid(12)}.png`, author.id, 'image/png', 10).run();
    const err = await expectError(await remove(admin, author.username), 409, 'conflict');
    expect(err.error.message).toMatch(/disable/);
    expect(await userRow(author.id)).not.toBeNull();
  });
});

// These tests make one admin the only active one by disabling the others directly in D1: the tests of
// a file run one after another on their own database, so nothing else sees it.
describe('there is always at least one active admin', () => {
  it('the last active admin cannot demote, disable or delete themselves (409, nothing changes)', async () => {
    const admin = await createAdmin();
    await makeOnlyActiveAdmin(admin);
    const before = await dbSnapshot();
    const demote = await expectError(await patch(admin, admin.username, { role: 1 }), 409, 'conflict');
    expect(demote.error.fields).toHaveProperty('role');
    const disable = await expectError(await patch(admin, admin.username, { disabled: true }), 409, 'conflict');
    expect(disable.error.fields).toHaveProperty('disabled');
    // Refused as a whole: the other fields and the password in the same request change nothing either.
    await expectError(await patch(admin, admin.username, { disabled: true, name: 'Changed', password: `pw-${uid(12)}` }), 409, 'conflict');
    await expectError(await remove(admin, admin.username), 409, 'conflict');
    expect(await dbSnapshot()).toEqual(before);
    expect((await verify(admin.cookie)).status).toBe(200);
    expect(await activeAdminCount()).toBe(1);
  });

  it('a disabled admin does not count; with another active admin, demoting or disabling yourself is allowed', async () => {
    const admin = await createAdmin();
    const dormant = await createAdmin();
    await makeOnlyActiveAdmin(admin);
    await expectError(await patch(admin, admin.username, { role: 1 }), 409, 'conflict');
    // Enabling the dormant admin gives a second active one.
    await json(await patch(admin, dormant.username, { disabled: false }));
    const { user } = await json<AdminUserResponse>(await patch(admin, admin.username, { role: 1 }));
    expect(user.role).toBe(1);
    await expectError(await callAs(admin, '/api/admin/stats'), 403, 'forbidden'); // an author now, same session
    expect(await activeAdminCount()).toBe(1);
    // The remaining admin cannot now be demoted by anyone.
    await expectError(await patch(dormant, dormant.username, { disabled: true }), 409, 'conflict');
    await expectError(await remove(dormant, dormant.username), 409, 'conflict');
  });

  it('an author being disabled or deleted is never held back by the rule', async () => {
    const admin = await createAdmin();
    await makeOnlyActiveAdmin(admin);
    const author = await createUser();
    expect((await patch(admin, author.username, { disabled: true, role: 1 })).status).toBe(200);
    expect((await remove(admin, author.username)).status).toBe(204);
  });

  it('race-safe at the query: demoting, disabling or deleting both remaining admins at once — exactly one goes', async () => {
    // Straight at the writes, so both statements really are in flight together: a check-then-write would let both pass.
    const db = createDb(env.DB);
    const writes: [string, (id: number) => Promise<{ ok: boolean }>][] = [
      ['demote', (id) => updateAdminUser(db, { id, patch: { role: 1 }, now: Date.now() })],
      ['disable', (id) => updateAdminUser(db, { id, patch: { disabled: true }, now: Date.now() })],
      ['delete', (id) => deleteAdminUser(db, id)],
    ];
    for (const [label, write] of writes) {
      const [a, b] = await Promise.all([createAdmin(), createAdmin()]);
      await makeOnlyActiveAdmin(a);
      await env.DB.prepare('UPDATE users SET disabled_at = NULL WHERE id = ?').bind(b.id).run();
      expect(await activeAdminCount()).toBe(2);
      const outcomes = await Promise.all([write(a.id), write(b.id)]);
      expect(outcomes.map((o) => o.ok).sort(), label).toEqual([false, true]);
      expect(await activeAdminCount(), label).toBe(1);
    }
  });

  it('two admins demoting each other over HTTP at once: one wins, one active admin remains', async () => {
    const [a, b] = await Promise.all([createAdmin(), createAdmin()]);
    await makeOnlyActiveAdmin(a);
    await env.DB.prepare('UPDATE users SET disabled_at = NULL WHERE id = ?').bind(b.id).run();
    const results = await Promise.all([patch(a, b.username, { role: 1 }), patch(b, a.username, { role: 1 })]);
    // The loser is refused by the rule (409) or, if the winner's write landed first, is no longer an admin (403).
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.every((r) => [200, 403, 409].includes(r.status))).toBe(true);
    expect(await activeAdminCount()).toBe(1);
  });
});

