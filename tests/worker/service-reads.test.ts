// The reads a page's loaders make on the Worker (worker/render/service-reads.ts): the same services the API's
// GET routes call, with the request's db and session, no HTTP request through the app (decision 034). They
// answer what the routes answer, refuse what the routes refuse (the same status and code), and keep the
// admin guard, on the real D1.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { isStatusError } from '../../contracts/errors';
import type { Post } from '../../contracts/posts';
import { createDb } from '../../worker/db/client';
import type { SessionUser } from '../../worker/env';
import { serviceReads } from '../../worker/render/service-reads';
import { createAdmin, createCategory, createPost, createUser, feature, json, updateOf, type TestUser } from './factories';
import { call } from './helpers';

const sessionUser = (u: TestUser): SessionUser => ({ id: u.id, username: u.username, name: u.name, email: u.email, bio: '', image: null, role: u.role });

const readsAs = (user: TestUser | null) =>
  serviceReads({ db: createDb(env.DB), user: user ? sessionUser(user) : null, sessionId: null, now: Date.now() });

/** The status and code a read failed with (what a loader turns into the page's status). */
async function failure(read: Promise<unknown>): Promise<{ status: number; code: string }> {
  try {
    await read;
  } catch (error) {
    if (isStatusError(error)) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error('the read succeeded');
}

/** The status and code the API answered with. */
async function answered(path: string, cookie?: string): Promise<{ status: number; code: string }> {
  const res = await call(path, { cookie: cookie ?? null });
  const body = (await res.json()) as { error: { code: string } };
  return { status: res.status, code: body.error.code };
}

describe('a page read on the Worker', () => {
  it('answers what its GET route answers (home, a category, its posts, an author, the categories)', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    await feature(post.slug, 1);
    const reads = readsAs(null);
    expect(await reads.home(1)).toEqual(await json(await call('/api/home')));
    expect(await reads.category(category.slug)).toEqual((await json<{ category: unknown }>(await call(`/api/categories/${category.slug}`))).category);
    expect(await reads.posts({ category: category.slug, page: 1 })).toEqual(await json(await call(`/api/posts?category=${category.slug}&page=1`)));
    expect(await reads.author(author.username, 1)).toEqual(await json(await call(`/api/users/${author.username}`)));
    expect(await reads.categories()).toEqual(await json(await call('/api/categories')));
  });

  it('refuses a bad value and an unknown slug with the status and code of its route', async () => {
    const reads = readsAs(null);
    const long = 'x'.repeat(65);
    expect(await failure(reads.author(long, 1))).toEqual(await answered(`/api/users/${long}`));
    expect(await failure(reads.author('nobody-here-at-all', 1))).toEqual(await answered('/api/users/nobody-here-at-all'));
    expect(await failure(reads.category('no-such-category-here'))).toEqual(await answered('/api/categories/no-such-category-here'));
    expect(await failure(reads.posts({ category: 'Not A Slug!', page: 1 }))).toEqual(await answered('/api/posts?category=Not%20A%20Slug!&page=1'));
    expect(await failure(reads.home(0))).toEqual({ status: 400, code: 'bad_request' });
  });

  it('keeps the admin guard: 401 for a visitor, 403 for an author, the data for an admin', async () => {
    const [author, admin] = await Promise.all([createUser(), createAdmin()]);
    expect(await failure(readsAs(null).admin.stats())).toEqual(await answered('/api/admin/stats'));
    expect(await failure(readsAs(null).admin.users({}, 1))).toEqual({ status: 401, code: 'unauthenticated' });
    expect(await failure(readsAs(author).admin.users({}, 1))).toEqual(await answered('/api/admin/users', author.cookie));
    expect(await failure(readsAs(author).admin.user(admin.username))).toEqual({ status: 403, code: 'forbidden' });
    expect((await readsAs(admin).admin.user(author.username)).username).toBe(author.username);
  });

  it('keeps the session guard of the private reads: a visitor gets 401, as from the route', async () => {
    expect(await failure(readsAs(null).profile())).toEqual(await answered('/api/profile'));
    expect(await failure(readsAs(null).sessions())).toEqual({ status: 401, code: 'unauthenticated' });
  });

  it('answers an old slug with the post at its current one, and the page moves there with a 301', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    const renamed = `${post.slug}-moved`;
    const put = await call(`/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { slug: renamed }), cookie: author.cookie });
    expect((await json<{ post: Post }>(put)).post.slug).toBe(renamed);
    expect((await readsAs(null).post(post.slug)).slug).toBe(renamed);
    const page = await call(`/details/${post.slug}`);
    expect(page.status).toBe(301);
    expect(page.headers.get('location')).toBe(`/details/${renamed}`);
  });

  it('shows a draft only to its author, as its route does', async () => {
    const [author, other, category] = await Promise.all([createUser(), createUser(), createCategory()]);
    const draft = await createPost(author, category, { status: 'draft' });
    expect((await readsAs(author).postForEdit(draft.slug)).slug).toBe(draft.slug);
    expect(await failure(readsAs(other).post(draft.slug))).toEqual(await answered(`/api/posts/${draft.slug}`, other.cookie));
  });
});
