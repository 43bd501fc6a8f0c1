// Every use of an image counts (decision 067, migration 0024): a standalone page's body and social image, a
// post's social image and the site's logo and icon are "used by" like a post's body and cover, and delete is
// refused (409 naming them) while they use it, whatever path wrote them.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListPage } from '../../contracts/list-page';
import type { MediaUploadResponse } from '../../contracts/media';
import type { MediaItem } from '../../contracts/media-library';
import { ROLE_ADMIN } from '../../contracts/roles';
import { deleteUnusedMedia, findMediaUsages } from '../../worker/queries/media';
import { call, expectError } from './helpers';
import { createCategory, createPost, createUser, json, uid, type TestUser } from './factories';
import { solidPng } from './png-kit';
import { expectIndexed, plansOf } from './query-plan-kit';

async function upload(who: TestUser): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([(await solidPng(3, 2, [9, 8, 7, 255])) as BlobPart], { type: 'image/png' }), 'u.png');
  const res = await call('/api/media', { method: 'POST', body: form, cookie: who.cookie, ip: who.ip });
  return (await json<MediaUploadResponse>(res, 201)).url.slice('/media/'.length);
}

const as = (who: TestUser, path: string, method: string, body?: unknown) =>
  call(path, { method, ...(body === undefined ? {} : { json: body }), cookie: who.cookie, ip: who.ip });
const usedBy = async (who: TestUser, key: string) =>
  (await json<ListPage<MediaItem>>(await as(who, `/api/media?uploader=${who.username}`, 'GET'))).items.find((i) => i.key === key)!.usedBy;
const rowExists = async (key: string) => (await env.DB.prepare('SELECT 1 AS x FROM media WHERE key = ?').bind(key).first()) !== null;

async function expectRefused(who: TestUser, key: string, names: string[]) {
  const body = await expectError(await as(who, `/api/media/${key}`, 'DELETE'), 409, 'conflict');
  for (const name of names) expect(body.error.message).toContain(name);
  expect(await rowExists(key)).toBe(true);
  expect(await env.MEDIA.head(key)).not.toBeNull();
}

describe('standalone pages use images', () => {
  it('a page’s body and social image are listed as page uses, refuse delete, and free the image once gone', async () => {
    const admin = await createUser({ role: ROLE_ADMIN });
    const [inBody, social] = [await upload(admin), await upload(admin)];
    const slug = `about-${uid(6)}`;
    const created = await as(admin, '/api/admin/pages', 'POST', { title: 'About us', slug, body: `![me](/media/${inBody})`, status: 'draft', seo: { image: `/media/${social}` } });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(await usedBy(admin, inBody)).toEqual([{ kind: 'page', slug, title: 'About us' }]);
    expect(await usedBy(admin, social)).toEqual([{ kind: 'page', slug, title: 'About us' }]);
    await expectRefused(admin, inBody, ['page “About us”']);
    await expectRefused(admin, social, ['page “About us”']);

    const page = await json<{ version: number }>(await as(admin, `/api/admin/pages/${slug}`, 'GET'));
    const saved = await as(admin, `/api/admin/pages/${slug}`, 'PUT', { title: 'About us', body: 'No picture', status: 'draft', seo: { image: '' }, version: page.version });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await usedBy(admin, inBody)).toEqual([]);
    expect((await as(admin, `/api/media/${inBody}`, 'DELETE')).status).toBe(204);

    await as(admin, `/api/admin/pages/${slug}`, 'PUT', { title: 'About us', body: 'No picture', status: 'draft', seo: { image: `/media/${social}` }, version: page.version + 1 });
    expect(await usedBy(admin, social)).toHaveLength(1);
    expect((await as(admin, `/api/admin/pages/${slug}`, 'DELETE')).status).toBe(204);
    expect(await usedBy(admin, social)).toEqual([]);
  });
});

describe('a post’s social image is a use', () => {
  it('lists the post and refuses delete; posts come before pages, each by title', async () => {
    const [author, category, admin] = await Promise.all([createUser(), createCategory(), createUser({ role: ROLE_ADMIN })]);
    const key = await upload(author);
    const post = await createPost(author, category, { title: 'Zebra post', seo: { image: `/media/${key}` } });
    const slug = `p-${uid(6)}`;
    await as(admin, '/api/admin/pages', 'POST', { title: 'Aardvark page', slug, body: `/media/${key}`, status: 'draft' });
    expect(await usedBy(author, key)).toEqual([
      { kind: 'post', slug: post.slug, title: 'Zebra post' },
      { kind: 'page', slug, title: 'Aardvark page' },
    ]);
    await expectRefused(author, key, ['post “Zebra post”', 'page “Aardvark page”']);
  });
});

describe('the site logo and icon use images', () => {
  let admin: TestUser | undefined;
  afterEach(async () => {
    if (admin) await as(admin, '/api/admin/settings', 'PATCH', { logo: null, icon: null });
  });

  it('are listed as settings uses (“Site logo”, “Site icon”), refuse delete, and free the image once cleared', async () => {
    admin = await createUser({ role: ROLE_ADMIN });
    const [logo, icon] = [await upload(admin), await upload(admin)];
    const patched = await as(admin, '/api/admin/settings', 'PATCH', { logo: `/media/${logo}`, icon: `/media/${icon}` });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect(await usedBy(admin, logo)).toEqual([{ kind: 'settings', slug: '', title: 'Site logo' }]);
    expect(await usedBy(admin, icon)).toEqual([{ kind: 'settings', slug: '', title: 'Site icon' }]);
    await expectRefused(admin, logo, ['the site logo']);
    const body = await expectError(await as(admin, `/api/media/${icon}`, 'DELETE'), 409, 'conflict');
    expect(body.error.fields?.usedBy).toBe('Site icon');

    await as(admin, '/api/admin/settings', 'PATCH', { logo: null });
    expect(await usedBy(admin, logo)).toEqual([]);
    expect(await usedBy(admin, icon)).toHaveLength(1);
    expect((await as(admin, `/api/media/${logo}`, 'DELETE')).status).toBe(204);
  });

  it('a write outside the API (SQL) is counted too: the triggers keep media_uses', async () => {
    admin = await createUser({ role: ROLE_ADMIN });
    const key = await upload(admin);
    await env.DB.prepare('UPDATE settings SET icon = ? WHERE id = 1').bind(key).run();
    expect(await usedBy(admin, key)).toEqual([{ kind: 'settings', slug: '', title: 'Site icon' }]);
  });
});

describe('EXPLAIN QUERY PLAN of used-by and delete', () => {
  it('finds uses and refuses a used image’s delete through indexes, no scan', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const key = await upload(author);
    await createPost(author, category, { seo: { image: `/media/${key}` } });
    for (const run of [(db: Parameters<typeof findMediaUsages>[0]) => findMediaUsages(db, [key, `${'0'.repeat(32)}.png`]), (db: Parameters<typeof deleteUnusedMedia>[0]) => deleteUnusedMedia(db, key)]) {
      const plans = await plansOf(run);
      expectIndexed(plans, {});
      for (const { plan } of plans) expect(plan.join('\n')).not.toMatch(/SCAN|TEMP B-TREE/);
    }
    expect(await rowExists(key)).toBe(true);
  });
});
