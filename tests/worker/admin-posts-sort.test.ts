// `GET /api/admin/posts?sort=&dir=`: the admin list sorted by title, author, category, status or date, each
// ascending or descending, filters kept; a bad sort or direction is 400 naming it. The query plans of
// every sort are checked in admin-query-plans.test.ts.
import { describe, expect, it } from 'vitest';
import type { AdminPostList } from '../../contracts/admin';
import type { Post } from '../../contracts/posts';
import { callAs } from './admin-kit';
import { createAdmin, createCategory, createPost, createUser, json, uid, type TestUser } from './factories';
import { expectError } from './helpers';

const titlesOf = async (admin: TestUser, query: string) =>
  (await json<AdminPostList>(await callAs(admin, `/api/admin/posts${query}`))).items.map((p) => p.title);

/** Five posts whose titles share `mark` (the `q` that isolates them), by two authors in two categories. */
async function sample() {
  const mark = uid(8);
  const [admin, amy, zed, alpha, beta] = await Promise.all([
    createAdmin(),
    createUser({ name: `amy ${mark}` }),
    createUser({ name: `Zed ${mark}` }),
    createCategory({ name: `Alpha ${mark}` }),
    createCategory({ name: `beta ${mark}` }),
  ]);
  const made: Record<string, Post> = {};
  // Created in this order, so the last one is the most recently updated.
  for (const [title, author, category, status] of [
    ['banana', zed, alpha, 'published'],
    ['Apple', amy, beta, 'draft'],
    ['cherry', amy, alpha, 'published'],
    ['apricot', zed, beta, 'draft'],
    ['Date', zed, alpha, 'published'],
  ] as const) {
    made[title] = await createPost(author, category, { title: `${title} ${mark}`, status });
  }
  const titles = (query: string) => titlesOf(admin, `?q=${mark}&${query}`).then((t) => t.map((s) => s.replace(` ${mark}`, '')));
  return { admin, titles };
}

describe('GET /api/admin/posts sorted by a column', () => {
  it('sorts by title, case-insensitively, either way', async () => {
    const { titles } = await sample();
    expect(await titles('sort=title')).toEqual(['Apple', 'apricot', 'banana', 'cherry', 'Date']);
    expect(await titles('sort=title&dir=asc')).toEqual(['Apple', 'apricot', 'banana', 'cherry', 'Date']);
    expect(await titles('sort=title&dir=desc')).toEqual(['Date', 'cherry', 'banana', 'apricot', 'Apple']);
  });

  it('sorts by author name and by category name, newest updated first within each', async () => {
    const { titles } = await sample();
    expect(await titles('sort=author')).toEqual(['cherry', 'Apple', 'Date', 'apricot', 'banana']);
    expect(await titles('sort=author&dir=desc')).toEqual(['Date', 'apricot', 'banana', 'cherry', 'Apple']);
    expect(await titles('sort=category')).toEqual(['Date', 'cherry', 'banana', 'apricot', 'Apple']);
    expect(await titles('sort=category&dir=desc')).toEqual(['apricot', 'Apple', 'Date', 'cherry', 'banana']);
  });

  it('sorts by status (drafts first ascending) with the newest updated first within each, and by date', async () => {
    const { titles } = await sample();
    expect(await titles('sort=status')).toEqual(['apricot', 'Apple', 'Date', 'cherry', 'banana']);
    expect(await titles('sort=status&dir=desc')).toEqual(['Date', 'cherry', 'banana', 'apricot', 'Apple']);
    expect(await titles('sort=updated')).toEqual(['Date', 'apricot', 'cherry', 'Apple', 'banana']);
    expect(await titles('sort=updated&dir=asc')).toEqual(['banana', 'Apple', 'cherry', 'apricot', 'Date']);
    // No sort is the date, newest first, as before.
    expect(await titles('')).toEqual(['Date', 'apricot', 'cherry', 'Apple', 'banana']);
  });

  it('keeps the filters: a sort within drafts, and a sort by the column a filter fixes', async () => {
    const { titles } = await sample();
    expect(await titles('status=draft&sort=title&dir=desc')).toEqual(['apricot', 'Apple']);
    expect(await titles('status=published&sort=status')).toEqual(['Date', 'cherry', 'banana']);
  });

  it('refuses an unknown sort or direction with 400 naming it', async () => {
    const admin = await createAdmin();
    for (const [query, field] of [
      ['?sort=body', 'sort'],
      ['?sort=TITLE', 'sort'],
      ['?sort=title&dir=up', 'dir'],
    ] as const) {
      const body = await expectError(await callAs(admin, `/api/admin/posts${query}`), 400, 'bad_request');
      expect(body.error.fields, query).toHaveProperty(field);
    }
    // An empty one (a form's blank choice) is the default order.
    expect((await callAs(admin, '/api/admin/posts?sort=&dir=')).status).toBe(200);
  });
});
