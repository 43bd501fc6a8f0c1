// Bad input on every field of this endpoints: the right 4xx, the field named, nothing changed, never a 500.
import { describe, expect, it } from 'vitest';
import type { Post } from '../../contracts/posts';
import { call, expectError } from './helpers';
import { createCategory, createPost, createUser, postCount, postInput, postRow, updateOf, type TestCategory, type TestUser } from './factories';

const long = (n: number, ch = 'a') => ch.repeat(n);

type Case = [label: string, patch: Record<string, unknown>, field: string];

/** Field cases for the post input (POST and PUT alike). `undefined` removes the field. */
const POST_FIELD_CASES: Case[] = [
  ['title missing', { title: undefined }, 'title'],
  ['title empty', { title: '' }, 'title'],
  ['title blank', { title: '   ' }, 'title'],
  ['title too long', { title: long(201) }, 'title'],
  ['title a number', { title: 42 }, 'title'],
  ['title null', { title: null }, 'title'],
  ['title with a control character', { title: 'Bell\u0007' }, 'title'],
  ['body missing', { body: undefined }, 'body'],
  ['body too long', { body: long(100_001) }, 'body'],
  ['body an object', { body: { text: 'x' } }, 'body'],
  ['body empty when publishing', { body: '  ', status: 'published' }, 'body'],
  ['category missing', { category: undefined }, 'category'],
  ['category empty', { category: '' }, 'category'],
  ['category not a slug', { category: 'Not a slug!' }, 'category'],
  ['category too long', { category: long(81) }, 'category'],
  ['category a number', { category: 7 }, 'category'],
  ['category that does not exist', { category: 'no-such-category-anywhere' }, 'category'],
  ['status missing', { status: undefined }, 'status'],
  ['status unknown', { status: 'archived' }, 'status'],
  ['status wrong case', { status: 'PUBLISHED' }, 'status'],
  ['status scheduled (not a status)', { status: 'scheduled' }, 'status'],
  ['status a number', { status: 1 }, 'status'],
  ['excerpt too long', { excerpt: long(301) }, 'excerpt'],
  ['excerpt a number', { excerpt: 5 }, 'excerpt'],
  ['coverImage javascript:', { coverImage: 'javascript:alert(1)' }, 'coverImage'],
  ['coverImage plain http', { coverImage: 'http://example.com/a.png' }, 'coverImage'],
  ['coverImage data:', { coverImage: 'data:image/png;base64,iVBORw0KGgo=' }, 'coverImage'],
  ['coverImage a relative path outside /media', { coverImage: '/etc/passwd' }, 'coverImage'],
  ['coverImage too long', { coverImage: `https://example.com/${long(3000)}` }, 'coverImage'],
  ['coverImage a number', { coverImage: 1 }, 'coverImage'],
  ['publishedAt not a date', { publishedAt: 'tomorrow' }, 'publishedAt'],
  ['publishedAt impossible month', { publishedAt: '2024-13-01T00:00:00Z' }, 'publishedAt'],
  ['publishedAt without a time', { publishedAt: '2024-01-01' }, 'publishedAt'],
  ['publishedAt a number', { publishedAt: 1700000000000 }, 'publishedAt'],
  ['publishedAt before 1970', { publishedAt: '1969-12-31T23:59:59Z' }, 'publishedAt'],
  ['slug with spaces', { slug: 'has spaces' }, 'slug'],
  ['slug with a leading dash', { slug: '-leading' }, 'slug'],
  ['slug with a double dash', { slug: 'a--b' }, 'slug'],
  ['slug too long', { slug: long(81) }, 'slug'],
  ['slug a number', { slug: 12 }, 'slug'],
  ['slug with a path', { slug: '../admin' }, 'slug'],
  ['author a number', { author: 3 }, 'author'],
  ['author too long', { author: long(33) }, 'author'],
  ['author with odd characters', { author: 'a b<c>' }, 'author'],
  ['unknown field authorId', { authorId: 1 }, 'authorId'],
  ['unknown field id', { id: 1 }, 'id'],
  ['unknown field role', { role: 0 }, 'role'],
  ['unknown field readingMinutes', { readingMinutes: 99 }, 'readingMinutes'],
  ['unknown field createdAt', { createdAt: '2020-01-01T00:00:00Z' }, 'createdAt'],
];

function withPatch(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

let author: TestUser;
let category: TestCategory;

async function setup() {
  author ??= await createUser();
  category ??= await createCategory();
}

describe('POST /api/posts with bad input', () => {
  it.each(POST_FIELD_CASES)('%s → 422 naming the field, nothing created', async (_label, patch, field) => {
    await setup();
    const before = await postCount('category_id = ?', category.id);
    const res = await call('/api/posts', { json: withPatch({ ...postInput(category) }, patch), cookie: author.cookie, ip: author.ip });
    const body = await expectError(res, 422, 'validation_failed');
    expect(body.error.fields, JSON.stringify(body)).toHaveProperty(field);
    expect(await postCount('category_id = ?', category.id)).toBe(before);
  });

  it('version on create is an unknown field', async () => {
    await setup();
    const body = await expectError(
      await call('/api/posts', { json: { ...postInput(category), version: 5 }, cookie: author.cookie }),
      422,
      'validation_failed',
    );
    expect(body.error.fields).toHaveProperty('version');
  });

  it('a body that is not JSON → 400; another content type → 415; an array → 422; over 512 KB → 413', async () => {
    await setup();
    const before = await postCount('category_id = ?', category.id);
    await expectError(
      await call('/api/posts', { body: '{"title": ', headers: { 'content-type': 'application/json' }, cookie: author.cookie }),
      400,
      'bad_request',
    );
    await expectError(
      await call('/api/posts', { method: 'POST', body: 'title=x', headers: { 'content-type': 'application/x-www-form-urlencoded' }, cookie: author.cookie }),
      415,
      'unsupported_media_type',
    );
    await expectError(await call('/api/posts', { json: [postInput(category)], cookie: author.cookie }), 422, 'validation_failed');
    await expectError(await call('/api/posts', { json: 'just a string', cookie: author.cookie }), 422, 'validation_failed');
    await expectError(
      await call('/api/posts', { json: postInput(category, { body: long(600 * 1024) }), cookie: author.cookie }),
      413,
      'payload_too_large',
    );
    expect(await postCount('category_id = ?', category.id)).toBe(before);
  });
});

describe('PUT /api/posts/:slug with bad input', () => {
  let post: Post;
  const PUT_CASES: Case[] = [
    ...POST_FIELD_CASES,
    ['version missing', { version: undefined }, 'version'],
    ['version as a string', { version: '1' }, 'version'],
    ['version zero', { version: 0 }, 'version'],
    ['version negative', { version: -1 }, 'version'],
    ['version a fraction', { version: 1.5 }, 'version'],
    ['version null', { version: null }, 'version'],
    ['version huge', { version: 1e20 }, 'version'],
  ];

  it.each(PUT_CASES)('%s → 422 naming the field, the post unchanged', async (_label, patch, field) => {
    await setup();
    post ??= await createPost(author, category);
    const res = await call(`/api/posts/${post.slug}`, {
      method: 'PUT',
      json: withPatch(updateOf(post), patch),
      cookie: author.cookie,
      ip: author.ip,
    });
    const body = await expectError(res, 422, 'validation_failed');
    expect(body.error.fields, JSON.stringify(body)).toHaveProperty(field);
    expect(await postRow(post.slug)).toMatchObject({ title: post.title, body: post.body, version: 1, status: 'published' });
  });

  it('an over-long slug in the path → 400; an unknown one → 404', async () => {
    await setup();
    post ??= await createPost(author, category);
    await expectError(
      await call(`/api/posts/${long(201)}`, { method: 'PUT', json: updateOf(post), cookie: author.cookie }),
      400,
      'bad_request',
    );
    await expectError(
      await call('/api/posts/none-such-slug', { method: 'PUT', json: updateOf(post), cookie: author.cookie }),
      404,
      'not_found',
    );
  });
});

describe('query parameters', () => {
  const PAGE_PATHS = ['/api/posts', '/api/categories', '/api/profile'];
  const BAD_PAGES = ['0', 'abc', '1.5', '-1', '', '1e3', '99999999', '0x10', ' 2'];

  it.each(PAGE_PATHS)('%s refuses a bad page with 400 fields.page', async (path) => {
    const user = await createUser();
    for (const page of BAD_PAGES) {
      const res = await call(`${path}?page=${encodeURIComponent(page)}`, { cookie: user.cookie, ip: user.ip });
      const body = await expectError(res, 400, 'bad_request');
      expect(body.error.fields, `page=${page}`).toHaveProperty('page');
    }
    const twice = await call(`${path}?page=1&page=2`, { cookie: user.cookie, ip: user.ip });
    expect((await expectError(twice, 400, 'bad_request')).error.fields).toHaveProperty('page');
    expect((await call(`${path}?page=2`, { cookie: user.cookie, ip: user.ip })).status).toBe(200);
  });

  it('author pages refuse a bad page too', async () => {
    const user = await createUser();
    const body = await expectError(await call(`/api/users/${user.username}?page=0`), 400, 'bad_request');
    expect(body.error.fields).toHaveProperty('page');
  });

  it('bad category, author and q filters → 400 naming them', async () => {
    for (const [query, field] of [
      ['category=Not%20A%20Slug', 'category'],
      [`category=${long(81)}`, 'category'],
      ['author=a%20b', 'author'],
      [`author=${long(40)}`, 'author'],
      [`q=${long(201)}`, 'q'],
      ['q=a&q=b', 'q'],
    ] as const) {
      const body = await expectError(await call(`/api/posts?${query}`), 400, 'bad_request');
      expect(body.error.fields, query).toHaveProperty(field);
    }
  });

  it('odd encodings and empty filters never cause a 500', async () => {
    for (const path of [
      '/api/posts?q=%ZZ',
      '/api/posts?q=%',
      '/api/posts?category=&author=&q=',
      '/api/posts?category=%00',
      '/api/posts/%ZZ',
      '/api/posts/%E0%A4%A',
      `/api/posts/${'%41'.repeat(150)}`,
      '/api/categories/%ZZ',
      '/api/users/%ZZ',
      '/api/users/%00',
      '/media/%ZZ',
      `/api/posts?${'x='.repeat(2000)}`,
    ]) {
      const res = await call(path);
      expect(res.status, path).toBeLessThan(500);
    }
    expect((await call('/api/posts?category=&author=&q=')).status).toBe(200);
  });

  it('unknown query parameters are ignored', async () => {
    expect((await call('/api/posts?utm_source=x&page=1')).status).toBe(200);
  });
});

describe('PATCH /api/profile with bad input', () => {
  const CASES: Case[] = [
    ['name empty', { name: '' }, 'name'],
    ['name blank', { name: '   ' }, 'name'],
    ['name too long', { name: long(81) }, 'name'],
    ['name a number', { name: 1 }, 'name'],
    ['name with a control character', { name: 'Tab\u0000' }, 'name'],
    ['bio too long', { bio: long(501) }, 'bio'],
    ['bio an array', { bio: ['x'] }, 'bio'],
    ['image javascript:', { image: 'javascript:alert(1)' }, 'image'],
    ['image http', { image: 'http://example.com/me.png' }, 'image'],
    ['image data:', { image: 'data:image/svg+xml,<svg onload=alert(1)>' }, 'image'],
    ['image a number', { image: 3 }, 'image'],
    ['unknown field role', { role: 0 }, 'role'],
    // Since issue 12 an email may change, but only with the current password (contracts/profile.ts).
    ['email without the current password', { email: 'x@example.com' }, 'currentPassword'],
    ['unknown field username', { username: 'newname' }, 'username'],
    ['unknown field passwordHash', { passwordHash: 'x' }, 'passwordHash'],
  ];

  it.each(CASES)('%s → 422 naming the field, the user unchanged', async (_label, patch, field) => {
    const user = await createUser({ bio: 'Original bio' });
    const body = await expectError(
      await call('/api/profile', { method: 'PATCH', json: patch, cookie: user.cookie, ip: user.ip }),
      422,
      'validation_failed',
    );
    expect(body.error.fields).toHaveProperty(field);
    const { env } = await import('cloudflare:test');
    const row = await env.DB.prepare('SELECT name, bio, image, role, email FROM users WHERE id = ?').bind(user.id).first();
    expect(row).toEqual({ name: user.name, bio: 'Original bio', image: null, role: 1, email: user.email });
  });
});

describe('POST /api/profile/password with bad input', () => {
  it('names the field for each bad value', async () => {
    const user = await createUser();
    const cases: Case[] = [
      ['current missing', { currentPassword: undefined }, 'currentPassword'],
      ['current empty', { currentPassword: '' }, 'currentPassword'],
      ['current a number', { currentPassword: 12345678 }, 'currentPassword'],
      ['new missing', { newPassword: undefined }, 'newPassword'],
      ['new too short', { newPassword: 'short7!' }, 'newPassword'],
      ['new too long', { newPassword: long(129) }, 'newPassword'],
      ['new equal to the username', { newPassword: user.username }, 'newPassword'],
      ['new equal to the email', { newPassword: user.email.toUpperCase() }, 'newPassword'],
      ['unknown field userId', { userId: 1 }, 'userId'],
    ];
    for (const [label, patch, field] of cases) {
      const res = await call('/api/profile/password', {
        json: withPatch({ currentPassword: user.password, newPassword: 'a-new-password-1' }, patch),
        cookie: user.cookie,
        ip: user.ip,
      });
      const body = await expectError(res, 422, 'validation_failed');
      expect(body.error.fields, label).toHaveProperty(field);
    }
  });
});
