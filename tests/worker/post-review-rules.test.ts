// The post rules per role (product.md §15, §19 "Roles and review"): contributors write their own drafts and
// submit them (`pending`) but never publish, schedule, or change a post once published; editors see and
// change every post as admins do; authors as before. Every refused call answers the §5 shape and changes nothing.
import { describe, expect, it } from 'vitest';
import type { Post } from '../../contracts/posts';
import { ROLE_CONTRIBUTOR, ROLE_EDITOR } from '../../contracts/roles';
import { callAs } from './admin-kit';
import { expectError } from './helpers';
import {
  createAdmin,
  createCategory,
  createPost,
  createUser,
  feature,
  isFeatured,
  json,
  postCount,
  postInput,
  postRow,
  updateOf,
  type TestCategory,
  type TestUser,
} from './factories';

const DAY = 24 * 60 * 60 * 1000;
const tomorrow = () => new Date(Date.now() + DAY).toISOString();
const put = (who: TestUser, post: Post, overrides: Record<string, unknown>) =>
  callAs(who, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, overrides) });

/** A post of `author`'s in `status`, written for them by an admin (a contributor cannot publish one). */
async function postOf(author: TestUser, category: TestCategory, status: 'draft' | 'pending' | 'published', extra = {}): Promise<Post> {
  const admin = await createAdmin();
  return createPost(admin, category, { status, author: author.username, ...extra });
}

describe('contributors', () => {
  it('create a draft or a pending post of their own', async () => {
    const [contributor, category] = await Promise.all([createUser({ role: ROLE_CONTRIBUTOR }), createCategory()]);
    const draft = await createPost(contributor, category, { status: 'draft' });
    const pending = await createPost(contributor, category, { status: 'pending' });
    expect([draft.status, pending.status]).toEqual(['draft', 'pending']);
    expect(pending.author.username).toBe(contributor.username);
  });

  it('may not create a published or scheduled post: 403, nothing created', async () => {
    const [contributor, category] = await Promise.all([createUser({ role: ROLE_CONTRIBUTOR }), createCategory()]);
    for (const extra of [{}, { publishedAt: tomorrow() }]) {
      const res = await callAs(contributor, '/api/posts', { json: postInput(category, { status: 'published', ...extra }) });
      const body = await expectError(res, 403, 'forbidden');
      expect(body.error.message).toMatch(/submit it for review/);
    }
    expect(await postCount('category_id = ?', category.id)).toBe(0);
  });

  it('submit their draft for review, take it back to draft, and edit it while pending', async () => {
    const [contributor, category] = await Promise.all([createUser({ role: ROLE_CONTRIBUTOR }), createCategory()]);
    const draft = await createPost(contributor, category, { status: 'draft' });
    const pending = (await json<{ post: Post }>(await put(contributor, draft, { status: 'pending' }))).post;
    expect(pending.status).toBe('pending');
    const edited = (await json<{ post: Post }>(await put(contributor, pending, { title: 'Better title', status: 'pending' }))).post;
    expect(edited).toMatchObject({ title: 'Better title', status: 'pending' });
    const back = (await json<{ post: Post }>(await put(contributor, edited, { status: 'draft' }))).post;
    expect(back.status).toBe('draft');
  });

  it('may not publish or schedule their draft: 403, the post unchanged', async () => {
    const [contributor, category] = await Promise.all([createUser({ role: ROLE_CONTRIBUTOR }), createCategory()]);
    const draft = await createPost(contributor, category, { status: 'pending' });
    for (const extra of [{}, { publishedAt: tomorrow() }]) {
      await expectError(await put(contributor, draft, { status: 'published', title: 'Sneaked', ...extra }), 403, 'forbidden');
    }
    expect(await postRow(draft.slug)).toMatchObject({ status: 'pending', title: draft.title, version: 1, published_at: null });
  });

  it('may not change, delete or restore their post once published or scheduled: 403, unchanged', async () => {
    const [contributor, category] = await Promise.all([createUser({ role: ROLE_CONTRIBUTOR }), createCategory()]);
    for (const extra of [{}, { publishedAt: tomorrow() }]) {
      const published = await postOf(contributor, category, 'published', extra);
      expect((await callAs(contributor, `/api/posts/${published.slug}`)).status, 'still theirs to read').toBe(200);
      const change = await expectError(await put(contributor, published, { title: 'Changed', status: 'draft' }), 403, 'forbidden');
      expect(change.error.message).toMatch(/published/);
      await expectError(await callAs(contributor, `/api/posts/${published.slug}`, { method: 'DELETE' }), 403, 'forbidden');
      expect(await postRow(published.slug)).toMatchObject({ status: 'published', title: published.title, version: 1 });
    }
  });

  it('may not restore a revision of their post once published: 403, unchanged', async () => {
    const [contributor, admin, category] = await Promise.all([createUser({ role: ROLE_CONTRIBUTOR }), createAdmin(), createCategory()]);
    const draft = await createPost(contributor, category, { status: 'draft' });
    const edited = (await json<{ post: Post }>(await put(contributor, draft, { title: 'Second title' }))).post;
    const published = (await json<{ post: Post }>(await put(admin, edited, { status: 'published' }))).post;
    const { items } = await json<{ items: { id: number }[] }>(await callAs(contributor, `/api/posts/${published.slug}/revisions`));
    const restore = await callAs(contributor, `/api/posts/${published.slug}/revisions/${items[0]!.id}/restore`, { json: { version: published.version } });
    await expectError(restore, 403, 'forbidden');
    expect(await postRow(published.slug)).toMatchObject({ title: 'Second title', version: published.version });
  });

  it('delete their own draft or pending post', async () => {
    const [contributor, category] = await Promise.all([createUser({ role: ROLE_CONTRIBUTOR }), createCategory()]);
    for (const status of ['draft', 'pending'] as const) {
      const post = await createPost(contributor, category, { status });
      expect((await callAs(contributor, `/api/posts/${post.slug}`, { method: 'DELETE' })).status).toBe(204);
      expect(await postRow(post.slug)).toBeNull();
    }
  });

  it("do not see another's draft or pending post (404) and may not change a published one (403)", async () => {
    const [contributor, author, category] = await Promise.all([createUser({ role: ROLE_CONTRIBUTOR }), createUser(), createCategory()]);
    for (const status of ['draft', 'pending'] as const) {
      const hidden = await createPost(author, category, { status });
      await expectError(await callAs(contributor, `/api/posts/${hidden.slug}`), 404, 'not_found');
      await expectError(await put(contributor, hidden, { title: 'Mine now' }), 404, 'not_found');
    }
    const published = await createPost(author, category);
    await expectError(await put(contributor, published, { title: 'Mine now' }), 403, 'forbidden');
    expect(await postRow(published.slug)).toMatchObject({ title: published.title, version: 1 });
  });

  it('may not name another author: 403', async () => {
    const [contributor, author, category] = await Promise.all([createUser({ role: ROLE_CONTRIBUTOR }), createUser(), createCategory()]);
    const res = await callAs(contributor, '/api/posts', { json: postInput(category, { status: 'draft', author: author.username }) });
    await expectError(res, 403, 'forbidden');
    expect(await postCount('category_id = ?', category.id)).toBe(0);
  });
});

describe('editors', () => {
  it("see, change, publish, schedule and delete another author's draft and pending post", async () => {
    const [editor, author, category] = await Promise.all([createUser({ role: ROLE_EDITOR }), createUser({ role: ROLE_CONTRIBUTOR }), createCategory()]);
    for (const status of ['draft', 'pending'] as const) {
      const post = await createPost(author, category, { status });
      expect((await callAs(editor, `/api/posts/${post.slug}`)).status).toBe(200);
      const published = (await json<{ post: Post }>(await put(editor, post, { title: 'Edited by the editor', status: 'published' }))).post;
      expect(published).toMatchObject({ status: 'published', title: 'Edited by the editor' });
      const at = tomorrow();
      const scheduled = (await json<{ post: Post }>(await put(editor, published, { publishedAt: at }))).post;
      expect(scheduled.publishedAt).toBe(at);
      expect((await callAs(editor, `/api/posts/${post.slug}`, { method: 'DELETE' })).status).toBe(204);
      expect(await postRow(post.slug)).toBeNull();
    }
  });

  it('may choose the author of a post', async () => {
    const [editor, author, category] = await Promise.all([createUser({ role: ROLE_EDITOR }), createUser(), createCategory()]);
    const post = await createPost(editor, category, { author: author.username });
    expect(post.author.username).toBe(author.username);
  });

  it("see another author's revisions", async () => {
    const [editor, author, category] = await Promise.all([createUser({ role: ROLE_EDITOR }), createUser(), createCategory()]);
    const post = await createPost(author, category, { status: 'pending' });
    expect((await callAs(editor, `/api/posts/${post.slug}/revisions`)).status).toBe(200);
  });
});

describe('authors and the pending status', () => {
  it('an author publishes as before, and may submit for review too', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    expect((await createPost(author, category)).status).toBe('published');
    expect((await createPost(author, category, { status: 'pending' })).status).toBe('pending');
  });

  it('an unknown status is 422 naming status', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const body = await expectError(await callAs(author, '/api/posts', { json: postInput(category, { status: 'archived' as 'draft' }) }), 422, 'validation_failed');
    expect(body.error.fields?.status).toBe('Status must be draft, pending or published');
  });

  it('a published post sent back to pending leaves the featured list', async () => {
    const [editor, author, category] = await Promise.all([createUser({ role: ROLE_EDITOR }), createUser(), createCategory()]);
    const post = await createPost(author, category);
    await feature(post.slug, 900_000 + Math.floor(Math.random() * 99_999));
    await json(await put(editor, post, { status: 'pending' }));
    expect(await isFeatured(post.slug)).toBe(false);
  });
});
