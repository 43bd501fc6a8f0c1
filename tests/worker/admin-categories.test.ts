// /api/admin/categories: the list with both counts; create, read, rename and delete-when-empty, by the
// input rules of contracts/categories.ts, with 409 for a taken slug or name and for a category still in use.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { AdminCategory, AdminCategoryResponse } from '../../contracts/admin';
import type { CategoryResponse } from '../../contracts/categories';
import type { PostResponse } from '../../contracts/posts';
import { callAs, dbSnapshot } from './admin-kit';
import { call, expectError } from './helpers';
import { createAdmin, createCategory, createPost, createUser, json, postRow, uid, type TestUser } from './factories';

const list = async (admin: TestUser) => (await json<{ items: AdminCategory[] }>(await callAs(admin, '/api/admin/categories'))).items;
const create = (admin: TestUser, body: unknown) => callAs(admin, '/api/admin/categories', { method: 'POST', json: body });
const update = (admin: TestUser, slug: string, body: unknown) => callAs(admin, `/api/admin/categories/${slug}`, { method: 'PUT', json: body });
const remove = (admin: TestUser, slug: string) => callAs(admin, `/api/admin/categories/${slug}`, { method: 'DELETE' });

const categoryRow = (slug: string) =>
  env.DB.prepare('SELECT id, slug, name, description FROM categories WHERE slug = ?').bind(slug).first<{ id: number; slug: string; name: string; description: string }>();

describe('GET /api/admin/categories', () => {
  it('lists every category by name with visible published and total post counts', async () => {
    const [admin, author] = await Promise.all([createAdmin(), createUser()]);
    const tag = uid(6);
    const b = await createCategory({ name: `B topic ${tag}` });
    const a = await createCategory({ name: `a topic ${tag}` });
    const empty = await createCategory({ name: `C topic ${tag}` });
    await createPost(author, a);
    await createPost(author, a, { status: 'draft' });
    await createPost(author, a, { publishedAt: new Date(Date.now() + 3_600_000).toISOString() });
    await createPost(author, b);

    const items = await list(admin);
    const names = items.map((c) => c.name);
    expect(names).toEqual([...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    const mine = items.filter((c) => c.name.endsWith(tag));
    expect(mine).toEqual([
      { slug: a.slug, name: a.name, description: `About ${a.name}`, postCount: 1, totalCount: 3 },
      { slug: b.slug, name: b.name, description: `About ${b.name}`, postCount: 1, totalCount: 1 },
      { slug: empty.slug, name: empty.name, description: `About ${empty.name}`, postCount: 0, totalCount: 0 },
    ]);
  });
});

describe('POST /api/admin/categories', () => {
  it('creates a category with a slug made from the name (201), trimmed, description defaulting to empty', async () => {
    const admin = await createAdmin();
    const tag = uid(6);
    const { category } = await json<AdminCategoryResponse>(await create(admin, { name: `  Crème Brûlée ${tag}  ` }), 201);
    expect(category).toEqual({ slug: `creme-brulee-${tag}`, name: `Crème Brûlée ${tag}`, description: '', postCount: 0, totalCount: 0 });
    expect(await categoryRow(category.slug)).toMatchObject({ name: `Crème Brûlée ${tag}`, description: '' });
    const pub = await json<CategoryResponse>(await call(`/api/categories/${category.slug}`));
    expect(pub.category.name).toBe(`Crème Brûlée ${tag}`);
  });

  it('takes a hand-set slug; a slug made from the name skips taken ones with -2', async () => {
    const admin = await createAdmin();
    const tag = uid(6);
    const { category: handSet } = await json<AdminCategoryResponse>(
      await create(admin, { name: `Hand ${tag}`, slug: `field-notes-${tag}`, description: 'Notes' }),
      201,
    );
    expect(handSet).toMatchObject({ slug: `field-notes-${tag}`, description: 'Notes' });
    const { category: made } = await json<AdminCategoryResponse>(await create(admin, { name: `Field notes ${tag}` }), 201);
    expect(made.slug).toBe(`field-notes-${tag}-2`);
  });

  it('a taken name (any case) or hand-set slug → 409 naming the field, nothing created', async () => {
    const admin = await createAdmin();
    const existing = await createCategory();
    const before = await dbSnapshot();
    const name = await expectError(await create(admin, { name: existing.name.toUpperCase() }), 409, 'conflict');
    expect(name.error.fields).toHaveProperty('name');
    const slug = await expectError(await create(admin, { name: `Fresh ${uid(6)}`, slug: existing.slug }), 409, 'conflict');
    expect(slug.error.fields).toHaveProperty('slug');
    expect(slug.error.fields).not.toHaveProperty('name');
    const both = await expectError(await create(admin, { name: existing.name, slug: existing.slug }), 409, 'conflict');
    expect(Object.keys(both.error.fields ?? {}).sort()).toEqual(['name', 'slug']);
    expect(await dbSnapshot()).toEqual(before);
  });

  it('racing creates: the same name twice → one 201 and one 409; same slug base, different names → both, -2', async () => {
    const admin = await createAdmin();
    const name = `Race ${uid(6)}`;
    const same = await Promise.all([create(admin, { name }), create(admin, { name })]);
    expect(same.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = same.find((r) => r.status === 409)!;
    expect((await expectError(loser, 409, 'conflict')).error.fields).toHaveProperty('name');

    const base = `Twin ${uid(6)}`;
    const twins = await Promise.all([create(admin, { name: `${base}!` }), create(admin, { name: `${base}?` })]);
    const slugs = await Promise.all(twins.map(async (r) => (await json<AdminCategoryResponse>(r, 201)).category.slug));
    expect(slugs.sort()).toEqual([`${base.toLowerCase().replace(' ', '-')}`, `${base.toLowerCase().replace(' ', '-')}-2`]);
  });

  it('refuses input that breaks the rules with 422 naming the field', async () => {
    const admin = await createAdmin();
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(61) }, 'name'],
      [{ name: 'Bell\u0007' }, 'name'],
      [{ name: 42 }, 'name'],
      [{ name: 'Fine', description: 'x'.repeat(301) }, 'description'],
      [{ name: 'Fine', description: 7 }, 'description'],
      [{ name: 'Fine', slug: 'Not a slug!' }, 'slug'],
      [{ name: 'Fine', slug: '-dash' }, 'slug'],
      [{ name: 'Fine', slug: 'a--b' }, 'slug'],
      [{ name: 'Fine', slug: 'x'.repeat(81) }, 'slug'],
      [{ name: 'Fine', id: 3 }, 'id'],
      [{ name: 'Fine', postCount: 3 }, 'postCount'],
    ];
    const before = await dbSnapshot();
    for (const [body, field] of cases) {
      const err = await expectError(await create(admin, body), 422, 'validation_failed');
      expect(err.error.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    expect(await dbSnapshot()).toEqual(before);
  });
});

describe('GET /api/admin/categories/:slug', () => {
  it('answers the admin shape; unknown → 404', async () => {
    const admin = await createAdmin();
    const category = await createCategory();
    const { category: got } = await json<AdminCategoryResponse>(await callAs(admin, `/api/admin/categories/${category.slug}`));
    expect(got).toEqual({ slug: category.slug, name: category.name, description: `About ${category.name}`, postCount: 0, totalCount: 0 });
    await expectError(await callAs(admin, '/api/admin/categories/no-such-category-here'), 404, 'not_found');
  });
});

describe('PUT /api/admin/categories/:slug', () => {
  it('renames a category and its posts follow; an absent slug is kept', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const post = await createPost(author, category);
    const name = `Renamed ${uid(6)}`;
    const { category: saved } = await json<AdminCategoryResponse>(await update(admin, category.slug, { name, description: 'New words' }));
    expect(saved).toEqual({ slug: category.slug, name, description: 'New words', postCount: 1, totalCount: 1 });
    const { post: reread } = await json<PostResponse>(await call(`/api/posts/${post.slug}`));
    expect(reread.category).toEqual({ slug: category.slug, name });
  });

  it('changes the slug when asked: the old one is gone, posts keep the category', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const post = await createPost(author, category);
    const slug = `moved-${uid(6)}`;
    const { category: saved } = await json<AdminCategoryResponse>(await update(admin, category.slug, { name: category.name, slug }));
    expect(saved).toMatchObject({ slug, name: category.name, description: `About ${category.name}`, totalCount: 1 });
    await expectError(await callAs(admin, `/api/admin/categories/${category.slug}`), 404, 'not_found');
    expect((await postRow(post.slug))!.category_id).toBe(category.id);
  });

  it('keeping its own name in another case is fine; a name or slug of another category → 409 with the field', async () => {
    const admin = await createAdmin();
    const [mine, other] = await Promise.all([createCategory(), createCategory()]);
    expect((await update(admin, mine.slug, { name: mine.name.toUpperCase() })).status).toBe(200);
    const before = await dbSnapshot();
    const name = await expectError(await update(admin, mine.slug, { name: other.name.toLowerCase() }), 409, 'conflict');
    expect(name.error.fields).toHaveProperty('name');
    const slug = await expectError(await update(admin, mine.slug, { name: `Fresh ${uid(6)}`, slug: other.slug }), 409, 'conflict');
    expect(slug.error.fields).toHaveProperty('slug');
    expect(await dbSnapshot()).toEqual(before);
  });

  it('applies the rules (422), and an unknown slug → 404', async () => {
    const admin = await createAdmin();
    const category = await createCategory();
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(61) }, 'name'],
      [{ name: 'Fine', description: 'x'.repeat(301) }, 'description'],
      [{ name: 'Fine', slug: 'Bad slug' }, 'slug'],
      [{ name: 'Fine', extra: true }, 'extra'],
    ] as [unknown, string][]) {
      const err = await expectError(await update(admin, category.slug, body), 422, 'validation_failed');
      expect(err.error.fields).toHaveProperty(field);
    }
    expect(await categoryRow(category.slug)).toMatchObject({ name: category.name });
    await expectError(await update(admin, 'no-such-category-here', { name: `Fresh ${uid(6)}` }), 404, 'not_found');
  });
});

describe('DELETE /api/admin/categories/:slug', () => {
  it('deletes an empty category (204); then it is 404', async () => {
    const admin = await createAdmin();
    const category = await createCategory();
    expect((await remove(admin, category.slug)).status).toBe(204);
    expect(await categoryRow(category.slug)).toBeNull();
    await expectError(await remove(admin, category.slug), 404, 'not_found');
    await expectError(await call(`/api/categories/${category.slug}`), 404, 'not_found');
  });

  it('refuses a category still in use with 409 and the count — drafts count too — and nothing changes', async () => {
    const [admin, author] = await Promise.all([createAdmin(), createUser()]);
    const one = await createCategory();
    await createPost(author, one, { status: 'draft' });
    const before = await dbSnapshot();
    const single = await expectError(await remove(admin, one.slug), 409, 'conflict');
    expect(single.error.message).toBe('1 post still uses this category');
    expect(await dbSnapshot()).toEqual(before);

    const three = await createCategory();
    for (let i = 0; i < 3; i++) await createPost(author, three);
    const many = await expectError(await remove(admin, three.slug), 409, 'conflict');
    expect(many.error.message).toBe('3 posts still use this category');
    expect(await categoryRow(three.slug)).not.toBeNull();
  });

  it('moving the last post away lets it go', async () => {
    const [admin, author, from, to] = await Promise.all([createAdmin(), createUser(), createCategory(), createCategory()]);
    const post = await createPost(author, from);
    await expectError(await remove(admin, from.slug), 409, 'conflict');
    await json(await callAs(admin, `/api/admin/posts/${post.slug}`, {
      method: 'PUT',
      json: { title: post.title, body: post.body, category: to.slug, status: post.status, version: post.version },
    }));
    expect((await remove(admin, from.slug)).status).toBe(204);
  });
});
