// The React route objects, shared by the browser and the Worker's renderer, derived from the one route
// table (contracts/routes.ts): each page sits in its layout behind its guard; this file adds only what
// React needs, the module each page lazily loads.
import { data, Outlet, redirect, type RouteObject } from 'react-router-dom';
import { EMPTY_NAVIGATION } from '../../contracts/navigation-menus';
import type { PageReads } from '../../contracts/page-reads';
import type { ParamRules } from '../../contracts/route-pattern';
import { PAGE_ROUTES, pathTo, type Guard, type Layout, type PageModuleId, type PageRoute, type TablePageRoute } from '../../contracts/routes';
import { checkParams, toPageError } from '../lib/loader-kit';
import { adminGuard, authGuard, capabilityGuard, noAuthGuard } from './guards';
import { RouteError } from './error-pages';
import { DocumentHead, RootLayout } from './root-layout';
import type { DepsOf, PageModule, RouteDeps } from '../lib/route-kit';
import { ROOT_ROUTE_ID, type RootData } from '../lib/site';

type LoaderArgs = Parameters<NonNullable<PageModule['loader']>>[0];

/** A page's own guard, run before anything else its loader does: a capability page's (the route table's). */
type PageGuard = (args: LoaderArgs) => Promise<unknown>;

/**
 * A lazily loaded route module whose loader is handed this render's API clients and session. The one
 * place where a failed load becomes a page status: the page's guard answers first (a login redirect, the 403
 * page), a path value that fails its rule (`rules`) is the 404 page before any API call, and an API 4xx
 * becomes the matching page (toPageError), never a 500.
 */
async function loadRoute(depsOf: DepsOf, load: () => Promise<PageModule>, rules: ParamRules, guard?: PageGuard) {
  const m = await load();
  const loader = m.loader;
  return {
    Component: m.Component,
    handle: m.handle,
    shouldRevalidate: m.shouldRevalidate,
    ...(loader || guard
      ? {
          loader: async (args: LoaderArgs) => {
            await guard?.(args);
            checkParams(args.params, rules);
            if (!loader) return null;
            try {
              return await loader(args, depsOf(args));
            } catch (error) {
              throw toPageError(error);
            }
          },
        }
      : {}),
  };
}

/** A layout (renders an Outlet): it never sets the document head, the page or error inside it does. */
function layout(depsOf: DepsOf, load: () => Promise<PageModule>): RouteObject['lazy'] {
  return () => loadRoute(depsOf, load, {});
}

/**
 * A page (a leaf of the route table). Once it renders, every loader on its way has succeeded, so it sets
 * the document head from their data; when a loader fails, the error element (RouteError) sets it instead.
 * No head() ever runs without its route's data.
 */
function page(depsOf: DepsOf, load: () => Promise<PageModule>, rules: ParamRules = {}, guard?: PageGuard): RouteObject['lazy'] {
  return async () => {
    const route = await loadRoute(depsOf, load, rules, guard);
    const Page = route.Component;
    return {
      ...route,
      Component: () => (
        <>
          <DocumentHead />
          <Page />
        </>
      ),
    };
  };
}

/** Each page's module, by its id in the route table, loaded the first time the page is visited. */
const PAGE_MODULES: Record<PageModuleId, () => Promise<PageModule>> = {
  home: () => import('../features/posts/home-page'),
  category: () => import('../features/posts/category-page'),
  tag: () => import('../features/posts/tag-page'),
  post: () => import('../features/posts/post-page'),
  author: () => import('../features/authors/author-page'),
  search: () => import('../features/search/search-page'),
  subscribe: () => import('../features/newsletter/subscribe-page'),
  unsubscribe: () => import('../features/newsletter/unsubscribe-page'),
  page: () => import('../features/pages/page-page'),
  'create-post': () => import('../features/editor/editor-page'),
  'edit-post': () => import('../features/editor/editor-page'),
  profile: () => import('../features/profile/profile-page'),
  'edit-profile': () => import('../features/profile/profile-edit-page'),
  login: () => import('../features/auth/login-page'),
  register: () => import('../features/auth/register-page'),
  'forgot-password': () => import('../features/auth/forgot-password-page'),
  'reset-password': () => import('../features/auth/reset-password-page'),
  invite: () => import('../features/auth/invite-page'),
  'admin-dashboard': () => import('../features/admin/dashboard-page'),
  'admin-posts': () => import('../features/admin/posts-page'),
  'admin-create-post': () => import('../features/editor/editor-page'),
  'admin-post': () => import('../features/editor/editor-page'),
  'admin-categories': () => import('../features/admin/categories-page'),
  'admin-comments': () => import('../features/admin/comments-page'),
  'my-comments': () => import('../features/admin/comments-page'),
  'admin-create-category': () => import('../features/admin/category-form-page'),
  'admin-category': () => import('../features/admin/category-form-page'),
  'admin-featured': () => import('../features/admin/featured-page'),
  'admin-pages': () => import('../features/admin/pages-page'),
  'admin-create-page': () => import('../features/editor/page-editor-page'),
  'admin-page': () => import('../features/editor/page-editor-page'),
  'admin-tags': () => import('../features/admin/tags-page'),
  'admin-redirects': () => import('../features/admin/redirects/redirects-page'),
  'admin-mail': () => import('../features/admin/mail-failures-page'),
  'admin-subscribers': () => import('../features/admin/subscribers/subscribers-page'),
  'admin-media': () => import('../features/admin/media-page'),
  'admin-users': () => import('../features/admin/users-page'),
  'admin-invites': () => import('../features/admin/invites/invites-page'),
  'admin-import': () => import('../features/admin/import-page'),
  'admin-export': () => import('../features/admin/export-page'),
  'admin-settings': () => import('../features/admin/settings/settings-page'),
  'admin-navigation': () => import('../features/admin/navigation-page'),
  'admin-create-user': () => import('../features/admin/user-form-page'),
  'admin-user': () => import('../features/admin/user-form-page'),
};

/** The root's data: the settings and the menus, asked at once (a page without its menus still renders). */
async function rootData(reads: PageReads): Promise<RootData> {
  const [site, navigation] = await Promise.all([reads.site(), reads.navigation().catch(() => EMPTY_NAVIGATION)]);
  return { ...site, navigation };
}

const notFound = () => {
  throw data(null, { status: 404, statusText: 'Not Found' });
};

/** A guard (guards.ts) given the deps of the render its loader runs in. */
const guarded =
  (depsOf: DepsOf, guard: (deps: RouteDeps) => (args: LoaderArgs) => unknown) =>
  (args: LoaderArgs) =>
    guard(depsOf(args))(args);

/**
 * The guard of one table entry of its own: a capability page's (the layout's guard already let the session in
 * on the way to the admin area, so it is not asked again); none for the others, whose layout guards them.
 */
function pageGuard(depsOf: DepsOf, route: PageRoute): PageGuard | undefined {
  if (route.guard !== 'capability') return undefined;
  const guard = capabilityGuard(route.capability, { revalidate: false });
  return async (args) => guard(depsOf(args))(args);
}

/** A loader that answers `answer` once the entry's own guard (if any) has let the request through. */
const guardedThen =
  (guard: PageGuard | undefined, answer: () => unknown) =>
  async (args: LoaderArgs): Promise<unknown> => {
    await guard?.(args);
    return answer();
  };

/** The React route of one table entry, its path relative to its layout's (`base`, e.g. '/admin'). */
function routeObject(depsOf: DepsOf, route: TablePageRoute, base: string): RouteObject {
  const rules = (route satisfies PageRoute as PageRoute).params;
  const guard = pageGuard(depsOf, route);
  const rest = route.pattern.slice(base.length).replace(/^\//, '');
  const where = rest === '' ? { index: true as const } : { path: rest };
  switch (route.kind) {
    case 'page':
      return { id: route.id, ...where, lazy: page(depsOf, PAGE_MODULES[route.id], rules, guard) };
    case 'not-found':
      return { id: route.id, ...where, loader: guardedThen(guard, notFound) };
    case 'redirect':
      return { id: route.id, ...where, loader: guardedThen(guard, () => redirect(pathTo(route.to))) };
  }
}

export function createRoutes(depsOf: DepsOf): RouteObject[] {
  const routesIn = (layout: Layout, guard: Guard, base = '') =>
    PAGE_ROUTES.filter((r) => r.layout === layout && r.guard === guard).map((r) => routeObject(depsOf, r, base));
  return [
    {
      id: ROOT_ROUTE_ID,
      // The site's settings and menus, for every page's head, header and footer: read once (one D1 round trip
      // with the page's own reads), kept across navigations; read again only when React Router asks for a
      // revalidation (useRevalidator, as the navigation screen does after saving — also when a navigation
      // interrupts it), never for moving to another page or query.
      loader: (args: LoaderArgs) => rootData(depsOf(args).reads),
      shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) => defaultShouldRevalidate && currentUrl.search === nextUrl.search,
      Component: RootLayout,
      errorElement: <RouteError />,
      children: [
        {
          id: 'default-layout',
          lazy: layout(depsOf, () => import('./default-layout')),
          children: [
            {
              errorElement: <RouteError />,
              children: [
                ...routesIn('default', 'none'),
                { id: 'auth-guard', loader: guarded(depsOf, authGuard), Component: Outlet, children: routesIn('default', 'signed-in') },
              ],
            },
          ],
        },
        {
          id: 'no-layout',
          loader: guarded(depsOf, noAuthGuard),
          Component: Outlet,
          errorElement: <RouteError />,
          children: routesIn('none', 'signed-out'),
        },
        {
          id: 'admin-layout',
          path: 'admin',
          loader: guarded(depsOf, adminGuard),
          lazy: async () => ({ Component: (await import('../features/admin/admin-layout')).AdminLayout }),
          children: [{ errorElement: <RouteError />, children: routesIn('admin', 'capability', '/admin') }],
        },
      ],
    },
  ];
}
