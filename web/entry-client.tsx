// Hydrates the server-rendered page, then carries on as a single-page app.
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { BOOT_ELEMENT_ID, ROUTER_DATA_ELEMENT_ID, type BootData } from './app/boot-data';
import { Providers } from './app/providers';
import { fixedDeps } from './lib/route-kit';
import { createRoutes } from './app/routes';
import { createApiClients } from './lib/api-client';
import { httpReads } from './lib/page-reads-api';
import { hasSessionHint } from '../contracts/session-hint';
import { checkSession, createSessionStore } from './lib/session';
import './styles.css';

async function start() {
  const boot = JSON.parse(document.getElementById(BOOT_ELEMENT_ID)?.textContent ?? '{"user":null}') as BootData;
  const session = createSessionStore({ user: boot.user, checked: false });
  // A form posted before hydration was answered at its API address with its page: the address bar (and a
  // reload) go back to the page itself, which the router then matches.
  if (boot.form) window.history.replaceState(null, '', boot.form.path);
  let router: ReturnType<typeof createBrowserRouter> | null = null;
  const api = createApiClients({
    fetch: (input, init) => window.fetch(input, init),
    navigate: (path) => void (router ? router.navigate(path) : window.location.assign(path)),
    onSessionEnded: () => session.setUser(null),
    currentPath: () => window.location.pathname + window.location.search,
  });
  // The cookie is read at each check: logging in or out changes it without a page load.
  const revalidateSession = () => checkSession(api.public, session, hasSessionHint(document.cookie));
  const routes = createRoutes(fixedDeps({ reads: httpReads(api), session, revalidateSession }));

  // Lazy routes of the first page must be loaded before hydrating, or React would see a mismatch.
  const lazyMatches = matchRoutes(routes, window.location)?.filter((m) => m.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async (m) => {
      const mod = await (m.route.lazy as () => Promise<Record<string, unknown>>)();
      Object.assign(m.route, { ...mod, lazy: undefined });
    }),
  );

  // The server puts the router's hydration data in a JSON block (no inline script, decision 009); the
  // router reads it from this global, deserializing route errors itself.
  const routerData = document.getElementById(ROUTER_DATA_ELEMENT_ID)?.textContent;
  if (routerData) (window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = JSON.parse(routerData);
  router = createBrowserRouter(routes);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  hydrateRoot(
    container,
    <Providers api={api} session={session} form={boot.form}>
      <RouterProvider router={router} />
    </Providers>,
  );
  await revalidateSession();
}

void start();
