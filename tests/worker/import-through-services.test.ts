// The import writes through the same rules as every other write (docs/decisions/036): an item is
// counted imported only when it was written, one username rule for import, register and the admin's
// create, and old addresses of an imported post redirect to it as a renamed post's do.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/index';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportBatch, ImportBatchReport } from '../../contracts/import';
import { usernameIssue } from '../../contracts/username-rule';
import { callAs } from './admin-kit';
import { createAdmin, createCategory, uid, type TestCategory, type TestUser } from './factories';
import { call, newAccount, ORIGIN, type ErrorShape } from './helpers';
import { countingD1, type RoundTrips } from './page-cost-kit';

let admin: TestUser;
let category: TestCategory;
beforeAll(async () => {
  admin = await createAdmin();
  category = await createCategory();
});

async function importBatchAs(batch: Omit<ImportBatch, 'batch' | 'source'>): Promise<{ status: number; report: ImportBatchReport }> {
  const res = await callAs(admin, '/api/admin/import/batch', { json: { source: 'wordpress', batch: 1, ...batch } });
  return { status: res.status, report: (await res.json()) as ImportBatchReport };
}

const rowCount = async (sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).first<number>('n')) ?? 0;

describe('an item is counted imported only when it was written', () => {
  it('a category whose name the database calls taken (ASCII case, as lower(name) compares) is skipped, mapped, not counted', async () => {
    const id = uid(6);
    const existing = await createCategory({ name: `Äb notes ${id}` });
    const { status, report } = await importBatchAs({ categories: [{ slug: `other-${id}`, name: `ÄB NOTES ${id.toUpperCase()}` }] });
    expect(status).toBe(200);
    expect(report.imported.categories).toBe(0);
    expect(report.skipped).toEqual([expect.objectContaining({ kind: 'category', key: `other-${id}`, mapsTo: existing.slug })]);
    expect(await rowCount('SELECT count(*) AS n FROM categories WHERE slug = ?', `other-${id}`)).toBe(0);
  });

  it('a tag whose name the database calls taken is skipped, mapped, not counted', async () => {
    const id = uid(6);
    const tag = await env.DB.prepare('INSERT INTO tags (slug, name) VALUES (?, ?) RETURNING slug').bind(`ab-${id}`, `Äb ${id}`).first<string>('slug');
    const { report } = await importBatchAs({ tags: [{ slug: `other-${id}`, name: `ÄB ${id.toUpperCase()}` }] });
    expect(report.imported.tags).toBe(0);
    expect(report.skipped).toEqual([expect.objectContaining({ kind: 'tag', key: `other-${id}`, mapsTo: tag })]);
  });

  it('a tag whose slug another write took between the check and the batch is skipped with why, not counted', async () => {
    const id = uid(6);
    // Another write, inside the batch itself: inserting the batch's category makes a tag with the slug the batch then adds.
    await env.DB.prepare(
      `CREATE TRIGGER import_race_${id} AFTER INSERT ON categories WHEN new.slug = 'race-${id}' BEGIN INSERT INTO tags (slug, name) VALUES ('race-tag-${id}', 'Someone else ${id}'); END`,
    ).run();
    try {
      const { status, report } = await importBatchAs({ categories: [{ slug: `race-${id}`, name: `Race ${id}` }], tags: [{ slug: `race-tag-${id}`, name: `Race tag ${id}` }] });
      expect(status).toBe(200);
      expect(report.imported).toMatchObject({ categories: 1, tags: 0 });
      expect(report.skipped).toEqual([{ kind: 'tag', key: `race-tag-${id}`, why: 'A tag with this slug was created meanwhile' }]);
      expect(await env.DB.prepare('SELECT name FROM tags WHERE slug = ?').bind(`race-tag-${id}`).first('name')).toBe(`Someone else ${id}`);
    } finally {
      await env.DB.prepare(`DROP TRIGGER import_race_${id}`).run();
    }
  });
});

describe('one username rule for import, register and the admin create', () => {
  const candidates = (id: string) => ['', 'jo', 'x'.repeat(70), `jane doe ${id}`, `-jane${id}`, `jane${id}_`, `Jane_${id}`, 'administrator'];

  it.each([0, 1, 2, 3, 4, 5, 6, 7])('candidate %i: the same verdict and message everywhere', async (i) => {
    const fieldOf = async (res: Response) => (res.status === 201 ? null : ((await res.json()) as ErrorShape).error.fields?.username);
    // Each path gets its own candidate of the same form (a valid one taken by the first path would be taken for the next).
    const registerAs = candidates(uid(6))[i]!;
    expect(await fieldOf(await call('/api/auth/register', { json: { ...newAccount(), username: registerAs } }))).toBe(usernameIssue(registerAs.trim().toLowerCase()));
    const createAs = candidates(uid(6))[i]!;
    expect(await fieldOf(await callAs(admin, '/api/admin/users', { json: { ...newAccount(), username: createAs, role: 1 } }))).toBe(usernameIssue(createAs.trim().toLowerCase()));

    if (i === 7) return; // a reserved name is the importer's own account in an import (import-leftovers.test.ts)
    const id = uid(6);
    const importAs = candidates(id)[i]!.trim().toLowerCase();
    const expected = usernameIssue(importAs);
    const { status, report } = await importBatchAs({ users: [{ username: importAs, name: 'Someone', email: `someone-${id}@example.test` }] });
    expect(status).toBe(200);
    if (expected === null) expect(report.imported.users).toBe(1);
    else expect(report.skipped).toEqual([{ kind: 'user', key: importAs, why: expected }]);
  });
});

describe('old addresses of an imported post', () => {
  it('an imported post reached by an old slug answers 301 to its slug, as a renamed post does', async () => {
    const id = uid(6);
    const { report } = await importBatchAs({
      posts: [
        {
          sourceId: `wp:${id}`,
          slug: `cafe-creme-${id}`,
          oldSlugs: [`café-crème-${id}`, `old-name-${id}`],
          title: 'Café crème',
          body: 'Body',
          status: 'published',
          publishedAt: '2024-01-01T00:00:00Z',
          author: admin.username,
          category: category.slug,
        },
      ],
    });
    expect(report.imported.posts).toBe(1);
    for (const old of [`café-crème-${id}`, `old-name-${id}`]) {
      const res = await call(`/api/posts/${encodeURIComponent(old)}`);
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe(`/api/posts/cafe-creme-${id}`);
      const page = await call(`/details/${encodeURIComponent(old)}`);
      expect(page.status).toBe(301);
      expect(page.headers.get('location')).toBe(`/details/cafe-creme-${id}`);
    }
  });

  it("an imported post's slug that was another post's old slug stops redirecting there, as a created post's does", async () => {
    const id = uid(6);
    const first = await callAs(admin, '/api/posts', { json: { title: `Was ${id}`, body: 'x', category: category.slug, status: 'published', slug: `was-${id}` } });
    const { post } = (await first.json()) as { post: { slug: string; version: number } };
    await callAs(admin, `/api/posts/${post.slug}`, { method: 'PUT', json: { title: `Was ${id}`, body: 'x', category: category.slug, status: 'published', slug: `now-${id}`, version: post.version } });
    expect((await call(`/api/posts/was-${id}`)).status).toBe(301);

    const { report } = await importBatchAs({
      posts: [{ sourceId: `wp:${id}`, slug: `was-${id}`, title: 'Taken over', body: 'Body', status: 'published', publishedAt: '2024-01-01T00:00:00Z', author: admin.username, category: category.slug }],
    });
    expect(report.imported.posts).toBe(1);
    expect(await rowCount('SELECT count(*) AS n FROM post_slugs WHERE slug = ?', `was-${id}`)).toBe(0);
    expect((await call(`/api/posts/was-${id}`)).status).toBe(200);
  });
});

describe('round trips of an import batch', () => {
  it('10 posts with new people, categories and tags: the look-ups and one batch, whatever the number of posts', async () => {
    const id = uid(6);
    const batch = {
      source: 'wordpress',
      batch: 1,
      users: [{ username: `trips-${id}`, name: 'Trips', email: `trips-${id}@example.test` }],
      categories: [{ slug: `trips-${id}`, name: `Trips ${id}` }],
      tags: [{ slug: `trips-a-${id}`, name: `Trips a ${id}` }, { slug: `trips-b-${id}`, name: `Trips b ${id}` }],
      posts: Array.from({ length: 10 }, (_, i) => ({
        sourceId: `wp:${i}`,
        slug: `trips-${id}-${i}`,
        oldSlugs: [`trips-old-${id}-${i}`],
        title: `Trips ${i}`,
        body: 'Body',
        status: 'published',
        publishedAt: '2024-01-01T00:00:00Z',
        author: `trips-${id}`,
        category: `trips-${id}`,
        tags: [`trips-a-${id}`, `trips-b-${id}`],
      })),
    };
    const seen: RoundTrips = { trips: [] };
    const headers = new Headers({ 'cf-connecting-ip': admin.ip, cookie: admin.cookie, origin: ORIGIN, 'content-type': 'application/json' });
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request(`${ORIGIN}/api/admin/import/batch`, { method: 'POST', headers, body: JSON.stringify(batch) }), { ...env, DB: countingD1(seen) }, ctx);
    await waitOnExecutionContext(ctx);
    const report = (await res.json()) as ImportBatchReport;
    expect(report.imported).toMatchObject({ users: 1, categories: 1, tags: 2, posts: 10 });
    const writes = seen.trips.filter((t) => t.some((sql) => /^\s*insert/i.test(sql)));
    // Everything the batch writes is one D1 batch; the rest are the session and the look-ups (two each for people,
    // categories and tags, four for the posts).
    expect(writes, JSON.stringify(seen.trips, null, 1)).toHaveLength(1);
    expect(seen.trips.length, JSON.stringify(seen.trips, null, 1)).toBeLessThanOrEqual(14);
  });
});
