// The route table (product.md §4), shared by the browser and the Worker's renderer.
import { data, Outlet, redirect, type RouteObject } from 'react-router-dom';
import { adminGuard, authGuard, noAuthGuard } from './guards';
import { RouteError } from './error-pages';
import { paths } from './paths';
import { RootLayout } from './root-layout';
import type { PageModule, RouteDeps } from './route-kit';

/** A lazily loaded page whose loader is handed this render's API clients and session. */
function page(deps: RouteDeps, load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => {
    const m = await load();
    return {
      Component: m.Component,
      handle: m.handle,
      shouldRevalidate: m.shouldRevalidate,
      ...(m.loader ? { loader: (args: Parameters<NonNullable<PageModule['loader']>>[0]) => m.loader?.(args, deps) } : {}),
    };
  };
}

const notFound = () => {
  throw data(null, { status: 404, statusText: 'Not Found' });
};

export function createRoutes(deps: RouteDeps): RouteObject[] {
  const p = (load: () => Promise<PageModule>) => page(deps, load);
  return [
    {
      id: 'root',
      Component: RootLayout,
      errorElement: <RouteError />,
      children: [
        {
          id: 'default-layout',
          lazy: p(() => import('./default-layout')),
          children: [
            {
              errorElement: <RouteError />,
              children: [
                { index: true, lazy: p(() => import('../features/posts/home-page')) },
                { path: 'category/:slug', lazy: p(() => import('../features/posts/category-page')) },
                { path: 'details/:slug', lazy: p(() => import('../features/posts/post-page')) },
                { path: 'author/:username', lazy: p(() => import('../features/authors/author-page')) },
                { path: 'search', lazy: p(() => import('../features/search/search-page')) },
                {
                  id: 'auth-guard',
                  loader: authGuard(deps),
                  Component: Outlet,
                  children: [
                    { path: 'create-post', lazy: p(() => import('../features/editor/editor-page')) },
                    { path: 'details/:slug/edit', lazy: p(() => import('../features/editor/editor-page')) },
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
          loader: noAuthGuard(deps),
          Component: Outlet,
          errorElement: <RouteError />,
          children: [
            { path: 'login', lazy: p(() => import('../features/auth/login-page')) },
            { path: 'register', lazy: p(() => import('../features/auth/register-page')) },
          ],
        },
        {
          id: 'admin-layout',
          path: 'admin',
          loader: adminGuard(deps),
          lazy: async () => ({ Component: (await import('../features/admin/admin-layout')).AdminLayout }),
          children: [
            {
              errorElement: <RouteError />,
              children: [
                { index: true, loader: () => redirect(paths.admin.dashboard()) },
                { path: 'dashboard', lazy: p(() => import('../features/admin/dashboard-page')) },
                { path: 'posts', lazy: p(() => import('../features/admin/posts-page')) },
                { path: 'posts/new', lazy: p(() => import('../features/editor/editor-page')) },
                { path: 'post/:slug', lazy: p(() => import('../features/editor/editor-page')) },
                { path: 'categories', lazy: p(() => import('../features/admin/categories-page')) },
                { path: 'category/create', lazy: p(() => import('../features/admin/category-form-page')) },
                { path: 'category/:slug', lazy: p(() => import('../features/admin/category-form-page')) },
                { path: 'featured', lazy: p(() => import('../features/admin/featured-page')) },
                { path: 'users', lazy: p(() => import('../features/admin/users-page')) },
                { path: 'user/create', lazy: p(() => import('../features/admin/user-form-page')) },
                { path: 'user/:slug', lazy: p(() => import('../features/admin/user-form-page')) },
                { path: '*', loader: notFound, Component: Outlet },
              ],
            },
          ],
        },
      ],
    },
  ];
}
