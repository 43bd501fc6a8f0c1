// Revisions (product.md §10, issue 11): every update of title, excerpt or body keeps the previous content
// in the same batch (newest 50), listed and read by the owner and admins only, and restored as a new version.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Post, PostResponse } from '../../contracts/posts';
import type { RevisionListResponse, RevisionResponse } from '../../contracts/revisions';
import { callAs, dbSnapshot } from './admin-kit';
import { createAdmin, createCategory, createPost, createUser, json, updateOf, type TestUser } from './factories';
import { expectError } from './helpers';

const put = async (who: TestUser, post: Post, overrides: Record<string, unknown>) =>
  (await json<PostResponse>(await callAs(who, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, overrides) }))).post;
const revisionsOf = async (who: TestUser, slug: string) =>
  (await json<RevisionListResponse>(await callAs(who, `/api/posts/${slug}/revisions`))).items;
const revisionRows = async (slug: string) =>
  (await env.DB.prepare('SELECT r.* FROM post_revisions r JOIN posts p ON p.id = r.post_id WHERE p.slug = ?').bind(slug).all()).results.length;

describe('updates keep the previous content', () => {
  it('a title, excerpt or body change keeps the version before it, newest first, naming who wrote it', async () => {
    const [author, admin, category] = await Promise.all([createUser(), createAdmin(), createCategory()]);
    const v1 = await createPost(author, category, { title: 'First title', body: 'First body' });
    const v2 = await put(author, v1, { title: 'Second title' });
    const v3 = await put(admin, v2, { body: 'Third body' });
    await put(author, v3, { excerpt: 'A hand-written excerpt' });
    const items = await revisionsOf(author, v1.slug);
    expect(items.map((r) => [r.version, r.title])).toEqual([
      [3, 'Second title'],
      [2, 'Second title'],
      [1, 'First title'],
    ]);
    // Version 3 was written by the admin, versions 1 and 2 by the author.
    expect(items.map((r) => r.author?.username)).toEqual([admin.username, author.username, author.username]);
    const { revision } = await json<RevisionResponse>(await callAs(author, `/api/posts/${v1.slug}/revisions/${items[2]!.id}`));
    expect(revision).toMatchObject({ version: 1, title: 'First title', body: 'First body' });
    expect(typeof revision.excerpt).toBe('string');
  });

  it('a change of status, date, cover or tags alone keeps no revision', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    const draft = await put(author, post, { status: 'draft' });
    const tagged = await put(author, draft, { tags: ['quiet'], coverImage: 'https://example.com/c.png' });
    expect(tagged.version).toBe(3);
    expect(await revisionsOf(author, post.slug)).toEqual([]);
  });

  it('keeps the newest 50 a post', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    let post = await createPost(author, category, { title: 'v1' });
    for (let i = 2; i <= 53; i++) post = await put(author, post, { title: `v${i}` });
    const items = await revisionsOf(author, post.slug);
    expect(items).toHaveLength(50);
    expect(items[0]!.version).toBe(52);
    expect(items[49]!.version).toBe(3);
    expect(await revisionRows(post.slug)).toBe(50);
  }, 30_000); // 52 sequential saves: a few seconds on a busy machine

  it('the admin post routes keep revisions through the same write path', async () => {
    const [author, admin, category] = await Promise.all([createUser(), createAdmin(), createCategory()]);
    const post = await createPost(author, category, { title: 'Before admin' });
    await json(await callAs(admin, `/api/admin/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { title: 'After admin' }) }));
    expect((await revisionsOf(admin, post.slug)).map((r) => r.title)).toEqual(['Before admin']);
  });

  it('a stale update keeps no revision and changes nothing', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    await put(author, post, { title: 'Newer' });
    const before = await dbSnapshot();
    await expectError(await callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { title: 'Stale' }) }), 409, 'conflict');
    expect(await dbSnapshot()).toEqual(before);
  });
});

describe('who may see revisions', () => {
  it('owner and admin: 200; visitor: 401; another author: 404 as for a draft; unknown post or revision: 404', async () => {
    const [author, other, admin, category] = await Promise.all([createUser(), createUser(), createAdmin(), createCategory()]);
    const post = await createPost(author, category);
    await put(author, post, { title: 'Changed' });
    const [rev] = await revisionsOf(author, post.slug);
    for (const path of [`/api/posts/${post.slug}/revisions`, `/api/posts/${post.slug}/revisions/${rev!.id}`]) {
      expect((await callAs(author, path)).status).toBe(200);
      expect((await callAs(admin, path)).status).toBe(200);
      await expectError(await callAs(null, path), 401, 'unauthenticated');
      await expectError(await callAs(other, path), 404, 'not_found');
      expect((await callAs(null, path)).headers.get('x-cache')).not.toBe('HIT');
    }
    await expectError(await callAs(author, `/api/posts/no-such-post/revisions`), 404, 'not_found');
    await expectError(await callAs(author, `/api/posts/${post.slug}/revisions/999999999`), 404, 'not_found');
    await expectError(await callAs(author, `/api/posts/${post.slug}/revisions/abc`), 400, 'bad_request');
  });

  it('a revision id of another post is 404, even to an admin', async () => {
    const [author, admin, category] = await Promise.all([createUser(), createAdmin(), createCategory()]);
    const a = await createPost(author, category);
    const b = await createPost(author, category);
    await put(author, a, { title: 'A changed' });
    const [revOfA] = await revisionsOf(author, a.slug);
    await expectError(await callAs(admin, `/api/posts/${b.slug}/revisions/${revOfA!.id}`), 404, 'not_found');
    await expectError(
      await callAs(author, `/api/posts/${b.slug}/revisions/${revOfA!.id}/restore`, { json: { version: b.version } }),
      404,
      'not_found',
    );
  });
});

describe('POST /api/posts/:slug/revisions/:id/restore', () => {
  it('restores the content as a new version and keeps the content it replaced as a revision', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const v1 = await createPost(author, category, { title: 'Original', body: 'Original body', tags: ['kept'] });
    const v2 = await put(author, v1, { title: 'Rewritten', body: 'Rewritten body' });
    const [rev] = await revisionsOf(author, v1.slug);
    const { post } = await json<PostResponse>(
      await callAs(author, `/api/posts/${v1.slug}/revisions/${rev!.id}/restore`, { json: { version: v2.version } }),
    );
    expect(post).toMatchObject({ title: 'Original', body: 'Original body', version: 3, status: 'published', slug: v1.slug });
    expect(post.bodyHtml).toContain('Original body');
    expect(post.tags.map((t) => t.name)).toEqual(['kept']);
    expect(post.publishedAt).toBe(v2.publishedAt);
    expect((await revisionsOf(author, v1.slug)).map((r) => [r.version, r.title])).toEqual([
      [2, 'Rewritten'],
      [1, 'Original'],
    ]);
  });

  it('an admin may restore any post', async () => {
    const [author, admin, category] = await Promise.all([createUser(), createAdmin(), createCategory()]);
    const v1 = await createPost(author, category, { title: 'Mine' });
    const v2 = await put(author, v1, { title: 'Mine, edited' });
    const [rev] = await revisionsOf(author, v1.slug);
    const { post } = await json<PostResponse>(
      await callAs(admin, `/api/posts/${v1.slug}/revisions/${rev!.id}/restore`, { json: { version: v2.version } }),
    );
    expect(post.title).toBe('Mine');
    expect(post.author.username).toBe(author.username);
  });

  it('a stale version is 409 and nothing changes', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const v1 = await createPost(author, category);
    await put(author, v1, { title: 'Edited' });
    const [rev] = await revisionsOf(author, v1.slug);
    const before = await dbSnapshot();
    const body = await expectError(
      await callAs(author, `/api/posts/${v1.slug}/revisions/${rev!.id}/restore`, { json: { version: 1 } }),
      409,
      'conflict',
    );
    expect(body.error.fields?.version).toBeDefined();
    expect(await dbSnapshot()).toEqual(before);
  });

  it('another author gets 404, a visitor 401, bad input 422 — and nothing changes', async () => {
    const [author, other, category] = await Promise.all([createUser(), createUser(), createCategory()]);
    const v1 = await createPost(author, category);
    const v2 = await put(author, v1, { title: 'Edited' });
    const [rev] = await revisionsOf(author, v1.slug);
    const path = `/api/posts/${v1.slug}/revisions/${rev!.id}/restore`;
    const before = await dbSnapshot();
    await expectError(await callAs(other, path, { json: { version: v2.version } }), 404, 'not_found');
    await expectError(await callAs(null, path, { json: { version: v2.version } }), 401, 'unauthenticated');
    for (const bad of [{}, { version: 'x' }, { version: 2, title: 'extra' }]) {
      await expectError(await callAs(author, path, { json: bad }), 422, 'validation_failed');
    }
    expect(await dbSnapshot()).toEqual(before);
  });
});
