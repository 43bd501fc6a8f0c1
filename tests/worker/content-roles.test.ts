// Walks every endpoint of this issue as visitor, owner, another author and admin: the allowed succeed,
// the others get 401/403/404 and change nothing.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { MediaUploadResponse } from '../../contracts/media';
import { call } from './helpers';
import { createAdmin, createCategory, createPost, createUser, postInput, postRow, updateOf, type TestUser } from './factories';

type Actor = 'visitor' | 'owner' | 'other' | 'admin';
const ACTORS: Actor[] = ['visitor', 'owner', 'other', 'admin'];

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
  0x1f, 0x15, 0xc4, 0x89, 0, 0, 0, 13, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0, 0x05, 0,
  0x01, 0xff, 0x89, 0x99, 0x3d, 0x1d, 0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]);

async function world() {
  const [owner, other, admin, category] = await Promise.all([createUser(), createUser(), createAdmin(), createCategory()]);
  const users: Record<Actor, TestUser | null> = { visitor: null, owner, other, admin };
  return { users, owner, category };
}

const as = (u: TestUser | null) => (u ? { cookie: u.cookie, ip: u.ip } : {});

describe('every endpoint × every actor', () => {
  it('public reads answer 200 to everyone', async () => {
    const { users, owner, category } = await world();
    const post = await createPost(owner, category);
    const upload = await call('/api/media', { method: 'POST', body: form(), ...as(owner) });
    const { url } = (await upload.json()) as MediaUploadResponse;
    const paths = [
      '/api/posts',
      `/api/posts?category=${category.slug}&author=${owner.username}&q=post&page=1`,
      `/api/posts/${post.slug}`,
      '/api/categories',
      `/api/categories/${category.slug}`,
      '/api/featured',
      `/api/users/${owner.username}`,
      url,
      '/rss.xml',
      '/sitemap.xml',
      '/robots.txt',
    ];
    for (const actor of ACTORS) {
      for (const path of paths) expect((await call(path, as(users[actor]))).status, `${actor} GET ${path}`).toBe(200);
    }
  });

  it('a draft: 404 to visitor and another author, 200 to owner and admin', async () => {
    const { users, owner, category } = await world();
    const draft = await createPost(owner, category, { status: 'draft' });
    const expected: Record<Actor, number> = { visitor: 404, other: 404, owner: 200, admin: 200 };
    for (const actor of ACTORS) expect((await call(`/api/posts/${draft.slug}`, as(users[actor]))).status, actor).toBe(expected[actor]);
  });

  it('POST /api/posts: 401 for a visitor, 201 for any signed-in user', async () => {
    const { users, category } = await world();
    const expected: Record<Actor, number> = { visitor: 401, other: 201, owner: 201, admin: 201 };
    for (const actor of ACTORS) {
      const res = await call('/api/posts', { json: postInput(category), ...as(users[actor]) });
      expect(res.status, actor).toBe(expected[actor]);
    }
    const { n } = (await env.DB.prepare('SELECT count(*) AS n FROM posts WHERE category_id = ?').bind(category.id).first<{ n: number }>())!;
    expect(n).toBe(3);
  });

  it('PUT and DELETE /api/posts/:slug: 401 visitor, 403 another author, owner and admin allowed', async () => {
    const { users, owner, category } = await world();
    const expectedPut: Record<Actor, number> = { visitor: 401, other: 403, owner: 200, admin: 200 };
    const expectedDelete: Record<Actor, number> = { visitor: 401, other: 403, owner: 204, admin: 204 };
    for (const actor of ACTORS) {
      const post = await createPost(owner, category);
      const put = await call(`/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { title: `by ${actor}` }), ...as(users[actor]) });
      expect(put.status, `PUT as ${actor}`).toBe(expectedPut[actor]);
      const row = await postRow(post.slug);
      if (expectedPut[actor] === 200) expect(row).toMatchObject({ title: `by ${actor}`, version: 2 });
      else expect(row).toMatchObject({ title: post.title, version: 1 });

      const del = await call(`/api/posts/${post.slug}`, { method: 'DELETE', ...as(users[actor]) });
      expect(del.status, `DELETE as ${actor}`).toBe(expectedDelete[actor]);
      expect(await postRow(post.slug) === null, `deleted as ${actor}`).toBe(expectedDelete[actor] === 204);
    }
  });

  it('profile and media: 401 for a visitor, allowed to every signed-in user on their own account', async () => {
    const { users } = await world();
    for (const actor of ACTORS) {
      const u = users[actor];
      const want = (ok: number) => (u ? ok : 401);
      expect((await call('/api/profile', as(u))).status, `GET profile ${actor}`).toBe(want(200));
      expect((await call('/api/profile', { method: 'PATCH', json: { bio: `bio of ${actor}` }, ...as(u) })).status, actor).toBe(want(200));
      expect((await call('/api/media', { method: 'POST', body: form(), ...as(u) })).status, `media ${actor}`).toBe(want(201));
      // Last: a password change replaces the session, so this cookie ends here.
      const pw = await call('/api/profile/password', {
        json: { currentPassword: u?.password ?? 'whatever-pass', newPassword: 'fresh-password-123' },
        ...as(u),
      });
      expect(pw.status, `password ${actor}`).toBe(want(204));
    }
    const bios = await env.DB.prepare('SELECT bio FROM users WHERE id IN (?, ?, ?) ORDER BY id')
      .bind(users.owner!.id, users.other!.id, users.admin!.id)
      .all<{ bio: string }>();
    expect(bios.results.map((r) => r.bio).sort()).toEqual(['bio of admin', 'bio of other', 'bio of owner']);
  });
});

function form(): FormData {
  const f = new FormData();
  f.append('file', new Blob([PNG as BlobPart], { type: 'image/png' }), 'dot.png');
  return f;
}
