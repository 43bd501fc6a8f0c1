// What a browser test makes for itself: accounts, categories and posts under unique names, through the API
// as the harness's admin (global-setup.ts), so no test depends on the demo content or on another test.
import { expect, inject } from 'vitest';
import { baseURL, uniqueName } from './browser';

export interface Account {
  login: string;
  password: string;
  username: string;
  name: string;
  email: string;
}

const ROLES = { admin: 0, author: 1, editor: 2, contributor: 3 } as const;
const PASSWORD = 'own data password 21';

const cookies = new Map<string, Promise<string>>();
/** The session of `who` this file signed in first (one login each, not one per call). */
const cookieOf = (who: { login: string; password: string }): Promise<string> => {
  if (!cookies.has(who.login)) cookies.set(who.login, sessionCookie(who));
  return cookies.get(who.login)!;
};

/** A session cookie for `who`, from POST /api/auth/login. */
export async function sessionCookie(who: { login: string; password: string }): Promise<string> {
  const res = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL() },
    body: JSON.stringify({ login: who.login, password: who.password }),
  });
  expect(res.status, `login ${who.login}: ${await res.clone().text()}`).toBe(200);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => pair.includes('session'))
    .join('; ');
}

/** `method path` with `body` as the harness admin (or `as`), expecting `status`; answers the JSON. */
export async function api<T>(method: string, path: string, body?: unknown, options: { as?: string; status?: number } = {}): Promise<T> {
  const cookie = options.as ?? (await cookieOf(inject('harnessAdmin')));
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { cookie, origin: baseURL(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBe(options.status ?? (method === 'POST' ? 201 : 200));
  return (text ? JSON.parse(text) : null) as T;
}

/** A new account of its own, of any role. */
export async function newAccount(role: keyof typeof ROLES, prefix: string = role): Promise<Account> {
  const username = uniqueName(prefix.toLowerCase());
  const account = { login: username, username, password: PASSWORD, name: `${prefix} ${username.slice(-6)}`, email: `${username}@example.com` };
  await api('POST', '/api/admin/users', { name: account.name, username, email: account.email, password: PASSWORD, role: ROLES[role] });
  return account;
}

/** A new category of its own. */
export async function newCategory(prefix = 'Category'): Promise<{ slug: string; name: string }> {
  const name = `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
  return (await api<{ category: { slug: string; name: string } }>('POST', '/api/admin/categories', { name, description: '' })).category;
}

/** A post `author` wrote (published unless `data` says otherwise), in `data.category` or a new category. */
export async function newPost<P = { slug: string; title: string }>(author: Account, data: Record<string, unknown> = {}): Promise<P> {
  const category = (data.category as string | undefined) ?? (await newCategory()).slug;
  const post = { title: uniqueName('Post'), body: 'A post of its own.', status: 'published', ...data, category };
  return (await api<{ post: P }>('POST', '/api/posts', post, { as: await cookieOf(author) })).post;
}
