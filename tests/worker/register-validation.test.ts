// Registration input rules: each broken rule is a 422 naming the field, and changes nothing.
import { describe, expect, it } from 'vitest';
import {
  type Account,
  call,
  expectError,
  findUser,
  newAccount,
  registerUser,
  sessionCookieFrom,
  usersMatching,
  usersSnapshot,
} from './helpers';

/** A syntactically valid address of exactly `length` characters. */
function emailOfLength(length: number): string {
  const local = `e${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const domainBody = 'd'.repeat(length - local.length - 1 - 4).replace(/(.{60})./g, '$1.');
  const email = `${local}@${domainBody}.com`;
  if (email.length !== length) throw new Error(`emailOfLength built ${email.length}`);
  return email;
}

type Case = [label: string, field: keyof Account | 'role', mutate: (a: Account) => Record<string, unknown>];

const cases: Case[] = [
  ['username of 2 characters', 'username', (a) => ({ ...a, username: 'ab' })],
  ['username of 33 characters', 'username', (a) => ({ ...a, username: `${a.username}${'x'.repeat(33)}`.slice(0, 33) })],
  ['username with a space', 'username', (a) => ({ ...a, username: `${a.username} x` })],
  ['username with "!"', 'username', (a) => ({ ...a, username: `${a.username}!` })],
  ['username with "."', 'username', (a) => ({ ...a, username: `${a.username}.x` })],
  ['username with a non-ASCII letter', 'username', (a) => ({ ...a, username: `${a.username}é` })],
  ['username starting with "-"', 'username', (a) => ({ ...a, username: `-${a.username}` })],
  ['username starting with "_"', 'username', (a) => ({ ...a, username: `_${a.username}` })],
  ['username ending with "-"', 'username', (a) => ({ ...a, username: `${a.username}-` })],
  ['reserved username "admin"', 'username', (a) => ({ ...a, username: 'admin' })],
  ['reserved username "API" (any case)', 'username', (a) => ({ ...a, username: 'API' })],
  ['reserved username "login"', 'username', (a) => ({ ...a, username: 'login' })],
  ['username missing', 'username', ({ username: _u, ...rest }) => rest],
  ['username not a string', 'username', (a) => ({ ...a, username: 12345 })],
  ['empty name', 'name', (a) => ({ ...a, name: '' })],
  ['name of only spaces', 'name', (a) => ({ ...a, name: '    ' })],
  ['name of 81 characters', 'name', (a) => ({ ...a, name: 'N'.repeat(81) })],
  ['name with a BEL control character', 'name', (a) => ({ ...a, name: 'Bad\u0007Name' })],
  ['name with a NUL control character', 'name', (a) => ({ ...a, name: 'Bad\u0000Name' })],
  ['name with a newline inside', 'name', (a) => ({ ...a, name: 'Two\nLines' })],
  ['name with a DEL/C1 control character', 'name', (a) => ({ ...a, name: 'Bad\u0085Name' })],
  ['invalid email (no @)', 'email', (a) => ({ ...a, email: 'not-an-email' })],
  ['invalid email (no domain)', 'email', (a) => ({ ...a, email: `${a.username}@` })],
  ['invalid email (spaces inside)', 'email', (a) => ({ ...a, email: `a b@example.com` })],
  ['email of 255 characters', 'email', (a) => ({ ...a, email: emailOfLength(255) })],
  ['email missing', 'email', ({ email: _e, ...rest }) => rest],
  ['password of 7 characters', 'password', (a) => ({ ...a, password: '1234567' })],
  ['password of 129 characters', 'password', (a) => ({ ...a, password: 'p'.repeat(129) })],
  ['password equal to the username', 'password', (a) => ({ ...a, password: a.username })],
  ['password equal to the username in another case', 'password', (a) => ({ ...a, password: a.username.toUpperCase() })],
  ['password equal to the email', 'password', (a) => ({ ...a, password: a.email })],
  ['password equal to the email in another case', 'password', (a) => ({ ...a, password: a.email.toUpperCase() })],
  ['password not a string', 'password', (a) => ({ ...a, password: 12345678 })],
  ['an unknown field role: 0', 'role', (a) => ({ ...a, role: 0 })],
];

describe('POST /api/auth/register refuses broken rules with 422 and changes nothing', () => {
  it.each(cases)('%s → 422 naming "%s"', async (_label, field, mutate) => {
    const account = newAccount({ username: `u${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}` });
    const body = mutate(account);
    const before = await usersSnapshot();

    const res = await call('/api/auth/register', { json: body });
    const err = await expectError(res, 422, 'validation_failed');
    expect(err.error.fields).toBeDefined();
    expect(err.error.fields![field]).toEqual(expect.any(String));
    expect(sessionCookieFrom(res)).toBeNull();

    expect(await usersSnapshot()).toEqual(before);
    expect(await usersMatching({ username: String(body.username ?? account.username), email: String(body.email ?? account.email) })).toBe(0);
  });

  it('an unknown field is refused even when it looks harmless (role: 1), and no user is created', async () => {
    const account = newAccount();
    const before = await usersSnapshot();
    const res = await call('/api/auth/register', { json: { ...account, role: 1 } });
    const err = await expectError(res, 422, 'validation_failed');
    expect(Object.keys(err.error.fields ?? {})).toEqual(['role']);
    expect(await usersSnapshot()).toEqual(before);
    expect(await findUser(account.username)).toBeNull();
  });

  it('names every broken field at once', async () => {
    const res = await call('/api/auth/register', { json: { name: '', username: 'x', email: 'nope', password: 'short' } });
    const err = await expectError(res, 422, 'validation_failed');
    expect(Object.keys(err.error.fields ?? {}).sort()).toEqual(['email', 'name', 'password', 'username']);
  });

  it('a JSON body that is not an object is a 422, not a crash', async () => {
    for (const json of [null, [], 'text', 42]) {
      const res = await call('/api/auth/register', { json });
      await expectError(res, 422, 'validation_failed');
    }
  });
});

describe('POST /api/auth/register refuses a taken username or email (any case) with 409', () => {
  it('taken username, in another case → 409 naming username; nothing changes', async () => {
    const { account } = await registerUser();
    const before = await usersSnapshot();
    const attempt = newAccount({ username: account.username.toUpperCase() });

    const res = await call('/api/auth/register', { json: attempt });
    const err = await expectError(res, 409, 'conflict');
    expect(err.error.fields).toEqual({ username: expect.any(String) });
    expect(sessionCookieFrom(res)).toBeNull();
    expect(await usersSnapshot()).toEqual(before);
    expect(await usersMatching({ email: attempt.email })).toBe(0);
    expect(JSON.stringify(err)).not.toMatch(/UNIQUE|constraint|SQLITE|users\./i);
  });

  it('taken email, in another case and with spaces → 409 naming email; nothing changes', async () => {
    const { account } = await registerUser();
    const before = await usersSnapshot();
    const attempt = newAccount({ email: `  ${account.email.toUpperCase()} ` });

    const res = await call('/api/auth/register', { json: attempt });
    const err = await expectError(res, 409, 'conflict');
    expect(err.error.fields).toEqual({ email: expect.any(String) });
    expect(sessionCookieFrom(res)).toBeNull();
    expect(await usersSnapshot()).toEqual(before);
    expect(await findUser(attempt.username)).toBeNull();
    expect(JSON.stringify(err)).not.toMatch(/UNIQUE|constraint|SQLITE|users\./i);
  });
});
