// The route table, shared by the browser and the Worker's renderer.
import { data, Outlet, redirect, type RouteObject } from 'react-router-dom';
import { isSlug } from '../../contracts/slug-rule';
import { isUsername } from '../../contracts/username-rule';
import { checkParams, toPageError, type ParamRules } from '../lib/loader-kit';
import { adminGuard, authGuard, noAuthGuard } from './guards';
import { RouteError } from './error-pages';
import { paths } from '../lib/paths';
import { DocumentHead, RootLayout } from './root-layout';
import type { DepsOf, PageModule, RouteDeps } from '../lib/route-kit';

type LoaderArgs = Parameters<NonNullable<PageModule['loader']>>[0];

/**
 * A lazily loaded route module whose loader is handed this render's API clients and session. The one
 * place where a failed load becomes a page status: a path value that fails its rule (`rules`) is the 404
 * page before any API call, and an API 4xx becomes the matching page (toPageError), never a 500.
 */
async function loadRoute(depsOf: DepsOf, load: () => Promise<PageModule>, rules: ParamRules) {
  const m = await load();
  const loader = m.loader;
  return {
    Component: m.Component,
    handle: m.handle,
    shouldRevalidate: m.shouldRevalidate,
    ...(loader
      ? {
          loader: async (args: LoaderArgs) => {
            checkParams(args.params, rules);
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
function page(depsOf: DepsOf, load: () => Promise<PageModule>, rules: ParamRules = {}): RouteObject['lazy'] {
  return async () => {
    const route = await loadRoute(depsOf, load, rules);
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

// Which rule (contracts/) each path value of a page route must pass to name anything.
const SLUG: ParamRules = { slug: isSlug };
const USERNAME: ParamRules = { username: isUsername };
const ADMIN_USER: ParamRules = { slug: isUsername };

const notFound = () => {
  throw data(null, { status: 404, statusText: 'Not Found' });
};

/** A guard (guards.ts) given the deps of the render its loader runs in. */
const guarded =
  (depsOf: DepsOf, guard: (deps: RouteDeps) => (args: LoaderArgs) => unknown) =>
  (args: LoaderArgs) =>
    guard(depsOf(args))(args);

export function createRoutes(depsOf: DepsOf): RouteObject[] {
  const p = (load: () => Promise<PageModule>, rules?: ParamRules) => page(depsOf, load, rules);
  return [
    {
      id: 'root',
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
                { index: true, lazy: p(() => import('../features/posts/home-page')) },
                { path: 'category/:slug', lazy: p(() => import('../features/posts/category-page'), SLUG) },
                { path: 'tag/:slug', lazy: p(() => import('../features/posts/tag-page'), SLUG) },
                { path: 'details/:slug', lazy: p(() => import('../features/posts/post-page'), SLUG) },
                { path: 'author/:username', lazy: p(() => import('../features/authors/author-page'), USERNAME) },
                { path: 'search', lazy: p(() => import('../features/search/search-page')) },
                {
                  id: 'auth-guard',
                  loader: guarded(depsOf, authGuard),
                  Component: Outlet,
                  children: [
                    { path: 'create-post', lazy: p(() => import('../features/editor/editor-page')) },
                    { path: 'details/:slug/edit', lazy: p(() => import('../features/editor/editor-page'), SLUG) },
                    { path: 'profile', lazy: p(() => import('../features/profile/profile-page')) },
                    { path: 'profile/edit', lazy: p(() => import('../features/profile/profile-edit-page')) },
                  ],
                },
                { path: '404', loader: notFound, Component: Outlet },
                { path: '*', loader: notFound, Component: Outlet },
              ],
            },
          ],
        },
        {
          id: 'no-layout',
          loader: guarded(depsOf, noAuthGuard),
          Component: Outlet,
          errorElement: <RouteError />,
          children: [
            { path: 'login', lazy: p(() => import('../features/auth/login-page')) },
            { path: 'register', lazy: p(() => import('../features/auth/register-page')) },
            { path: 'forgot-password', lazy: p(() => import('../features/auth/forgot-password-page')) },
            { path: 'reset-password', lazy: p(() => import('../features/auth/reset-password-page')) },
          ],
        },
        {
          id: 'admin-layout',
          path: 'admin',
          loader: guarded(depsOf, adminGuard),
          lazy: async () => ({ Component: (await import('../features/admin/admin-layout')).AdminLayout }),
          children: [
            {
              errorElement: <RouteError />,
              children: [
                { index: true, loader: () => redirect(paths.admin.dashboard()) },
                { path: 'dashboard', lazy: p(() => import('../features/admin/dashboard-page')) },
                { path: 'posts', lazy: p(() => import('../features/admin/posts-page')) },
                { path: 'posts/new', lazy: p(() => import('../features/editor/editor-page')) },
                { path: 'post/:slug', lazy: p(() => import('../features/editor/editor-page'), SLUG) },
                { path: 'categories', lazy: p(() => import('../features/admin/categories-page')) },
                { path: 'category/create', lazy: p(() => import('../features/admin/category-form-page')) },
                { path: 'category/:slug', lazy: p(() => import('../features/admin/category-form-page'), SLUG) },
                { path: 'featured', lazy: p(() => import('../features/admin/featured-page')) },
                { path: 'tags', lazy: p(() => import('../features/admin/tags-page')) },
                { path: 'users', lazy: p(() => import('../features/admin/users-page')) },
                { path: 'import', lazy: p(() => import('../features/admin/import-page')) },
                { path: 'export', lazy: p(() => import('../features/admin/export-page')) },
                { path: 'user/create', lazy: p(() => import('../features/admin/user-form-page')) },
                { path: 'user/:slug', lazy: p(() => import('../features/admin/user-form-page'), ADMIN_USER) },
                { path: '*', loader: notFound, Component: Outlet },
              ],
            },
          ],
        },
      ],
    },
  ];
}
