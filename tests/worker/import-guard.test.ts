// The import and export endpoints per role, and bad input: refused batches change nothing at all.
import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportBatch, ImportImagesResponse, ImportPost } from '../../contracts/import';
import { callAs, dbSnapshot } from './admin-kit';
import { createAdmin, createCategory, createUser, type TestCategory, type TestUser } from './factories';
import { PNG, stubInternet } from './import-kit';

let admin: TestUser;
let author: TestUser;
let category: TestCategory;
beforeAll(async () => {
  admin = await createAdmin();
  author = await createUser();
  category = await createCategory();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const post = (i: number, overrides: Partial<ImportPost> = {}): ImportPost => ({
  sourceId: `t:${i}`,
  slug: `guarded-${i}`,
  title: `Guarded ${i}`,
  body: 'Body',
  status: 'published',
  publishedAt: '2024-01-01T00:00:00Z',
  author: admin.username,
  category: category.slug,
  ...overrides,
});
const batch = (overrides: Partial<ImportBatch> = {}): ImportBatch => ({ source: 'wordpress', batch: 1, ...overrides });

const form = () => {
  const f = new FormData();
  f.set('key', `${'a'.repeat(32)}.png`);
  f.set('owner', 'x');
  f.set('file', new File([PNG as BlobPart], 'a.png'));
  return f;
};

describe('who may import and export', () => {
  const endpoints: [string, string, () => { json?: unknown; body?: FormData; method?: string }][] = [
    ['POST', '/api/admin/import/batch', () => ({ json: batch({ posts: [post(0)] }) })],
    ['POST', '/api/admin/import/images', () => ({ json: { urls: ['https://images.example.test/a.png'] } })],
    ['POST', '/api/admin/import/media-file', () => ({ body: form(), method: 'POST' })],
    ['GET', '/api/admin/export', () => ({})],
  ];
  it.each(endpoints)('%s %s: visitor 401, author 403, nothing written', async (_, path, opts) => {
    const before = await dbSnapshot();
    expect((await callAs(null, path, opts())).status).toBe(401);
    expect((await callAs(author, path, opts())).status).toBe(403);
    expect(await dbSnapshot()).toEqual(before);
  });
  it('an admin may', async () => {
    expect((await callAs(admin, '/api/admin/export')).status).toBe(200);
    const res = await callAs(admin, '/api/admin/import/batch', { json: batch({ posts: [post(0)] }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ batch: 1, imported: { posts: 1 } });
  });
});

describe('bad input', () => {
  it.each([
    ['an unknown source', () => ({ source: 'blogger', batch: 1 })],
    ['a post without a title', () => batch({ posts: [post(1, { title: '' })] })],
    ['a post with an unknown status', () => batch({ posts: [post(2, { status: 'pending' as 'draft' })] })],
    ['an unknown field', () => ({ ...batch(), comments: [] })],
    ['a body over the limit', () => batch({ posts: [post(3, { body: 'x'.repeat(100_001) })] })],
  ])('%s → 422, nothing written', async (_, body) => {
    const before = await dbSnapshot();
    const res = await callAs(admin, '/api/admin/import/batch', { json: body() });
    expect(res.status).toBe(422);
    expect(await dbSnapshot()).toEqual(before);
  });

  it('more posts than a batch may carry → 413, nothing written', async () => {
    const before = await dbSnapshot();
    const res = await callAs(admin, '/api/admin/import/batch', { json: batch({ posts: Array.from({ length: 26 }, (_, i) => post(100 + i)) }) });
    expect(res.status).toBe(413);
    expect(await dbSnapshot()).toEqual(before);
  });

  it('a batch larger than 512 KB → 413', async () => {
    const res = await callAs(admin, '/api/admin/import/batch', { json: batch({ posts: Array.from({ length: 6 }, (_, i) => post(200 + i, { body: 'y'.repeat(99_000) })) }) });
    expect(res.status).toBe(413);
  });

  it('a batch D1 refuses part-way writes nothing of it (all or nothing)', async () => {
    await env.DB.prepare("CREATE TRIGGER import_test_abort BEFORE INSERT ON posts WHEN new.title = 'Boom' BEGIN SELECT RAISE(ABORT, 'boom'); END").run();
    try {
      const before = await dbSnapshot();
      const res = await callAs(admin, '/api/admin/import/batch', {
        json: batch({
          users: [{ username: 'half-way', name: 'Half Way', email: 'half@way.test' }],
          categories: [{ slug: 'half-category', name: 'Half category' }],
          tags: [{ slug: 'half-tag', name: 'Half tag' }],
          posts: [post(300, { tags: ['half-tag'] }), post(301, { title: 'Boom' }), post(302)],
        }),
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(await dbSnapshot()).toEqual(before);
    } finally {
      await env.DB.prepare('DROP TRIGGER import_test_abort').run();
    }
  });

  it('only a Byline export may bring admins; from WordPress or Ghost every account is an author', async () => {
    for (const source of ['wordpress', 'ghost', 'byline'] as const) {
      const username = `role-${source}`;
      await callAs(admin, '/api/admin/import/batch', { json: batch({ source, users: [{ username, name: 'R', email: `${username}@x.test`, role: 0 }] }) });
      expect(await env.DB.prepare('SELECT role FROM users WHERE username = ?').bind(username).first('role')).toBe(source === 'byline' ? 0 : 1);
    }
  });

  it('posts naming unknown authors or categories are skipped with why', async () => {
    const res = await callAs(admin, '/api/admin/import/batch', { json: batch({ posts: [post(400, { author: 'nobody-here' }), post(401, { category: 'no-such-category' })] }) });
    expect(await res.json()).toMatchObject({
      imported: { posts: 0 },
      skipped: [
        { kind: 'post', key: 'guarded-400', why: 'Its author nobody-here is neither in the file nor on this site' },
        { kind: 'post', key: 'guarded-401', why: 'Its category no-such-category is neither in the file nor on this site' },
      ],
    });
  });
});

describe('copying images', () => {
  it('never fetches private or local addresses, and reports what it could not copy', async () => {
    const requested = stubInternet();
    const urls = ['http://127.0.0.1/a.png', 'http://localhost:8787/a.png', 'http://[::1]/a.png', 'http://10.1.2.3/a.png', 'http://192.168.0.1/a.png', 'ftp://images.example.test/a.png', 'https://images.example.test/missing.gif', 'https://gone.example.test/a.png'];
    const res = await callAs(admin, '/api/admin/import/images', { json: { urls } });
    const { items } = (await res.json()) as ImportImagesResponse;
    expect(items.map((i) => (i.ok ? 'ok' : i.why))).toEqual([
      'a private or local address',
      'a private or local address',
      'a private or local address',
      'a private or local address',
      'a private or local address',
      'not an http(s) address',
      'HTTP 404',
      'unreachable',
    ]);
    expect(requested).toEqual(['https://images.example.test/missing.gif', 'https://gone.example.test/a.png']);
  });

  it('refuses what is not an image and more than 10 addresses', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('<html>not an image</html>'));
    const res = await callAs(admin, '/api/admin/import/images', { json: { urls: ['https://images.example.test/page.png'] } });
    expect(((await res.json()) as ImportImagesResponse).items[0]).toEqual({ url: 'https://images.example.test/page.png', ok: false, why: 'not a JPEG, PNG, WebP, GIF or AVIF image' });
    const many = await callAs(admin, '/api/admin/import/images', { json: { urls: Array.from({ length: 11 }, (_, i) => `https://images.example.test/${i}.png`) } });
    expect(many.status).toBe(422);
  });

  it('stores an export image under its own key only when its bytes match the key', async () => {
    const f = form();
    f.set('key', `${'b'.repeat(32)}.jpg`);
    expect((await callAs(admin, '/api/admin/import/media-file', { body: f, method: 'POST' })).status).toBe(422);
    expect((await callAs(admin, '/api/admin/import/media-file', { body: form(), method: 'POST' })).status).toBe(201);
    expect(await (await callAs(admin, '/api/admin/import/media-file', { body: form(), method: 'POST' })).json()).toEqual({ copied: false });
  });
});
