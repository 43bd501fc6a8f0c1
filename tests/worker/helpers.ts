// Shared test helpers: requests to the Worker, per-test factories, cookies and D1 look-ups.
import { env, SELF } from 'cloudflare:test';
import { expect } from 'vitest';

export const ORIGIN = 'https://byline.test';
export const SECURE_COOKIE = '__Host-byline_session';
export const LOCAL_ORIGIN = 'http://localhost';
export const LOCAL_COOKIE = 'byline_session';

const shortId = (n = 10) => crypto.randomUUID().replace(/-/g, '').slice(0, n);

/** A client address of its own (IPv6 documentation range), so login/register throttles never cross tests. */
export function uniqueIp(): string {
  const h = crypto.randomUUID().replace(/-/g, '');
  return `2001:db8:${h.slice(0, 4)}:${h.slice(4, 8)}:${h.slice(8, 12)}:${h.slice(12, 16)}:${h.slice(16, 20)}:${h.slice(20, 24)}`;
}

export interface Account {
  name: string;
  username: string;
  email: string;
  password: string;
}

/** A valid, unique registration body. */
export function newAccount(overrides: Partial<Account> = {}): Account {
  const id = shortId();
  return {
    name: `Test User ${id}`,
    username: `u${id}`,
    email: `user-${id}@example.com`,
    password: `pw-${shortId(16)}`,
    ...overrides,
  };
}

export interface CallOptions {
  method?: string;
  json?: unknown;
  body?: BodyInit | null;
  cookie?: string | null;
  ip?: string;
  headers?: Record<string, string>;
  origin?: string;
}

/** One request to the Worker through its real fetch handler (all middleware included). */
export function call(path: string, opts: CallOptions = {}): Promise<Response> {
  return SELF.fetch(requestFor(path, opts));
}

/** The request `call` sends. */
export function requestFor(path: string, opts: CallOptions = {}): Request {
  const base = opts.origin ?? ORIGIN;
  const headers = new Headers(opts.headers);
  if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', opts.ip ?? uniqueIp());
  if (opts.cookie) headers.set('cookie', opts.cookie);
  let body = opts.body ?? null;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const method = opts.method ?? (body !== null ? 'POST' : 'GET');
  return new Request(new URL(path, base), { method, headers, body, redirect: 'manual' });
}

/** `name=value` of the session cookie a response sets, or null. */
export function sessionCookieFrom(res: Response, name = SECURE_COOKIE): string | null {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    if (pair?.startsWith(`${name}=`) && pair.length > name.length + 1) return pair.trim();
  }
  return null;
}

/** The full Set-Cookie line for the session cookie, or undefined. */
export function sessionSetCookieLine(res: Response, name = SECURE_COOKIE): string | undefined {
  return res.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));
}

/** Registers a fresh account and returns it with its session cookie. */
export async function registerUser(overrides: Partial<Account> = {}, ip = uniqueIp()) {
  const account = newAccount(overrides);
  const res = await call('/api/auth/register', { json: account, ip });
  expect(res.status, await res.clone().text()).toBe(201);
  const cookie = sessionCookieFrom(res);
  expect(cookie).not.toBeNull();
  const row = await findUser(account.username.toLowerCase());
  expect(row).not.toBeNull();
  return { account, cookie: cookie as string, userId: row!.id, ip };
}

export function login(loginText: string, password: string, ip = uniqueIp()): Promise<Response> {
  return call('/api/auth/login', { json: { login: loginText, password }, ip });
}

export function verify(cookie: string | null, origin?: string): Promise<Response> {
  return call('/api/verify', { cookie, ...(origin ? { origin } : {}) });
}

export interface UserRow {
  id: number;
  username: string;
  name: string;
  email: string;
  password_hash: string;
  role: number;
  disabled_at: number | null;
}

export function findUser(username: string): Promise<UserRow | null> {
  return env.DB.prepare('SELECT * FROM users WHERE username = ?').bind(username).first<UserRow>();
}

export async function usersSnapshot(): Promise<{ count: number; maxId: number | null }> {
  const row = await env.DB.prepare('SELECT count(*) AS count, max(id) AS maxId FROM users').first<{
    count: number;
    maxId: number | null;
  }>();
  return row!;
}

/** Users whose username or email matches, case-insensitively. */
export async function usersMatching(a: Partial<Account>): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM users WHERE lower(username) = lower(?) OR lower(email) = lower(?)')
    .bind((a.username ?? '').trim(), (a.email ?? '').trim())
    .first<{ n: number }>();
  return row!.n;
}

export async function sessionCount(userId: number): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM sessions WHERE user_id = ?').bind(userId).first<{ n: number }>();
  return row!.n;
}

export interface ErrorShape {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** Asserts status, the one error shape of contracts/errors.ts (nothing more, nothing less) and the code. */
export async function expectError(res: Response, status: number, code: string): Promise<ErrorShape> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  const body = JSON.parse(text) as ErrorShape;
  expectErrorShape(body);
  expect(body.error.code).toBe(code);
  return body;
}

export function expectErrorShape(body: unknown): asserts body is ErrorShape {
  expect(body).toBeTypeOf('object');
  expect(Object.keys(body as object)).toEqual(['error']);
  const error = (body as ErrorShape).error;
  for (const key of Object.keys(error)) expect(['code', 'message', 'fields']).toContain(key);
  expect(error.code).toBeTypeOf('string');
  expect(error.message).toBeTypeOf('string');
  expect(error.message.length).toBeGreaterThan(0);
  if ('fields' in error) {
    expect(error.fields).toBeTypeOf('object');
    for (const v of Object.values(error.fields ?? {})) expect(v).toBeTypeOf('string');
  }
}
