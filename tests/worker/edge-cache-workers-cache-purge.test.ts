// What each write purges from Workers Cache (ctx.cache present; decision 057): exactly the tags it touched,
// before its answer is sent; nothing when visitors see no change (a draft, a sign-in, a refused write); the
// site-wide tag when a write changed what visitors see and named nothing narrower.
import { describe, expect, it } from 'vitest';
import { newAccount } from './helpers';
import { createCategory, createUser, postInput, type TestUser } from './factories';
import { callWorker, recordingCache, type RecordingCache } from './workers-cache-kit';

interface Written {
  status: number;
  body: { post?: { slug: string; version: number }; slug?: string; version?: number };
}

async function write(cache: RecordingCache, who: TestUser, path: string, method: string, json: unknown): Promise<Written> {
  const res = await callWorker(path, { method, json, cookie: who.cookie, ip: who.ip, cache });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Written['body']) : {} };
}

const sorted = (purges: string[][]): string[][] => purges.map((tags) => [...tags].sort());

describe('tag purges after writes (production path)', () => {
  it('publishing a post purges its address and every list of posts, and has done so when the answer arrives', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    let purgeFinished = false;
    const cache = recordingCache();
    const record = cache.purge.bind(cache);
    cache.purge = async (options) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      const result = await record(options);
      purgeFinished = true;
      return result;
    };
    const created = await write(cache, author, '/api/posts', 'POST', postInput(category));
    expect(created.status).toBe(201);
    expect(purgeFinished).toBe(true);
    expect(sorted(cache.purges)).toEqual([[`post:${created.body.post!.slug}`, 'posts']]);
  });

  it("a draft's saves purge nothing; publishing it purges its address and the lists", async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const cache = recordingCache();
    const draft = await write(cache, author, '/api/posts', 'POST', postInput(category, { status: 'draft' }));
    expect(draft.status).toBe(201);
    const { slug, version } = draft.body.post!;
    const saved = await write(cache, author, `/api/posts/${slug}`, 'PUT', { ...postInput(category, { status: 'draft', title: 'Still a draft' }), version });
    expect(saved.status).toBe(200);
    expect(cache.purges).toEqual([]);

    const published = await write(cache, author, `/api/posts/${slug}`, 'PUT', { ...postInput(category), version: saved.body.post!.version });
    expect(published.status).toBe(200);
    expect(sorted(cache.purges)).toEqual([[`post:${slug}`, 'posts']]);
  });

  it('a slug change purges the old and the new address; a delete purges its address; both purge the lists', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const created = await write(recordingCache(), author, '/api/posts', 'POST', postInput(category));
    const { slug, version } = created.body.post!;
    const renamedCache = recordingCache();
    const renamed = await write(renamedCache, author, `/api/posts/${slug}`, 'PUT', { ...postInput(category), slug: `${slug}-new`, version });
    expect(renamed.status).toBe(200);
    expect(sorted(renamedCache.purges)).toEqual([[`post:${slug}`, `post:${slug}-new`, 'posts']]);

    const deletedCache = recordingCache();
    const deleted = await callWorker(`/api/posts/${slug}-new`, { method: 'DELETE', cookie: author.cookie, ip: author.ip, cache: deletedCache });
    expect(deleted.status).toBe(204);
    expect(sorted(deletedCache.purges)).toEqual([[`post:${slug}-new`, 'posts']]);
  });

  it('a published page purges its address and the sitemap of pages; a draft page nothing', async () => {
    const admin = await createUser({ role: 0 });
    const cache = recordingCache();
    const draft = await write(cache, admin, '/api/admin/pages', 'POST', { title: 'Draft page', body: 'Not yet', status: 'draft' });
    expect(draft.status).toBe(201);
    expect(cache.purges).toEqual([]);
    const slug = `colophon-${crypto.randomUUID().slice(0, 8)}`;
    const page = await write(cache, admin, '/api/admin/pages', 'POST', { title: 'Colophon', slug, body: 'Set in type', status: 'published' });
    expect(page.status).toBe(201);
    expect(sorted(cache.purges)).toEqual([[`page:${slug}`, 'pages']]);
  });

  it('settings and category writes, which show across the site, purge the site-wide tag', async () => {
    const admin = await createUser({ role: 0 });
    const settingsCache = recordingCache();
    const settings = await write(settingsCache, admin, '/api/admin/settings', 'PATCH', { tagline: `Tagline ${crypto.randomUUID()}` });
    expect(settings.status).toBe(200);
    expect(settingsCache.purges).toEqual([['site']]);

    const category = await createCategory();
    const categoryCache = recordingCache();
    const renamed = await write(categoryCache, admin, `/api/admin/categories/${category.slug}`, 'PUT', { name: 'Renamed topic', slug: category.slug });
    expect(renamed.status).toBe(200);
    expect(categoryCache.purges).toEqual([['site']]);
  });

  it("a registration purges the new author's address only; a refused write and a sign-in purge nothing", async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const refusedCache = recordingCache();
    const refused = await write(refusedCache, author, '/api/posts', 'POST', { ...postInput(category), title: '' });
    expect(refused.status).toBe(422);
    expect(refusedCache.purges).toEqual([]);
    const account = newAccount();
    const registeredCache = recordingCache();
    const registered = await callWorker('/api/auth/register', { json: account, cache: registeredCache });
    expect(registered.status).toBe(201);
    expect(registeredCache.purges).toEqual([[`author:${account.username}`]]);
    const signInCache = recordingCache();
    const signedIn = await callWorker('/api/auth/login', { json: { login: account.username, password: account.password }, cache: signInCache });
    expect(signedIn.status).toBe(200);
    expect(signInCache.purges).toEqual([]);
  });
});
