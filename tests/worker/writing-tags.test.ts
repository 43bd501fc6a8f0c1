// Tags on posts (product.md §10, issue 11): stored on create/update, carried by every post shape in
// order, listed with visible counts, and a tag's page of posts read from post_tags.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ListPage } from '../../contracts/lists';
import type { FeaturedResponse, PostResponse, PostSearchResponse, PostSummary } from '../../contracts/posts';
import type { Tag, TagResponse } from '../../contracts/tags';
import { callAs, dbSnapshot } from './admin-kit';
import { createAdmin, createCategory, createPost, createUser, feature, json, postInput, uid, updateOf } from './factories';
import { call, expectError } from './helpers';

const names = (post: { tags: { name: string }[] }) => post.tags.map((t) => t.name);

describe('a post stores its tags', () => {
  it('create keeps the order, collapses repeats case-insensitively and makes slugs like a category', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const id = uid(6);
    const post = await createPost(author, category, { tags: [`Zeta ${id}`, `Alpha ${id}`, `zeta ${id}`, `Łódź ${id}`] });
    expect(post.tags).toEqual([
      { slug: `zeta-${id}`, name: `Zeta ${id}` },
      { slug: `alpha-${id}`, name: `Alpha ${id}` },
      { slug: `lodz-${id}`, name: `Łódź ${id}` },
    ]);
  });

  it('an existing name is reused whatever its case; a taken slug gets a free suffix', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const id = uid(6);
    const first = await createPost(author, category, { tags: [`Rust ${id}`] });
    const second = await createPost(author, category, { tags: [`RUST ${id}`, `rust-${id}`] });
    // "RUST x" is the tag "Rust x"; "rust-x" is another name whose slug is taken → "-2".
    expect(second.tags).toEqual([first.tags[0], { slug: `rust-${id}-2`, name: `rust-${id}` }]);
    const { results } = await env.DB.prepare('SELECT count(*) AS n FROM tags WHERE lower(name) = lower(?)').bind(`Rust ${id}`).all<{ n: number }>();
    expect(results[0]!.n).toBe(1);
  });

  it('PUT without tags keeps them; PUT with tags replaces them in the new order; [] removes them', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const id = uid(6);
    const post = await createPost(author, category, { tags: [`a ${id}`, `b ${id}`] });
    const kept = (await json<PostResponse>(await callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { title: 'Kept tags' }) }))).post;
    expect(names(kept)).toEqual([`a ${id}`, `b ${id}`]);
    const swapped = (await json<PostResponse>(await callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(kept, { tags: [`c ${id}`, `b ${id}`, `a ${id}`] }) }))).post;
    expect(names(swapped)).toEqual([`c ${id}`, `b ${id}`, `a ${id}`]);
    const none = (await json<PostResponse>(await callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(swapped, { tags: [] }) }))).post;
    expect(none.tags).toEqual([]);
  });

  it('an 11th tag is refused with 422 fields.tags and nothing changes', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category, { tags: ['one'] });
    const before = await dbSnapshot();
    const eleven = Array.from({ length: 11 }, (_, i) => `t${i} ${uid(4)}`);
    const created = await expectError(await callAs(author, '/api/posts', { json: postInput(category, { tags: eleven }) }), 422, 'validation_failed');
    expect(created.error.fields?.tags).toMatch(/at most 10/);
    const updated = await expectError(await callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { tags: eleven }) }), 422, 'validation_failed');
    expect(updated.error.fields?.tags).toBeDefined();
    expect(await dbSnapshot()).toEqual(before);
  });

  it('a tag name over 40 characters, an empty one or a non-text one is refused with 422 and nothing changes', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const before = await dbSnapshot();
    for (const tags of [['x'.repeat(41)], ['  '], [42], 'not a list']) {
      const body = await expectError(await callAs(author, '/api/posts', { json: postInput(category, { tags: tags as string[] }) }), 422, 'validation_failed');
      expect(Object.keys(body.error.fields ?? {}).some((k) => k.startsWith('tags')), JSON.stringify(body)).toBe(true);
    }
    expect(await dbSnapshot()).toEqual(before);
  });
});

describe('every post shape carries its tags in order', () => {
  it('single post, lists, tag list, featured, search, profile, author page and the admin list', async () => {
    const [author, admin, category] = await Promise.all([createUser(), createAdmin(), createCategory()]);
    const id = uid(6);
    const word = `zq${uid(8)}`;
    const tags = [`Second ${id}`, `First ${id}`];
    const post = await createPost(author, category, { tags, body: `Words ${word} here.` });
    await feature(post.slug, 900);
    const expected = post.tags;
    expect(names(post)).toEqual(tags);
    const find = (items: PostSummary[]) => items.find((p) => p.slug === post.slug)?.tags;
    expect((await json<PostResponse>(await call(`/api/posts/${post.slug}`))).post.tags).toEqual(expected);
    expect(find((await json<ListPage<PostSummary>>(await call(`/api/posts?category=${category.slug}`))).items)).toEqual(expected);
    expect(find((await json<ListPage<PostSummary>>(await call(`/api/posts?tag=${expected[0]!.slug}`))).items)).toEqual(expected);
    expect(find((await json<FeaturedResponse>(await call('/api/featured'))).items)).toEqual(expected);
    expect(find((await json<PostSearchResponse>(await call(`/api/posts?q=${word}`))).items)).toEqual(expected);
    expect(find((await json<{ posts: ListPage<PostSummary> }>(await call(`/api/users/${author.username}`))).posts.items)).toEqual(expected);
    expect(find((await json<{ posts: ListPage<PostSummary> }>(await callAs(author, '/api/profile'))).posts.items)).toEqual(expected);
    expect(find((await json<ListPage<PostSummary>>(await callAs(admin, `/api/admin/posts?category=${category.slug}`))).items)).toEqual(expected);
  });
});

describe('GET /api/tags and /api/tags/:slug', () => {
  it('counts visible published posts only; a tag of drafts or scheduled posts only is not listed', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const id = uid(6);
    const shown = `Shown ${id}`;
    const hidden = `Hidden ${id}`;
    await createPost(author, category, { tags: [shown] });
    await createPost(author, category, { tags: [shown, hidden], status: 'draft' });
    await createPost(author, category, { tags: [shown, hidden], publishedAt: new Date(Date.now() + 86_400_000).toISOString() });
    const list = await json<ListPage<Tag>>(await call('/api/tags'));
    expect(list.items.find((t) => t.name === shown)).toEqual({ slug: `shown-${id}`, name: shown, postCount: 1 });
    expect(list.items.find((t) => t.name === hidden)).toBeUndefined();
    const sorted = list.items.map((t) => t.name.toLowerCase());
    expect(sorted).toEqual([...sorted].sort());
    expect(list.pageSize).toBe(100);
    expect((await json<TagResponse>(await call(`/api/tags/shown-${id}`))).tag).toEqual({ slug: `shown-${id}`, name: shown, postCount: 1 });
    expect((await json<TagResponse>(await call(`/api/tags/hidden-${id}`))).tag.postCount).toBe(0);
  });

  it('an unknown tag is 404; a bad page is 400', async () => {
    await expectError(await call(`/api/tags/no-such-${uid(6)}`), 404, 'not_found');
    await expectError(await call('/api/tags?page=0'), 400, 'bad_request');
  });

  it('counts follow publish, unpublish, tag changes and deletes', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const id = uid(6);
    const count = async () => (await json<TagResponse>(await call(`/api/tags/c-${id}`))).tag.postCount;
    const post = await createPost(author, category, { tags: [`c ${id}`] });
    const other = await createPost(author, category, { tags: [`c ${id}`] });
    expect(await count()).toBe(2);
    const draft = (await json<PostResponse>(await callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { status: 'draft' }) }))).post;
    expect(await count()).toBe(1);
    await json(await callAs(author, `/api/posts/${draft.slug}`, { method: 'PUT', json: updateOf(draft, { status: 'published' }) }));
    expect(await count()).toBe(2);
    await json(await callAs(author, `/api/posts/${other.slug}`, { method: 'PUT', json: updateOf(other, { tags: [] }) }));
    expect(await count()).toBe(1);
    expect((await callAs(author, `/api/posts/${post.slug}`, { method: 'DELETE' })).status).toBe(204);
    expect(await count()).toBe(0);
  });
});

describe('GET /api/posts?tag=', () => {
  it('lists a tag’s visible published posts newest first, 12 a page, with the total', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const tag = `Paged ${uid(6)}`;
    const made: string[] = [];
    for (let i = 0; i < 13; i++) {
      const day = String(i + 1).padStart(2, '0');
      made.push((await createPost(author, category, { tags: [tag], publishedAt: `2025-01-${day}T00:00:00Z` })).slug);
    }
    await createPost(author, category, { tags: [tag], status: 'draft' });
    await createPost(author, category, { tags: [tag], publishedAt: new Date(Date.now() + 86_400_000).toISOString() });
    const slug = tag.toLowerCase().replace(' ', '-');
    const page1 = await json<ListPage<PostSummary>>(await call(`/api/posts?tag=${slug}`));
    expect(page1.total).toBe(13);
    expect(page1.pageSize).toBe(12);
    expect(page1.items.map((p) => p.slug)).toEqual(made.slice(1).reverse());
    const page2 = await json<ListPage<PostSummary>>(await call(`/api/posts?tag=${slug}&page=2`));
    expect(page2.items.map((p) => p.slug)).toEqual([made[0]]);
    const unknown = await json<ListPage<PostSummary>>(await call(`/api/posts?tag=none-${uid(6)}`));
    expect(unknown).toMatchObject({ items: [], total: 0 });
  });

  it('search may be filtered by tag', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const word = `zt${uid(8)}`;
    const tag = `Filter ${uid(6)}`;
    const tagged = await createPost(author, category, { body: `About ${word}.`, tags: [tag] });
    await createPost(author, category, { body: `Also ${word}.` });
    const hits = await json<PostSearchResponse>(await call(`/api/posts?q=${word}&tag=${tagged.tags[0]!.slug}`));
    expect(hits.items.map((p) => p.slug)).toEqual([tagged.slug]);
  });
});
