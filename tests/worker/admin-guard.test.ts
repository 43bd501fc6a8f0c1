// Every route registered under /api/admin — read from the app's own router, so a route added later is
// walked without editing this test — walked as every role (product.md §15): 401 to a visitor (and to a
// disabled admin's old session), 403 to authors and contributors, 403 to an editor exactly in the areas
// only admins may use, and never 401 or 403 to an admin. Every refused call changes nothing in D1.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { callAs, dbSnapshot } from './admin-kit';
import { expectError } from './helpers';
import { createCategory, createPost, createUser, feature, type TestUser } from './factories';
import { ROLE_ADMIN, ROLE_AUTHOR, ROLE_CONTRIBUTOR, ROLE_EDITOR } from '../../contracts/roles';

/** What product.md §15 keeps from editors: users, settings, redirects, import and export. */
const ADMIN_ONLY_AREAS = ['users', 'settings', 'redirects', 'import', 'export', 'mail-failures', 'subscribers', 'subscribers.csv'];
/** Areas whose rule is per item, not per role: a post's author moderates its comments (decision 068; comments-moderation.test.ts). */
const PER_ITEM_AREAS = ['comments'];
/** The admin API area of a path: `/api/admin/<area>/…`. */
const areaOf = (path: string) => path.split('/')[3] ?? '';

const methodsOf = (method: string) => (method === 'ALL' ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] : [method]);
const bodyOf = (method: string) => (method === 'GET' || method === 'HEAD' ? {} : { json: {} });

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

  it('answers 401 to visitors and disabled sessions, 403 to authors, contributors and (in admin-only areas) editors, changing nothing', async () => {
    const [author, contributor, editor, victim, category, emptyCategory] = await Promise.all([
      createUser({ role: ROLE_AUTHOR }),
      createUser({ role: ROLE_CONTRIBUTOR }),
      createUser({ role: ROLE_EDITOR }),
      createUser(),
      createCategory(),
      createCategory(),
    ]);
    const disabledAdmin = await createUser({ role: ROLE_ADMIN });
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
    const refusedEverywhere: [string, TestUser | null, number][] = [
      ['visitor', null, 401],
      ['disabled admin', disabledAdmin, 401],
      ['author', author, 403],
      ['contributor', contributor, 403],
    ];
    let editorRefusals = 0;
    for (const { method, path } of endpoints) {
      const actors = refusedEverywhere.filter(([, who]) => !PER_ITEM_AREAS.includes(areaOf(path)) || who === null || who === disabledAdmin);
      if (ADMIN_ONLY_AREAS.includes(areaOf(path))) actors.push(['editor', editor, 403]);
      for (const m of methodsOf(method)) {
        for (const [label, who, status] of actors) {
          if (label === 'editor') editorRefusals++;
          const res = await callAs(who, fill(path), { method: m, ...bodyOf(m) });
          const body = await expectError(res, status, status === 401 ? 'unauthenticated' : 'forbidden').catch((err: Error) => {
            throw new Error(`${label} ${m} ${path}: ${err.message}`);
          });
          expect(body.error.fields, `${label} ${m} ${path}`).toBeUndefined();
        }
      }
    }
    expect(editorRefusals).toBeGreaterThanOrEqual(8);
    expect(await dbSnapshot()).toEqual(before);
  });

  it('answers 401 to a visitor on an admin path no area has, as on every other', async () => {
    await expectError(await callAs(null, '/api/admin/no-such-area'), 401, 'unauthenticated');
    await expectError(await callAs(null, '/api/admin/no-such-area/x', { method: 'POST', json: {} }), 401, 'unauthenticated');
  });

  it('lets an editor into every area but users, settings, redirects, import, export, failed mail and subscribers, and an admin into all of them', async () => {
    const [editor, admin] = await Promise.all([createUser({ role: ROLE_EDITOR }), createUser({ role: ROLE_ADMIN })]);
    const endpoints = adminEndpoints();
    const editorAreas = new Set(endpoints.map((r) => areaOf(r.path)).filter((area) => !ADMIN_ONLY_AREAS.includes(area)));
    // A floor: what §15 gives editors is in the walk (a new area is walked without editing this test).
    for (const area of ['stats', 'posts', 'authors', 'categories', 'tags', 'featured', 'pages', 'navigation']) expect(editorAreas).toContain(area);
    // Targets that name nothing: an answer that lets the caller in is a 2xx, or a 4xx about the input or the target.
    const fill = (path: string) => path.replace(/:\w+/g, 'no-such-thing');
    for (const { method, path } of endpoints) {
      const actors: [string, TestUser][] = [['admin', admin]];
      if (editorAreas.has(areaOf(path))) actors.push(['editor', editor]);
      for (const m of methodsOf(method)) {
        for (const [label, who] of actors) {
          const res = await callAs(who, fill(path), { method: m, ...bodyOf(m) });
          await res.body?.cancel();
          expect([401, 403], `${label} ${m} ${path}`).not.toContain(res.status);
          expect(res.status, `${label} ${m} ${path}`).toBeLessThan(500);
        }
      }
    }
  });
});
