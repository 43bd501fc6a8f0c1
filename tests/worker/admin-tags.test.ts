// `/api/admin/tags` (product.md §10, issue 11): every tag with its counts; rename, delete and merge, with
// the error shape of §5 and nothing changed on any refusal. The guard itself is walked in admin-guard.test.ts.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ListPage } from '../../contracts/lists';
import type { PostResponse } from '../../contracts/posts';
import type { AdminTag, AdminTagResponse, TagResponse } from '../../contracts/tags';
import { callAs, dbSnapshot } from './admin-kit';
import { createAdmin, createCategory, createPost, createUser, json, uid } from './factories';
import { call, expectError } from './helpers';

const tagsOf = async (slug: string) => (await json<PostResponse>(await call(`/api/posts/${slug}`))).post.tags.map((t) => t.slug);
const postTagRows = async (tagSlug: string) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM post_tags pt JOIN tags t ON t.id = pt.tag_id WHERE t.slug = ?').bind(tagSlug).first<{ n: number }>())!.n;

describe('GET /api/admin/tags', () => {
  it('lists every tag by name with its visible count and its count of posts of any status', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const name = `aaa-admin ${uid(6)}`;
    await createPost(author, category, { tags: [name] });
    await createPost(author, category, { tags: [name], status: 'draft' });
    const list = await json<ListPage<AdminTag>>(await callAs(admin, '/api/admin/tags'));
    expect(list.items.find((t) => t.name === name)).toEqual({ slug: name.replace(' ', '-'), name, postCount: 1, allPostCount: 2 });
    const sorted = list.items.map((t) => t.name.toLowerCase());
    expect(sorted).toEqual([...sorted].sort());
    await expectError(await callAs(author, '/api/admin/tags'), 403, 'forbidden');
    await expectError(await callAs(null, '/api/admin/tags'), 401, 'unauthenticated');
  });
});

describe('GET /api/admin/tags/:slug', () => {
  it('answers one tag in the admin shape (drafts counted apart), 404 for an unknown slug, 401/403 for others', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const name = `one admin tag ${uid(6)}`;
    const post = await createPost(author, category, { tags: [name] });
    await createPost(author, category, { tags: [name], status: 'draft' });
    const slug = post.tags[0]!.slug;
    const { tag } = await json<AdminTagResponse>(await callAs(admin, `/api/admin/tags/${slug}`));
    expect(tag).toEqual({ slug, name, postCount: 1, allPostCount: 2 });
    await expectError(await callAs(admin, `/api/admin/tags/none-${uid(6)}`), 404, 'not_found');
    await expectError(await callAs(author, `/api/admin/tags/${slug}`), 403, 'forbidden');
    await expectError(await callAs(null, `/api/admin/tags/${slug}`), 401, 'unauthenticated');
  });
});

describe('PATCH /api/admin/tags/:slug', () => {
  it('renames a tag (name and slug); posts carry the new name', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const post = await createPost(author, category, { tags: [`old name ${uid(6)}`] });
    const slug = `renamed-${uid(6)}`;
    const { tag } = await json<TagResponse>(
      await callAs(admin, `/api/admin/tags/${post.tags[0]!.slug}`, { method: 'PATCH', json: { name: 'Renamed', slug } }),
    );
    expect(tag).toEqual({ slug, name: 'Renamed', postCount: 1 });
    expect((await json<PostResponse>(await call(`/api/posts/${post.slug}`))).post.tags).toEqual([{ slug, name: 'Renamed' }]);
    await expectError(await call(`/api/tags/${post.tags[0]!.slug}`), 404, 'not_found');
  });

  it('a name or slug another tag has is 409 naming the field, and nothing changes', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const post = await createPost(author, category, { tags: [`one ${uid(6)}`, `two ${uid(6)}`] });
    const [one, two] = post.tags;
    const before = await dbSnapshot();
    const byName = await expectError(
      await callAs(admin, `/api/admin/tags/${one!.slug}`, { method: 'PATCH', json: { name: two!.name.toUpperCase() } }),
      409,
      'conflict',
    );
    expect(byName.error.fields?.name).toBeDefined();
    const bySlug = await expectError(await callAs(admin, `/api/admin/tags/${one!.slug}`, { method: 'PATCH', json: { slug: two!.slug } }), 409, 'conflict');
    expect(bySlug.error.fields?.slug).toBeDefined();
    expect(await dbSnapshot()).toEqual(before);
  });

  it('bad input is 422, an unknown tag 404, and nothing changes', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const post = await createPost(author, category, { tags: [`bad ${uid(6)}`] });
    const path = `/api/admin/tags/${post.tags[0]!.slug}`;
    const before = await dbSnapshot();
    for (const bad of [{}, { name: 'x'.repeat(41) }, { slug: 'Not A Slug' }, { name: 'ok', color: 'red' }]) {
      await expectError(await callAs(admin, path, { method: 'PATCH', json: bad }), 422, 'validation_failed');
    }
    await expectError(await callAs(admin, `/api/admin/tags/none-${uid(6)}`, { method: 'PATCH', json: { name: 'x' } }), 404, 'not_found');
    expect(await dbSnapshot()).toEqual(before);
  });
});

describe('DELETE /api/admin/tags/:slug', () => {
  it('deletes the tag and removes it from its posts, keeping their other tags in order', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const post = await createPost(author, category, { tags: [`keep a ${uid(6)}`, `drop ${uid(6)}`, `keep b ${uid(6)}`] });
    const [a, dropped, b] = post.tags;
    expect((await callAs(admin, `/api/admin/tags/${dropped!.slug}`, { method: 'DELETE' })).status).toBe(204);
    expect(await tagsOf(post.slug)).toEqual([a!.slug, b!.slug]);
    await expectError(await call(`/api/tags/${dropped!.slug}`), 404, 'not_found');
    await expectError(await callAs(admin, `/api/admin/tags/${dropped!.slug}`, { method: 'DELETE' }), 404, 'not_found');
  });
});

describe('POST /api/admin/tags/:slug/merge', () => {
  it('gives the posts of :slug the tag `into` without duplicate rows, then deletes :slug', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const id = uid(6);
    const both = await createPost(author, category, { tags: [`from ${id}`, `into ${id}`] });
    const onlyFrom = await createPost(author, category, { tags: [`from ${id}`] });
    const { tag } = await json<TagResponse>(await callAs(admin, `/api/admin/tags/from-${id}/merge`, { json: { into: `into-${id}` } }));
    expect(tag).toEqual({ slug: `into-${id}`, name: `into ${id}`, postCount: 2 });
    expect(await tagsOf(both.slug)).toEqual([`into-${id}`]);
    expect(await tagsOf(onlyFrom.slug)).toEqual([`into-${id}`]);
    expect(await postTagRows(`into-${id}`)).toBe(2);
    await expectError(await call(`/api/tags/from-${id}`), 404, 'not_found');
  });

  it('merging into itself is 422; into an unknown tag or from one is 404; bad input 422 — nothing changes', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const post = await createPost(author, category, { tags: [`self ${uid(6)}`] });
    const slug = post.tags[0]!.slug;
    const before = await dbSnapshot();
    const self = await expectError(await callAs(admin, `/api/admin/tags/${slug}/merge`, { json: { into: slug } }), 422, 'validation_failed');
    expect(self.error.fields?.into).toBeDefined();
    await expectError(await callAs(admin, `/api/admin/tags/${slug}/merge`, { json: { into: `none-${uid(6)}` } }), 404, 'not_found');
    await expectError(await callAs(admin, `/api/admin/tags/none-${uid(6)}/merge`, { json: { into: slug } }), 404, 'not_found');
    for (const bad of [{}, { into: '' }, { into: 'Not a slug' }, { into: slug, extra: 1 }]) {
      await expectError(await callAs(admin, `/api/admin/tags/${slug}/merge`, { json: bad }), 422, 'validation_failed');
    }
    expect(await dbSnapshot()).toEqual(before);
  });
});
