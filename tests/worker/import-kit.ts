// Helpers for the import tests: the shared batch driver (web/features/admin/import/import-run.ts) sending to the Worker as
// a given user, and a stand-in for the internet that serves the fixtures' images.
import { env } from 'cloudflare:test';
import { vi } from 'vitest';
import type { ImportPlan } from '../../web/features/admin/import/import-plan';
import { createHttpClient } from '../../web/lib/http';
import { httpImportTransport } from '../../web/features/admin/import/import-api';
import { runImport, type ImportProgress, type ImportTransport } from '../../web/features/admin/import/import-run';
import { callAs } from './admin-kit';
import type { TestUser } from './factories';

/** A 1×1 PNG. */
export const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
/** The smallest JPEG header sniffImage accepts. */
export const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);

/**
 * The Worker's outgoing fetches in this isolate: images.example.test serves images, everything else is
 * unreachable. Answers the list of requested addresses.
 */
export function stubInternet(): string[] {
  const requested: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    requested.push(url);
    const { hostname, pathname } = new URL(url);
    if (hostname !== 'images.example.test') throw new TypeError('fetch failed');
    if (pathname.endsWith('.png')) return new Response(PNG, { headers: { 'content-type': 'image/png' } });
    if (pathname.endsWith('.jpg')) return new Response(JPEG, { headers: { 'content-type': 'image/jpeg' } });
    return new Response('no', { status: 404 });
  });
  return requested;
}

/** The import endpoints as `who` sees them, through the same HTTP transport the admin page uses. */
export function transportAs(who: TestUser): ImportTransport {
  const http = createHttpClient({
    fetch: (path, init) => callAs(who, path, { method: init.method ?? 'GET', body: (init.body as BodyInit | undefined) ?? null, headers: init.headers as Record<string, string> }),
  });
  return httpImportTransport(http);
}

export async function importAs(who: TestUser, plan: ImportPlan) {
  const progress: ImportProgress[] = [];
  const report = await runImport(plan, transportAs(who), (p) => progress.push(p));
  return { report, progress };
}

/** A post row as stored, with its category slug and author username. */
export interface PostDb {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  body_html: string;
  cover_image: string | null;
  status: string;
  published_at: number | null;
  created_at: number;
  updated_at: number;
  reading_minutes: number;
  version: number;
  category: string;
  author: string;
}

export const postOf = (slug: string) =>
  env.DB.prepare(
    `SELECT p.*, c.slug AS category, u.username AS author FROM posts p JOIN categories c ON c.id = p.category_id JOIN users u ON u.id = p.author_id WHERE p.slug = ?`,
  )
    .bind(slug)
    .first<PostDb>();

/** A post's tag slugs in order. */
export const tagsOf = async (slug: string) =>
  (
    await env.DB.prepare('SELECT t.slug FROM post_tags pt JOIN tags t ON t.id = pt.tag_id JOIN posts p ON p.id = pt.post_id WHERE p.slug = ? ORDER BY pt.position')
      .bind(slug)
      .all<{ slug: string }>()
  ).results.map((r) => r.slug);

/** Empties the site as a fresh Byline has it, but for `admin` (who imports into it): rows, and the media of `keys`. */
export async function emptySiteBut(admin: TestUser, keys: string[]): Promise<void> {
  for (const table of ['featured', 'post_tags', 'post_revisions', 'post_slugs', 'posts', 'tags', 'categories', 'import_media', 'media', 'pages', 'navigation_menus']) {
    await env.DB.prepare(`DELETE FROM ${table}`).run();
  }
  await env.DB.prepare('DELETE FROM users WHERE id != ?').bind(admin.id).run();
  for (const key of keys) await env.MEDIA.delete(key);
}
