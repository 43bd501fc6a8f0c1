// Renders a hook (or the real pages) in happy-dom, inside the app's providers and a memory data router,
// with the real API client over a scripted fake network — the only fake (tests/web/fake-fetch.ts).
import { act, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import type { FormReplay } from '../../contracts/form-posts';
import { Providers } from '../../web/app/providers';
import { createApiClients } from '../../web/lib/api-client';
import { httpReads } from '../../web/lib/page-reads-api';
import type { RouteDeps } from '../../web/lib/route-kit';
import { createSessionStore } from '../../web/lib/session';
import { fakeFetch, type Scripted } from './fake-fetch';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let mounted: Root | null = null;

/** Unmounts what the last render mounted (call it in afterEach). */
export function cleanup(): void {
  act(() => mounted?.unmount());
  mounted = null;
  document.body.innerHTML = '';
}

/**
 * Renders `routes` (or the routes made with this render's deps, for pages with loaders) at `url`; returns
 * the network's record, the session, the router and the host element.
 */
export function renderRoutes(
  routes: RouteObject[] | ((deps: RouteDeps) => RouteObject[]),
  url: string,
  script: Scripted[],
  /** A form the Worker re-rendered after a post before hydration (as the boot data hands it over). */
  form?: FormReplay,
) {
  const net = fakeFetch(...script);
  const api = createApiClients({ fetch: net.fetch, navigate: () => {} });
  const session = createSessionStore({ user: null, checked: true });
  const router = createMemoryRouter(typeof routes === 'function' ? routes({ reads: httpReads(api), session }) : routes, { initialEntries: [url] });
  const host = document.createElement('div');
  document.body.append(host);
  mounted = createRoot(host);
  act(() =>
    mounted!.render(
      <Providers api={api} session={session} form={form}>
        <RouterProvider router={router} />
      </Providers>,
    ),
  );
  return { net, session, router, host };
}

/** Renders a component that only runs `useHook`; `current()` is what the hook returned at the last render. */
export function renderHook<T>(useHook: () => T, ...script: Scripted[]) {
  const latest: { value?: T } = {};
  const Probe: ComponentType = () => {
    latest.value = useHook();
    return null;
  };
  const rendered = renderRoutes([{ path: '/', Component: Probe }], '/', script);
  return { ...rendered, current: () => latest.value as T };
}

/** Lets pending requests and the renders they cause finish. */
export const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
