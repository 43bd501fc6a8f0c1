// The one route table (contracts/routes.ts) and what is derived from it: the React route objects, the links,
// and the rules a table must keep (a guarded page is never cached, a public page always is).
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { bestMatch, buildPath, matchScore } from '../../contracts/route-pattern';
import {
  cacheClassOf,
  DOCUMENT_ROUTES,
  matchNamedRoute,
  PAGE_ROUTES,
  pathTo,
  routeTableProblems,
  type PageRoute,
} from '../../contracts/routes';
import { createRoutes } from '../../web/app/routes';
import { isAdminPath, paths } from '../../web/lib/paths';

const neverCalled = () => {
  throw new Error('no loader runs in this test');
};

interface Leaf {
  id: string;
  pattern: string;
  /** The ids of the route objects it sits in, outermost first. */
  within: string[];
}

/** Every leaf of the React route tree with its full pattern (an index route takes its parent's). */
function leavesOf(routes: RouteObject[], base = '', within: string[] = []): Leaf[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? base : `${base}/${route.path}`;
    const inside = route.id ? [...within, route.id] : within;
    if (route.children) return leavesOf(route.children, path, inside);
    return [{ id: route.id ?? '(no id)', pattern: path === '' ? '/' : path, within }];
  });
}

// Where web's route tree puts each layout and guard (web/app/routes.tsx).
const LAYOUT_NODE = { default: 'default-layout', none: 'no-layout', admin: 'admin-layout' } as const;
const GUARD_NODE = { none: null, 'signed-in': 'auth-guard', 'signed-out': 'no-layout', capability: 'admin-layout' } as const;

/** An address of `pattern` with sample values: every `:param` and a `*` filled in. */
const sampleOf = (pattern: string): string => buildPath(pattern.replace('*', 'anything/else'), new Proxy({}, { get: () => 'sample-1' }));

describe('the route table', () => {
  it('has no problems: ids are unique, guarded pages private, public pages cached, redirects and feeds name routes', () => {
    expect(routeTableProblems(PAGE_ROUTES, DOCUMENT_ROUTES)).toEqual([]);
  });

  it('a table that caches a guarded page, or leaves a public page uncached, fails (in types and in this check)', () => {
    // @ts-expect-error a guarded page is never public: the types refuse it before any test runs
    const cachedProfile: PageRoute = { id: 'profile', pattern: '/profile', layout: 'default', guard: 'signed-in', cache: 'public', kind: 'page' };
    expect(routeTableProblems([cachedProfile])).toEqual(['profile: a guarded page must be private, not public']);
    const uncachedAbout: PageRoute = { id: 'about', pattern: '/about', layout: 'default', guard: 'none', cache: 'uncached', kind: 'page' };
    expect(routeTableProblems([uncachedAbout])).toEqual(['about: a public page must be cached']);
    expect(routeTableProblems([uncachedAbout, { ...uncachedAbout, cache: 'public' }])).toContain('about: the id is used twice');
  });

  it('a capability page names a capability of the permission table, and no other page names one', () => {
    const admin = { id: 'admin-x', pattern: '/admin/x', layout: 'admin', guard: 'capability', cache: 'private', kind: 'page' } as const;
    expect(routeTableProblems([{ ...admin, capability: 'users.manage' }])).toEqual([]);
    expect(routeTableProblems([{ ...admin, capability: 'users.rule' }])).toEqual(['admin-x: needs no capability of the permission table (users.rule)']);
    expect(routeTableProblems([{ ...admin, capability: undefined }])).toEqual(['admin-x: needs no capability of the permission table (undefined)']);
    const profile = { id: 'profile', pattern: '/profile', layout: 'default', guard: 'signed-in', cache: 'private', kind: 'page', capability: 'users.manage' } as const;
    expect(routeTableProblems([profile])).toEqual(['profile: names a capability its signed-in guard does not ask']);
  });

  it('every admin page needs the capability of the screen it is (product.md §15: editors not in users, settings, redirects, import, export)', () => {
    const needs = Object.fromEntries(PAGE_ROUTES.filter((r) => r.layout === 'admin').map((r) => [r.id, r.capability]));
    expect(needs).toMatchObject({
      admin: 'admin.dashboard',
      'admin-dashboard': 'admin.dashboard',
      'admin-posts': 'posts.editAny',
      'admin-post': 'posts.editAny',
      'admin-pages': 'pages.manage',
      'admin-categories': 'categories.manage',
      'admin-tags': 'tags.manage',
      'admin-featured': 'featured.manage',
      'admin-navigation': 'navigation.manage',
      'admin-users': 'users.manage',
      'admin-user': 'users.manage',
      'admin-settings': 'settings.manage',
      'admin-redirects': 'redirects.manage',
      'admin-mail': 'mail.failures',
      'admin-media': 'media.manage',
      'admin-import': 'importExport',
      'admin-export': 'importExport',
    });
  });

  it('every public page, feed and sitemap is cacheable; every guarded, account, admin or editor page is not', () => {
    for (const route of PAGE_ROUTES) {
      const path = sampleOf(route.pattern);
      const page: PageRoute = route;
      const publicPage = page.guard === 'none' && page.kind === 'page';
      if (publicPage) expect(cacheClassOf(path), path).toBe('public');
      if (page.guard !== 'none') expect(cacheClassOf(path), path).toBe('private');
    }
    for (const route of DOCUMENT_ROUTES) expect(cacheClassOf(sampleOf(route.pattern)), route.pattern).toBe('public');
    for (const path of ['/details/a/edit', '/create-post', '/profile', '/profile/edit', '/admin', '/admin/dashboard', '/admin/post/a', '/login']) {
      expect(cacheClassOf(path), path).toBe('private');
    }
    for (const path of ['/any/thing', '/category/a/b', '/category/a/', '/api/posts/preview', '/api/posts/a/revisions', '/api/media']) {
      expect(cacheClassOf(path), path).toBe('uncached');
    }
  });

  it('matches a fixed segment before a param and either before a splat, as React Router ranks them', () => {
    expect(matchNamedRoute('/admin/category/create')?.id).toBe('admin-create-category');
    expect(matchNamedRoute('/admin/category/news')?.id).toBe('admin-category');
    expect(matchNamedRoute('/admin')?.id).toBe('admin');
    expect(matchNamedRoute('/admin/nothing/here')?.id).toBe('admin-unknown');
    expect(matchNamedRoute('/')?.id).toBe('home');
    expect(matchNamedRoute('/category/news/rss.xml')?.id).toBe('category-feed');
    expect(matchNamedRoute('/category/news/')?.id).toBe('unknown');
    expect(matchScore('/category/:slug', '/category/')).toBeNull();
    expect(bestMatch([{ pattern: '/a/:x' }, { pattern: '/a/b' }], '/a/b')).toEqual({ pattern: '/a/b' });
  });

  it('builds addresses with each param encoded as one segment', () => {
    expect(pathTo('post', { slug: 'a b/c' })).toBe('/details/a%20b%2Fc');
    expect(pathTo('home')).toBe('/');
    expect(pathTo('tag-feed', { slug: 'css' })).toBe('/tag/css/rss.xml');
  });
});

describe('the React routes derived from the table', () => {
  const leaves = leavesOf(createRoutes(neverCalled));

  it('every table page has one React route at its pattern, and every React route is a table page', () => {
    expect(leaves.map((l) => [l.id, l.pattern]).sort()).toEqual(PAGE_ROUTES.map((r) => [r.id, r.pattern]).sort());
  });

  it('each sits in its layout and behind its guard', () => {
    for (const route of PAGE_ROUTES) {
      const leaf = leaves.find((l) => l.id === route.id)!;
      expect(leaf.within, route.id).toContain(LAYOUT_NODE[route.layout]);
      const guard = GUARD_NODE[route.guard];
      if (guard) expect(leaf.within, route.id).toContain(guard);
      else expect(leaf.within.filter((id) => Object.values(GUARD_NODE).includes(id as never)), route.id).toEqual([]);
    }
  });
});

describe('the links', () => {
  /** Every link builder of `paths`, called with sample arguments, with its name. */
  function everyLink(table: object, prefix = 'paths'): [string, string][] {
    return Object.entries(table).flatMap(([name, value]): [string, string][] => {
      if (typeof value === 'object' && value !== null) return everyLink(value as object, `${prefix}.${name}`);
      const build = value as (...args: unknown[]) => string;
      return [
        [`${prefix}.${name}()`, build('sample-1')],
        [`${prefix}.${name}(…, 2)`, build('sample-1', 2)],
      ];
    });
  }

  it('every paths.* address is a route of the table (never only the catch-all 404)', () => {
    const links = everyLink(paths);
    expect(links.length).toBeGreaterThan(50);
    for (const [name, link] of links) {
      const route = matchNamedRoute(new URL(link, 'https://byline.test').pathname);
      expect(route?.id, `${name} = ${link}`).toBeDefined();
      expect(['unknown', 'admin-unknown'], `${name} = ${link}`).not.toContain(route?.id);
    }
  });

  it('a path inside the admin area is one whose route sits in the admin layout', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/posts/new')).toBe(true);
    expect(isAdminPath('/admin/anything/else')).toBe(true);
    expect(isAdminPath('/administrator')).toBe(false);
    expect(isAdminPath('/details/admin')).toBe(false);
  });
});
