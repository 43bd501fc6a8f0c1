// GET /api/admin/authors (issue 8 item 11): the choices of the admin posts list's author filter — every
// account with a post of any status, by name — and each choice filters the list to that author's posts.
import { describe, expect, it } from 'vitest';
import type { AdminPostList, PostAuthor } from '../../contracts/admin';
import { callAs } from './admin-kit';
import { expectError } from './helpers';
import { createAdmin, createCategory, createPost, createUser, json, uid } from './factories';

describe('GET /api/admin/authors', () => {
  it('lists every account with a post (drafts too) by name, and no account without one', async () => {
    const admin = await createAdmin();
    const tag = uid(6);
    const [zed, amy, idle] = await Promise.all([
      createUser({ name: `Zed ${tag}` }),
      createUser({ name: `Amy ${tag}` }),
      createUser({ name: `Idle ${tag}` }),
    ]);
    const category = await createCategory();
    await createPost(zed, category);
    await createPost(amy, category, { status: 'draft' });

    const res = await callAs(admin, '/api/admin/authors');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const { items } = await json<{ items: PostAuthor[] }>(res);
    const mine = items.filter((a) => a.name.endsWith(tag));
    expect(mine).toEqual([
      { username: amy.username, name: amy.name },
      { username: zed.username, name: zed.name },
    ]);
    expect(items.map((a) => a.username)).not.toContain(idle.username);
    const names = items.map((a) => a.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    // Each choice is a value the posts list's author filter takes.
    const list = await json<AdminPostList>(await callAs(admin, `/api/admin/posts?author=${amy.username}`));
    expect(list.items.map((p) => p.author.username)).toEqual([amy.username]);
  });

  it('is for admins only', async () => {
    const author = await createUser();
    await expectError(await callAs(author, '/api/admin/authors'), 403, 'forbidden');
    await expectError(await callAs(null, '/api/admin/authors'), 401, 'unauthenticated');
  });
});
