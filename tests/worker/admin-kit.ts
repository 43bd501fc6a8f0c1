// Helpers for the admin API tests: requests as a given user, and D1 snapshots to prove "nothing changed".
import { env } from 'cloudflare:test';
import { call, type CallOptions } from './helpers';
import type { TestUser } from './factories';

/** A request as `who` (their cookie and client address), or as a visitor when `who` is null. */
export function callAs(who: TestUser | null, path: string, opts: Omit<CallOptions, 'cookie' | 'ip'> = {}): Promise<Response> {
  return call(path, { ...opts, ...(who ? { cookie: who.cookie, ip: who.ip } : {}) });
}

/** Every row of every table (FTS index included), so a test can assert that nothing at all changed. */
export async function dbSnapshot(): Promise<Record<string, string>> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name",
  ).all<{ name: string }>();
  const out: Record<string, string> = {};
  for (const { name } of results) {
    // Some FTS shadow tables have no rowid: rows are compared as a sorted list of their JSON.
    const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
    out[name] = JSON.stringify(rows.results.map((r) => JSON.stringify(r)).sort());
  }
  return out;
}

/** Makes `admin` the only active admin (sequential tests of one file share their D1; other files have their own). */
export async function makeOnlyActiveAdmin(admin: TestUser): Promise<void> {
  await env.DB.prepare('UPDATE users SET disabled_at = ? WHERE role = 0 AND disabled_at IS NULL AND id != ?').bind(Date.now(), admin.id).run();
}

export async function activeAdminCount(): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM users WHERE role = 0 AND disabled_at IS NULL').first<{ n: number }>();
  return row!.n;
}

export function userRow(id: number) {
  return env.DB.prepare('SELECT id, username, name, email, bio, image, role, disabled_at, password_hash FROM users WHERE id = ?')
    .bind(id)
    .first<{ id: number; username: string; name: string; email: string; bio: string; image: string | null; role: number; disabled_at: number | null; password_hash: string }>();
}

export async function featuredSlugs(): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT p.slug FROM featured f JOIN posts p ON p.id = f.post_id ORDER BY f.position, f.id').all<{ slug: string }>();
  return results.map((r) => r.slug);
}
