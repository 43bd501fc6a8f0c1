// Hydrates the server-rendered page, then carries on as a single-page app.
import { hydrateRoot } from 'react-dom/client';
import type { Route } from './lib/router/match-routes';
import { RouterProvider } from './lib/router/render';
import { createRouter, type Router } from './lib/router/router';
import { BOOT_ELEMENT_ID, ROUTER_DATA_ELEMENT_ID, type BootData, type RouterData } from './app/boot-data';
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
  let router: Router | null = null;
  const api = createApiClients({
    fetch: (input, init) => window.fetch(input, init),
    navigate: (path) => void (router ? router.navigate(path) : window.location.assign(path)),
    onSessionEnded: () => session.setUser(null),
    currentPath: () => window.location.pathname + window.location.search,
  });
  // The cookie is read at each check: logging in or out changes it without a page load.
  const revalidateSession = () => checkSession(api.public, session, hasSessionHint(document.cookie));
  const routes = createRoutes(fixedDeps({ reads: httpReads(api), session, revalidateSession }));

  // The server puts the router's hydration data in a JSON block (no inline script, decision 009).
  const routerData = document.getElementById(ROUTER_DATA_ELEMENT_ID)?.textContent;
  router = createRouter(routes as Route[], routerData ? (JSON.parse(routerData) as RouterData) : {});
  // Lazy routes of the first page must be loaded before hydrating, or the first render would not match the page.
  await router.initialize();
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
