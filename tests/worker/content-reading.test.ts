// Categories, featured, author pages and the own profile, as visitor, owner, another author and admin.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Category, CategoryResponse } from '../../contracts/categories';
import type { ListPage } from '../../contracts/lists';
import type { FeaturedResponse, PostResponse } from '../../contracts/posts';
import type { AuthorPageResponse, ProfileResponse, ProfileUpdateResponse } from '../../contracts/profile';
import { call, expectError, login, sessionCookieFrom, sessionCount } from './helpers';
import { createAdmin, createCategory, createPost, createUser, feature, json, startTestSession, updateOf } from './factories';

describe('GET /api/categories', () => {
  it('lists categories by name with counts of visible published posts only', async () => {
    const [author, a, b] = await Promise.all([createUser(), createCategory({ name: 'AAA first' }), createCategory({ name: 'zzz last' })]);
    await createPost(author, a);
    await createPost(author, a);
    await createPost(author, a, { status: 'draft' });
    await createPost(author, a, { publishedAt: new Date(Date.now() + 3_600_000).toISOString() });
    const list = await json<ListPage<Category>>(await call('/api/categories'));
    expect(list).toMatchObject({ page: 1, pageSize: 100 });
    expect(list.total).toBeGreaterThanOrEqual(2);
    const names = list.items.map((c) => c.name.toLowerCase());
    expect([...names].sort()).toEqual(names);
    expect(list.items.find((c) => c.slug === a.slug)).toEqual({ slug: a.slug, name: 'AAA first', description: 'About AAA first', postCount: 2 });
    expect(list.items.find((c) => c.slug === b.slug)?.postCount).toBe(0);
  });

  it('serves one category by slug, 404 for unknown ones', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory({ description: 'All about it' })]);
    await createPost(author, category);
    const { category: got } = await json<CategoryResponse>(await call(`/api/categories/${category.slug}`));
    expect(got).toEqual({ slug: category.slug, name: category.name, description: 'All about it', postCount: 1 });
    await expectError(await call('/api/categories/no-such-category'), 404, 'not_found');
    await expectError(await call('/api/categories/Not%20A%20Slug'), 404, 'not_found');
  });
});

describe('GET /api/featured', () => {
  it('answers the visible published featured posts in position order', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const first = await createPost(author, category);
    const second = await createPost(author, category);
    const draft = await createPost(author, category, { status: 'draft' });
    const later = await createPost(author, category, { publishedAt: new Date(Date.now() + 3_600_000).toISOString() });
    await feature(second.slug, -20);
    await feature(first.slug, -30);
    await feature(later.slug, -25);
    await env.DB.prepare('INSERT INTO featured (post_id, position) SELECT id, -22 FROM posts WHERE slug = ?').bind(draft.slug).run();

    const { items } = await json<FeaturedResponse>(await call('/api/featured'));
    const mine = items.map((p) => p.slug).filter((s) => [first.slug, second.slug, draft.slug, later.slug].includes(s));
    expect(mine).toEqual([first.slug, second.slug]);
    expect(items.length).toBeLessThanOrEqual(12);
    expect(items[0]).not.toHaveProperty('body');
  });
});

describe('GET /api/users/:username', () => {
  it('shows the public profile and published posts only, paged', async () => {
    const [author, category] = await Promise.all([createUser({ bio: 'Writes things.' }), createCategory()]);
    for (let i = 0; i < 13; i++) await createPost(author, category);
    await createPost(author, category, { status: 'draft' });
    const page1 = await json<AuthorPageResponse>(await call(`/api/users/${author.username}`));
    expect(page1.user).toEqual({ username: author.username, name: author.name, bio: 'Writes things.', image: null });
    expect(page1.user).not.toHaveProperty('email');
    expect(page1.posts).toMatchObject({ page: 1, pageSize: 12, total: 13 });
    expect(page1.posts.items).toHaveLength(12);
    expect(page1.posts.items.every((p) => p.status === 'published')).toBe(true);
    const page2 = await json<AuthorPageResponse>(await call(`/api/users/${author.username.toUpperCase()}?page=2`));
    expect(page2.posts.items).toHaveLength(1);
  });

  it('is 404 for unknown and disabled users', async () => {
    const disabled = await createUser({ disabled: true });
    await expectError(await call('/api/users/nobody-here-at-all'), 404, 'not_found');
    await expectError(await call(`/api/users/${disabled.username}`), 404, 'not_found');
  });
});

describe('GET /api/profile', () => {
  it('needs a session: 401 for visitors', async () => {
    await expectError(await call('/api/profile'), 401, 'unauthenticated');
  });

  it('answers the user with email and role, and their own posts of every status, newest updated first', async () => {
    const [author, other, category] = await Promise.all([createUser(), createUser(), createCategory()]);
    const a = await createPost(author, category);
    const draft = await createPost(author, category, { status: 'draft' });
    const scheduled = await createPost(author, category, { publishedAt: new Date(Date.now() + 3_600_000).toISOString() });
    await createPost(other, category);
    await json(await call(`/api/posts/${a.slug}`, { method: 'PUT', json: updateOf(a, { title: 'Touched last' }), cookie: author.cookie }));

    const res = await call('/api/profile', { cookie: author.cookie });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = await json<ProfileResponse>(res);
    expect(body.user).toEqual({ username: author.username, name: author.name, bio: '', image: null, email: author.email, role: 1 });
    expect(body.posts).toMatchObject({ page: 1, pageSize: 12, total: 3 });
    expect(body.posts.items.map((p) => p.slug)).toEqual([a.slug, scheduled.slug, draft.slug]);
    expect(body.posts.items.map((p) => p.status)).toEqual(['published', 'published', 'draft']);

    const admin = await createAdmin();
    const adminView = await json<ProfileResponse>(await call('/api/profile', { cookie: admin.cookie }));
    expect(adminView.user.role).toBe(0);
    expect(adminView.posts.total).toBe(0);
  });
});

describe('PATCH /api/profile', () => {
  it('updates name, bio and image of the signed-in user only', async () => {
    const [user, bystander] = await Promise.all([createUser(), createUser()]);
    await expectError(await call('/api/profile', { method: 'PATCH', json: { name: 'Visitor' } }), 401, 'unauthenticated');

    const { user: updated } = await json<ProfileUpdateResponse>(
      await call('/api/profile', {
        method: 'PATCH',
        json: { name: '  New Name  ', bio: 'A short bio.', image: 'https://images.example.com/me.png' },
        cookie: user.cookie,
      }),
    );
    expect(updated).toEqual({
      username: user.username,
      name: 'New Name',
      bio: 'A short bio.',
      image: 'https://images.example.com/me.png',
      email: user.email,
      role: 1,
    });
    const { user: cleared } = await json<ProfileUpdateResponse>(
      await call('/api/profile', { method: 'PATCH', json: { image: null }, cookie: user.cookie }),
    );
    expect(cleared).toMatchObject({ name: 'New Name', bio: 'A short bio.', image: null });
    const untouched = await json<ProfileUpdateResponse>(await call('/api/profile', { method: 'PATCH', json: {}, cookie: user.cookie }));
    expect(untouched.user.name).toBe('New Name');

    const other = await env.DB.prepare('SELECT name, bio FROM users WHERE id = ?').bind(bystander.id).first();
    expect(other).toEqual({ name: bystander.name, bio: '' });
    const verify = await json<{ user: { name: string } }>(await call('/api/verify', { cookie: user.cookie }));
    expect(verify.user.name).toBe('New Name');
  });
});

describe('POST /api/profile/password', () => {
  it('a wrong current password → 422 fields.currentPassword, nothing changes', async () => {
    const user = await createUser();
    const before = await env.DB.prepare('SELECT password_hash FROM users WHERE id = ?').bind(user.id).first();
    const body = await expectError(
      await call('/api/profile/password', { json: { currentPassword: 'not-my-password', newPassword: 'brand-new-pass' }, cookie: user.cookie }),
      422,
      'validation_failed',
    );
    expect(body.error.fields).toHaveProperty('currentPassword');
    expect(await env.DB.prepare('SELECT password_hash FROM users WHERE id = ?').bind(user.id).first()).toEqual(before);
    await expectError(
      await call('/api/profile/password', { json: { currentPassword: user.password, newPassword: 'brand-new-pass' } }),
      401,
      'unauthenticated',
    );
  });

  it('changes the password, ends every other session and replaces this one with a new cookie', async () => {
    const user = await createUser();
    const otherSession = await startTestSession(user.id);
    const loginRes = await login(user.username, user.password, user.ip);
    expect(loginRes.status).toBe(200);
    const loginCookie = sessionCookieFrom(loginRes)!;
    expect(await sessionCount(user.id)).toBe(3);

    const res = await call('/api/profile/password', {
      json: { currentPassword: user.password, newPassword: 'a-much-better-password' },
      cookie: user.cookie,
    });
    expect(res.status).toBe(204);
    expect(await sessionCount(user.id)).toBe(1);
    expect((await call('/api/verify', { cookie: sessionCookieFrom(res) })).status).toBe(200);
    expect((await call('/api/verify', { cookie: user.cookie })).status).toBe(401);
    expect((await call('/api/verify', { cookie: otherSession })).status).toBe(401);
    expect((await call('/api/verify', { cookie: loginCookie })).status).toBe(401);

    expect((await login(user.username, user.password)).status).toBe(401);
    expect((await login(user.username, 'a-much-better-password')).status).toBe(200);
  });

  it('five wrong current passwords → 429 with Retry-After', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) {
      const r = await call('/api/profile/password', { json: { currentPassword: `wrong-${i}`, newPassword: 'another-password' }, cookie: user.cookie });
      expect(r.status).toBe(422);
    }
    const res = await call('/api/profile/password', { json: { currentPassword: user.password, newPassword: 'another-password' }, cookie: user.cookie });
    await expectError(res, 429, 'rate_limited');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('disabled and removed users', () => {
  it("a disabled author's published posts stay readable; their session is gone", async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    await env.DB.prepare('UPDATE users SET disabled_at = ? WHERE id = ?').bind(Date.now(), author.id).run();
    expect((await call('/api/profile', { cookie: author.cookie })).status).toBe(401);
    const { post: got } = await json<PostResponse>(await call(`/api/posts/${post.slug}`));
    expect(got.author.username).toBe(author.username);
  });
});
