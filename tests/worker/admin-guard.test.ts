// Every route registered under /api/admin — read from the app's own router, so a route added later is
// walked without editing this test — answers 401 to a visitor and 403 to an author (and 401 to a
// disabled admin's old session), and changes nothing in D1.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { callAs, dbSnapshot } from './admin-kit';
import { expectError } from './helpers';
import { createCategory, createPost, createUser, feature, type TestUser } from './factories';

interface RouteRef {
  method: string;
  path: string;
}

/** The method + path of every admin endpoint; middleware (`use`, an ALL on a wildcard) is not an endpoint. */
function adminEndpoints(): RouteRef[] {
  const seen = new Map<string, RouteRef>();
  for (const { method, path } of createApp().routes) {
    if (path !== '/api/admin' && !path.startsWith('/api/admin/')) continue;
    if (method === 'ALL' && path.endsWith('*')) continue;
    seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}

describe('the admin API guard', () => {
  it('finds the admin endpoints in the router', () => {
    const names = adminEndpoints().map((r) => `${r.method} ${r.path}`);
    // A floor, not the list: the walk below covers whatever the router holds.
    for (const expected of [
      'GET /api/admin/stats',
      'GET /api/admin/posts',
      'PATCH /api/admin/posts/:slug',
      'DELETE /api/admin/categories/:slug',
      'PUT /api/admin/featured',
      'PATCH /api/admin/users/:username',
      'GET /api/admin/tags',
      'GET /api/admin/tags/:slug',
      'PATCH /api/admin/tags/:slug',
      'DELETE /api/admin/tags/:slug',
      'POST /api/admin/tags/:slug/merge',
      'GET /api/admin/redirects',
      'POST /api/admin/redirects',
      'DELETE /api/admin/redirects/:id',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('answers 401 to visitors and disabled sessions and 403 to authors on every admin route, changing nothing', async () => {
    const [author, victim, category, emptyCategory] = await Promise.all([createUser(), createUser(), createCategory(), createCategory()]);
    const disabledAdmin = await createUser({ role: 0 });
    const post = await createPost(victim, category, { tags: [`guarded ${crypto.randomUUID().slice(0, 8)}`] });
    await feature(post.slug, 1);
    await env.DB.prepare('UPDATE users SET disabled_at = ? WHERE id = ?').bind(Date.now(), disabledAdmin.id).run();
    const redirect = await env.DB.prepare("INSERT INTO redirects (from_path, to_path, status, source) VALUES (?, '/', 301, 'manual') RETURNING id")
      .bind(`/guarded-${crypto.randomUUID()}`)
      .first<{ id: number }>();

    // Real targets where the router's parameter names one, so an unguarded route would really change something.
    const realValue = (resource: string | undefined, name: string): string => {
      if (resource === 'posts' && name === 'slug') return post.slug;
      if (resource === 'categories' && name === 'slug') return emptyCategory.slug;
      if (resource === 'users' && name === 'username') return victim.username;
      if (resource === 'tags' && name === 'slug') return post.tags[0]!.slug;
      if (resource === 'redirects' && name === 'id') return String(redirect!.id);
      return 'dummy-value';
    };
    const fill = (path: string) => {
      const parts = path.split('/');
      return parts
        .map((part, i) => {
          const m = /^:(\w+)/.exec(part);
          return m ? encodeURIComponent(realValue(parts[i - 1], m[1]!)) : part;
        })
        .join('/');
    };

    const endpoints = adminEndpoints();
    expect(endpoints.length).toBeGreaterThanOrEqual(18);
    const before = await dbSnapshot();
    const actors: [string, TestUser | null, number][] = [
      ['visitor', null, 401],
      ['disabled admin', disabledAdmin, 401],
      ['author', author, 403],
    ];
    for (const { method, path } of endpoints) {
      const methods = method === 'ALL' ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] : [method];
      for (const m of methods) {
        for (const [label, who, status] of actors) {
          const res = await callAs(who, fill(path), { method: m, ...(m === 'GET' || m === 'HEAD' ? {} : { json: {} }) });
          const body = await expectError(res, status, status === 401 ? 'unauthenticated' : 'forbidden').catch((err: Error) => {
            throw new Error(`${label} ${m} ${path}: ${err.message}`);
          });
          expect(body.error.fields, `${label} ${m} ${path}`).toBeUndefined();
        }
      }
    }
    expect(await dbSnapshot()).toEqual(before);
  });
});
