// The media library API (decisions 063, 067): who sees which images, alt text, "used by" from media_uses (kept by
// triggers on posts, pages and settings), deleting only images nothing uses, and the index lookups behind it.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { MediaItem } from '../../contracts/media-library';
import type { ListPage } from '../../contracts/list-page';
import type { MediaUploadResponse } from '../../contracts/media';
import { ROLE_ADMIN, ROLE_AUTHOR, ROLE_CONTRIBUTOR, ROLE_EDITOR } from '../../contracts/roles';
import { findMediaUsages, listMedia } from '../../worker/queries/media';
import { call, expectError } from './helpers';
import { createCategory, createPost, createUser, json, updateOf, type TestUser } from './factories';
import { solidPng } from './png-kit';
import { expectIndexed, plansOf } from './query-plan-kit';

async function upload(who: TestUser): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([(await solidPng(3, 2, [1, 2, 3, 255])) as BlobPart], { type: 'image/png' }), 'p.png');
  const res = await call('/api/media', { method: 'POST', body: form, cookie: who.cookie, ip: who.ip });
  return (await json<MediaUploadResponse>(res, 201)).url.slice('/media/'.length);
}

const list = async (who: TestUser, query = '') => json<ListPage<MediaItem>>(await call(`/api/media${query}`, { cookie: who.cookie, ip: who.ip }));
const keysOf = (page: ListPage<MediaItem>) => page.items.map((i) => i.key);
const patchAlt = (who: TestUser, key: string, alt: unknown) => call(`/api/media/${key}`, { method: 'PATCH', json: { alt }, cookie: who.cookie, ip: who.ip });
const remove = (who: TestUser, key: string) => call(`/api/media/${key}`, { method: 'DELETE', cookie: who.cookie, ip: who.ip });
const rowExists = async (key: string) => (await env.DB.prepare('SELECT 1 AS x FROM media WHERE key = ?').bind(key).first()) !== null;

describe('GET /api/media', () => {
  it('needs a session', async () => {
    await expectError(await call('/api/media'), 401, 'unauthenticated');
  });

  it('shows authors and contributors only their own images, whatever uploader they ask for', async () => {
    const [author, contributor, other] = await Promise.all([createUser({ role: ROLE_AUTHOR }), createUser({ role: ROLE_CONTRIBUTOR }), createUser()]);
    const [mine, theirs, contributed] = await Promise.all([upload(author), upload(other), upload(contributor)]);
    const page = await list(author, `?uploader=${other.username}`);
    expect(keysOf(page)).toEqual([mine]);
    expect(page.total).toBe(1);
    expect(keysOf(await list(contributor))).toEqual([contributed]);
    expect(keysOf(await list(other))).toEqual([theirs]);
  });

  it('shows editors and admins everyone’s images, filtered by uploader, with size, uploader and used-by', async () => {
    const [editor, admin, author, category] = await Promise.all([createUser({ role: ROLE_EDITOR }), createUser({ role: ROLE_ADMIN }), createUser(), createCategory()]);
    const [cover, inBody] = [await upload(author), await upload(author)];
    const post = await createPost(author, category, { coverImage: `/media/${cover}`, body: `Look: ![a dog](/media/${inBody}) and again /media/${inBody}` });
    const page = await list(editor, `?uploader=${author.username}`);
    expect(keysOf(page)).toEqual([inBody, cover]);
    expect(page.items[1]).toMatchObject({
      key: cover,
      url: `/media/${cover}`,
      contentType: 'image/png',
      width: 3,
      height: 2,
      alt: '',
      uploader: { username: author.username },
      usedBy: [{ kind: 'post', slug: post.slug, title: post.title }],
    });
    expect(page.items[0]!.usedBy).toEqual([{ kind: 'post', slug: post.slug, title: post.title }]);
    expect(keysOf(await list(admin, `?uploader=${author.username}`))).toEqual([inBody, cover]);
    expect((await list(admin, '?uploader=nobody-by-this-name')).total).toBe(0);
    expect((await list(admin)).total).toBeGreaterThanOrEqual(2);
  });

  it('measures rows stored without dimensions on listing (mediaDimensions) and keeps them', async () => {
    const author = await createUser();
    const key = await upload(author);
    await env.DB.prepare('UPDATE media SET width = NULL, height = NULL WHERE key = ?').bind(key).run();
    expect((await list(author)).items[0]).toMatchObject({ key, width: 3, height: 2 });
    expect(await env.DB.prepare('SELECT width, height FROM media WHERE key = ?').bind(key).first()).toEqual({ width: 3, height: 2 });
  });

  it('refuses a bad page with the error shape', async () => {
    const author = await createUser();
    await expectError(await call('/api/media?page=0', { cookie: author.cookie }), 400, 'bad_request');
  });
});

describe('the /admin/media page', () => {
  it('renders everyone’s images for an editor, before hydration; an author may not open it', async () => {
    const [editor, author] = await Promise.all([createUser({ role: ROLE_EDITOR }), createUser({ role: ROLE_AUTHOR })]);
    const key = await upload(author);
    const res = await call(`/admin/media?uploader=${author.username}`, { cookie: editor.cookie, ip: editor.ip });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`/media/${key}`);
    expect((await call('/admin/media', { cookie: author.cookie, ip: author.ip })).status).not.toBe(200);
  });
});

describe('used-by follows post writes (media_uses triggers)', () => {
  it('adds, changes and drops a post’s images as its body and cover change or it is deleted', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const [a, b] = [await upload(author), await upload(author)];
    const post = await createPost(author, category, { body: `![](/media/${a})` });
    const usedBy = async (key: string) => (await list(author)).items.find((i) => i.key === key)!.usedBy.map((u) => u.slug);
    expect(await usedBy(a)).toEqual([post.slug]);
    const res = await call(`/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { body: 'No images now', coverImage: `/media/${b}` }), cookie: author.cookie, ip: author.ip });
    expect(res.status, await res.text()).toBe(200);
    expect(await usedBy(a)).toEqual([]);
    expect(await usedBy(b)).toEqual([post.slug]);
    expect((await call(`/api/posts/${post.slug}`, { method: 'DELETE', cookie: author.cookie, ip: author.ip })).status).toBe(204);
    expect(await usedBy(b)).toEqual([]);
  });
});

describe('PATCH /api/media/:key', () => {
  it('sets the alt text of one’s own image', async () => {
    const author = await createUser();
    const key = await upload(author);
    expect(await json<MediaItem>(await patchAlt(author, key, '  A red square  '))).toMatchObject({ key, alt: 'A red square' });
    expect((await list(author)).items[0]!.alt).toBe('A red square');
  });

  it('lets an editor change anyone’s; another author gets 404 and nothing changes', async () => {
    const [author, other, editor] = await Promise.all([createUser(), createUser({ role: ROLE_AUTHOR }), createUser({ role: ROLE_EDITOR })]);
    const key = await upload(author);
    await expectError(await patchAlt(other, key, 'Hijacked'), 404, 'not_found');
    expect((await json<MediaItem>(await patchAlt(editor, key, 'By the editor'))).alt).toBe('By the editor');
  });

  it('refuses too long alt text, a malformed key and a missing session, changing nothing', async () => {
    const author = await createUser();
    const key = await upload(author);
    await expectError(await patchAlt(author, key, 'x'.repeat(1000)), 422, 'validation_failed');
    await expectError(await patchAlt(author, 'not-a-key', 'x'), 400, 'bad_request');
    await expectError(await patchAlt(author, `${'0'.repeat(32)}.png`, 'x'), 404, 'not_found');
    await expectError(await call(`/api/media/${key}`, { method: 'PATCH', json: { alt: 'x' } }), 401, 'unauthenticated');
    expect((await list(author)).items[0]!.alt).toBe('');
  });
});

describe('DELETE /api/media/:key', () => {
  it('deletes an unused image: its row and its object', async () => {
    const author = await createUser();
    const key = await upload(author);
    expect((await remove(author, key)).status).toBe(204);
    expect(await rowExists(key)).toBe(false);
    expect(await env.MEDIA.head(key)).toBeNull();
    expect((await call(`/media/${key}`)).status).toBe(404);
  });

  it('refuses with 409 naming the posts that use it as cover or in the body; nothing is deleted', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const key = await upload(author);
    const post = await createPost(author, category, { coverImage: `/media/${key}` });
    const body = await expectError(await remove(author, key), 409, 'conflict');
    expect(body.error.message).toContain(post.title);
    expect(body.error.fields?.usedBy).toBe(post.slug);
    expect(await rowExists(key)).toBe(true);
    expect(await env.MEDIA.head(key)).not.toBeNull();
  });

  it('lets only the uploader, editors and admins delete', async () => {
    const [author, other, admin] = await Promise.all([createUser(), createUser({ role: ROLE_CONTRIBUTOR }), createUser({ role: ROLE_ADMIN })]);
    const key = await upload(author);
    await expectError(await remove(other, key), 404, 'not_found');
    expect(await rowExists(key)).toBe(true);
    expect((await remove(admin, key)).status).toBe(204);
    await expectError(await remove(admin, key), 404, 'not_found');
  });
});

describe('EXPLAIN QUERY PLAN of the library', () => {
  it('lists, filters and finds used-by through indexes', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const key = await upload(author);
    await createPost(author, category, { coverImage: `/media/${key}` });
    type Db = Parameters<typeof listMedia>[0];
    // Everyone's images walk the table's own key (id) newest first and stop after the page: no sort.
    const cases: [(db: Db) => Promise<unknown>, { scanAllowed?: string }][] = [
      [(db) => listMedia(db, { page: 2, pageSize: 25 }), { scanAllowed: 'media' }],
      [(db) => listMedia(db, { page: 1, pageSize: 25, ownerId: author.id }), {}],
      [(db) => findMediaUsages(db, [key, `${'0'.repeat(32)}.png`]), {}],
    ];
    for (const [run, opts] of cases) {
      const plans = await plansOf(run);
      expectIndexed(plans, opts);
      for (const { plan } of plans) expect(plan.join('\n')).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
      for (const { plan } of plans) expect(plan.join('\n')).not.toMatch(/SCAN (media_uses|posts|pages)\b/);
    }
  });
});
