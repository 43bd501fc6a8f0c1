// Nothing that depends on a session is ever stored in or served from the edge cache.
import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../worker/env';
import { edgeCache } from '../../worker/middleware/edge-cache';
import { withDb } from '../../worker/middleware/with-db';
import { callAs } from './admin-kit';
import { call, SECURE_COOKIE } from './helpers';
import { createAdmin, createCategory, createPost, createUser } from './factories';

const cacheOf = (res: Response) => res.headers.get('x-cache');

describe('signed-in users and session cookies bypass the edge cache', () => {
  it('a signed-in user never receives the cached copy of a page, and their page is never stored', async () => {
    const [author, reader, category] = await Promise.all([createUser(), createUser(), createCategory()]);
    const post = await createPost(author, category);
    const path = `/details/${post.slug}`;

    // The reader reads first: nothing is stored, so the visitor after them still misses.
    const signedIn = await callAs(reader, path);
    expect(signedIn.status).toBe(200);
    expect(cacheOf(signedIn)).toBe('BYPASS');
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(signedIn.headers.get('etag')).toBeNull();
    expect(await signedIn.text()).toContain(reader.username);
    expect(cacheOf(await call(path))).toBe('MISS');
    const cached = await call(path);
    expect(cacheOf(cached)).toBe('HIT');
    expect(await cached.text()).not.toContain(reader.username);

    // With a cached copy present, the signed-in user still gets their own page.
    for (const who of [reader, author]) {
      const again = await callAs(who, path);
      expect(cacheOf(again)).toBe('BYPASS');
      expect(await again.text()).toContain(who.username);
    }
    for (const apiPath of [`/api/posts/${post.slug}`, '/api/posts', '/api/categories']) {
      await call(apiPath);
      expect(cacheOf(await call(apiPath)), apiPath).toBe('HIT');
      expect(cacheOf(await callAs(reader, apiPath)), apiPath).toBe('BYPASS');
    }
  });

  it('a session cookie of any value (garbage, empty, ended) bypasses, and nothing it gets is stored', async () => {
    const [author, category, ended] = await Promise.all([createUser(), createCategory(), createUser()]);
    const post = await createPost(author, category);
    const path = `/details/${post.slug}`;
    await env.DB.prepare('DELETE FROM sessions WHERE user_id = ?').bind(ended.id).run();
    const clearing = await call(path, { cookie: ended.cookie });
    expect(cacheOf(clearing)).toBe('BYPASS');
    expect(clearing.headers.getSetCookie().join()).toContain(`${SECURE_COOKIE}=;`);
    for (const cookie of [`${SECURE_COOKIE}=garbage`, `${SECURE_COOKIE}=`, 'byline_session=x', `other=1; ${SECURE_COOKIE}=x.y`]) {
      expect(cacheOf(await call(path, { cookie })), cookie).toBe('BYPASS');
    }
    expect(cacheOf(await call(path))).toBe('MISS');
    // A cookie that is not the session's does not make a request private.
    expect(cacheOf(await call(path, { cookie: 'theme=dark' }))).toBe('HIT');
  });

  it('/api/verify, account, admin and private pages are never cached, for visitors and users alike', async () => {
    const admin = await createAdmin();
    const paths = [
      '/api/verify',
      '/api/profile',
      '/api/auth/login',
      '/api/admin/stats',
      '/api/admin/posts',
      '/api/admin/users',
      '/api/posts/preview',
      '/profile',
      '/profile/edit',
      '/create-post',
      '/admin/dashboard',
      '/login',
      '/register',
      '/details/anything/edit',
    ];
    for (const path of paths) {
      for (const who of [null, admin]) {
        await callAs(who, path);
        const second = await callAs(who, path);
        expect(cacheOf(second), `${path} as ${who ? 'admin' : 'visitor'}`).toBe('BYPASS');
        expect(second.headers.get('etag'), path).toBeNull();
      }
    }
  });

  it('unsafe methods are never answered from the cache', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    await call('/api/posts');
    expect(cacheOf(await call('/api/posts'))).toBe('HIT');
    const posted = await callAs(author, '/api/posts', { json: { title: 'x', body: 'y', category: category.slug, status: 'draft' } });
    expect(posted.status).toBe(201);
    expect(cacheOf(posted)).toBeNull();
  });
});

describe('what the middleware stores', () => {
  // The real edge-cache middleware in front of handlers that answer what no public route answers today.
  const app = new Hono<AppEnv>()
    .use(withDb)
    .use(edgeCache)
    .get('/api/featured', (c) => {
      if (c.req.query('cookie')) setCookie(c, 'hint', '1');
      if (c.req.query('private')) c.header('Cache-Control', 'private, max-age=60');
      if (c.req.query('nostore')) c.header('Cache-Control', 'no-store');
      if (c.req.query('status')) return c.json({ served: crypto.randomUUID() }, Number(c.req.query('status')) as 200);
      return c.json({ served: crypto.randomUUID() });
    });
  const get = (query: string) => app.request(`https://byline.test/api/featured?${query}`, {}, env);

  it('an answer that sets a cookie is never stored', async () => {
    const query = `cookie=1&n=${crypto.randomUUID()}`;
    const first = await get(query);
    expect(first.headers.getSetCookie().length).toBe(1);
    const second = await get(query);
    expect(cacheOf(second)).toBe('MISS');
    expect(await second.json()).not.toEqual(await first.json());
  });

  it('an answer marked private or no-store, or with another status than 200/301/302/404, is never stored', async () => {
    for (const kind of ['private=1', 'nostore=1', 'status=500', 'status=403']) {
      const query = `${kind}&n=${crypto.randomUUID()}`;
      await get(query);
      expect(cacheOf(await get(query)), kind).toBe('MISS');
    }
  });

  it('a plain public answer is stored (the control)', async () => {
    const query = `n=${crypto.randomUUID()}`;
    const first = await get(query);
    const second = await get(query);
    expect(cacheOf(second)).toBe('HIT');
    expect(await second.json()).toEqual(await first.json());
  });
});
