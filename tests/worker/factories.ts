// Content factories for Worker tests: users with a live session, categories and posts, each unique to
// the test that makes it (no shared fixtures, no reliance on ids or order).
import { env } from 'cloudflare:test';
import { serializeSigned } from 'hono/utils/cookie';
import { expect } from 'vitest';
import type { Post, PostInput } from '../../contracts/posts';
import type { Role } from '../../contracts/roles';
import { hashPassword } from '../../worker/lib/password';
import { hashSessionToken, newSessionToken, SESSION_TTL_MS } from '../../worker/lib/session-token';
import { call, SECURE_COOKIE, uniqueIp } from './helpers';

export const uid = (n = 10): string => crypto.randomUUID().replace(/-/g, '').slice(0, n);

export interface TestUser {
  id: number;
  username: string;
  name: string;
  email: string;
  password: string;
  role: Role;
  /** `__Host-byline_session=…` for the ORIGIN of helpers.ts. */
  cookie: string;
  /** A client address of this user's own. */
  ip: string;
}

/** A signed session cookie for a new sessions row of the user, as login would make. */
export async function startTestSession(userId: number): Promise<string> {
  const token = newSessionToken();
  const now = Date.now();
  await env.DB.prepare('INSERT INTO sessions (user_id, secret_hash, expires_at, last_seen_at, user_agent) VALUES (?, ?, ?, ?, ?)')
    .bind(userId, await hashSessionToken(token), now + SESSION_TTL_MS, now, 'vitest')
    .run();
  const line = await serializeSigned(SECURE_COOKIE, token, env.SESSION_SECRET, { secure: true, path: '/' });
  return line.split(';')[0] as string;
}

/** A user inserted into D1 (hash from hashPassword) with a live session. */
export async function createUser(opts: { role?: Role; name?: string; bio?: string; disabled?: boolean } = {}): Promise<TestUser> {
  const id = uid();
  const user = {
    username: `c${id}`,
    name: opts.name ?? `Writer ${id}`,
    email: `c-${id}@example.com`,
    password: `pw-${uid(16)}`,
    role: opts.role ?? (1 as Role),
  };
  const row = await env.DB.prepare(
    'INSERT INTO users (username, name, email, password_hash, role, bio, disabled_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
  )
    .bind(
      user.username,
      user.name,
      user.email,
      await hashPassword(user.password, env.PASSWORD_PEPPER),
      user.role,
      opts.bio ?? '',
      opts.disabled ? Date.now() : null,
    )
    .first<{ id: number }>();
  const userId = row!.id;
  const cookie = opts.disabled ? '' : await startTestSession(userId);
  return { id: userId, ...user, cookie, ip: uniqueIp() };
}

export const createAdmin = () => createUser({ role: 0 });

export interface TestCategory {
  id: number;
  slug: string;
  name: string;
}

export async function createCategory(opts: { name?: string; description?: string } = {}): Promise<TestCategory> {
  const id = uid();
  const name = opts.name ?? `Topic ${id}`;
  const slug = `topic-${id}`;
  const row = await env.DB.prepare('INSERT INTO categories (slug, name, description) VALUES (?, ?, ?) RETURNING id')
    .bind(slug, name, opts.description ?? `About ${name}`)
    .first<{ id: number }>();
  return { id: row!.id, slug, name };
}

/** A valid post input in `category`, published by default. */
export function postInput(category: TestCategory, overrides: Partial<PostInput> = {}): PostInput {
  return {
    title: `A post about ${uid(6)}`,
    body: `Some **bold** words and a [link](https://example.com/).\n\nMore text for the reader, ${uid(6)}.`,
    category: category.slug,
    status: 'published',
    ...overrides,
  };
}

/** Creates a post through the API as `author`; answers the post the API returned. */
export async function createPost(author: TestUser, category: TestCategory, overrides: Partial<PostInput> = {}): Promise<Post> {
  const res = await call('/api/posts', { json: postInput(category, overrides), cookie: author.cookie, ip: author.ip });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return (JSON.parse(text) as { post: Post }).post;
}

export interface PostDbRow {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  status: string;
  published_at: number | null;
  version: number;
  author_id: number;
  category_id: number;
  cover_image: string | null;
  reading_minutes: number;
  updated_at: number;
}

export function postRow(slug: string): Promise<PostDbRow | null> {
  return env.DB.prepare('SELECT * FROM posts WHERE slug = ?').bind(slug).first<PostDbRow>();
}

export async function postCount(where = '1 = 1', ...binds: unknown[]): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM posts WHERE ${where}`)
    .bind(...binds)
    .first<{ n: number }>();
  return row!.n;
}

/** Puts a post on the featured list at `position` (the admin API is another issue's). */
export async function feature(postSlug: string, position: number): Promise<void> {
  await env.DB.prepare('INSERT INTO featured (post_id, position) SELECT id, ? FROM posts WHERE slug = ?').bind(position, postSlug).run();
}

export async function isFeatured(postSlug: string): Promise<boolean> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM featured f JOIN posts p ON p.id = f.post_id WHERE p.slug = ?')
    .bind(postSlug)
    .first<{ n: number }>();
  return row!.n > 0;
}

/** JSON of a response after asserting its status (the body is shown when the status is wrong). */
export async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** PUT body for a post as loaded: the editable fields plus its version, with overrides. */
export function updateOf(post: Post, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: post.title,
    body: post.body,
    category: post.category.slug,
    status: post.status,
    excerpt: post.excerpt,
    coverImage: post.coverImage,
    version: post.version,
    ...overrides,
  };
}

export interface BulkPost {
  title: string;
  body: string;
  status?: 'draft' | 'published';
  publishedAt?: number | null;
}

/** Inserts posts straight into D1 in one batch (the FTS triggers index them), far faster than the API. */
export async function insertPosts(author: TestUser, category: TestCategory, posts: BulkPost[]): Promise<string[]> {
  const slugs = posts.map(() => `bulk-${uid(12)}`);
  const stmt = env.DB.prepare(
    'INSERT INTO posts (slug, title, body, category_id, author_id, status, published_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  await env.DB.batch(
    posts.map((p, i) =>
      stmt.bind(slugs[i], p.title, p.body, category.id, author.id, p.status ?? 'published', p.publishedAt === undefined ? Date.now() - 3_600_000 : p.publishedAt),
    ),
  );
  return slugs;
}
