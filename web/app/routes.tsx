// The route table (product.md §4), shared by the browser and the Worker's renderer.
import { data, Outlet, type RouteObject } from 'react-router-dom';
import { adminGuard, authGuard, noAuthGuard } from './guards';
import { RouteError } from './error-pages';
import { RootLayout } from './root-layout';
import type { PageModule, RouteDeps } from './route-kit';

/** A lazily loaded page whose loader is handed this render's API clients and session. */
function page(deps: RouteDeps, load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => {
    const m = await load();
    return {
      Component: m.Component,
      handle: m.handle,
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
          lazy: async () => ({ Component: (await import('./default-layout')).DefaultLayout }),
          children: [
            {
              errorElement: <RouteError />,
              children: [
                { index: true, lazy: p(() => import('../features/posts/home-page')) },
                {
                  id: 'auth-guard',
                  loader: authGuard(deps),
                  Component: Outlet,
                  children: [],
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
                { index: true, loader: notFound, Component: Outlet },
                { path: 'dashboard', lazy: p(() => import('../features/admin/dashboard-page')) },
                { path: '*', loader: notFound, Component: Outlet },
              ],
            },
          ],
        },
      ],
    },
  ];
}
