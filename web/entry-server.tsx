// Renders a page for the Worker: the same route table as the browser, its loaders reading through the
// Worker's services (contracts/page-reads.ts) with this request's db and signed-in user.
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  redirect,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router-dom';
import type { FormReplay } from '../contracts/form-posts';
import type { CurrentUser } from '../contracts/roles';
import { resolveHead } from './app/head';
import { Providers } from './app/providers';
import { depsFromRequestContext, type HeadInfo, type RouteDeps } from './lib/route-kit';
import { createRoutes } from './app/routes';
import type { PageReads } from '../contracts/page-reads';
import { createApiClients } from './lib/api-client';
import { createSessionStore } from './lib/session';
import { siteOf, type SiteInfo } from './lib/site';
import type { RouterData } from './app/boot-data';

// What the Worker's HTML document needs from web/, so the Worker imports only this entry.
export { fullTitle } from './app/head';
export { BOOT_ELEMENT_ID, ROUTER_DATA_ELEMENT_ID, scriptSafeJson, type BootData, type RouterData } from './app/boot-data';
export { THEME_BOOT_SCRIPT } from './lib/theme';
export { PAGE_FEED_ATTRIBUTE, type HeadInfo } from './lib/route-kit';
export type { SiteInfo } from './lib/site';

export interface RenderInput {
  request: Request;
  /** The reads of this request: the Worker's services, called in-process. */
  reads: PageReads;
  user: CurrentUser | null;
  /** A form posted before hydration, shown again with its errors and echoed input. */
  form?: FormReplay | undefined;
}

export type RenderResult =
  | { kind: 'redirect'; response: Response }
  | { kind: 'page'; status: number; head: HeadInfo; site: SiteInfo; html: string; routerData: RouterData };

/**
 * React Router's hydration data, as its StaticRouterProvider would put it in an inline script, handed
 * back instead so the document places it in a JSON data block: the page then has no inline script but
 * the constant theme script, and its CSP can name that script's hash (no nonce, so a cached page is
 * served byte for byte). Errors are serialized the way the browser router's parseHydrationData expects.
 */
function routerDataOf(context: StaticHandlerContext): RouterData {
  let errors: Record<string, unknown> | null = null;
  if (context.errors) {
    errors = {};
    for (const [id, error] of Object.entries(context.errors)) {
      if (isRouteErrorResponse(error)) errors[id] = { ...error, __type: 'RouteErrorResponse' };
      else if (error instanceof Error) {
        errors[id] = { message: error.message, __type: 'Error', ...(error.name !== 'Error' ? { __subType: error.name } : {}) };
      } else errors[id] = error;
    }
  }
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}

// The route table and its static handler hold no request state (each render's deps travel as the request
// context), so they are built once: lazy routes resolve on first use, not on every page miss.
const handler = createStaticHandler(createRoutes(depsFromRequestContext));

/**
 * The API clients components hold (ApiContext): they call them from effects and event handlers only, which
 * never run in a server render, so here any call is a mistake and says so. Loaders read through `reads`.
 */
const serverApi = createApiClients({
  fetch: () => Promise.reject(new Error('a server render makes no HTTP request: loaders read through RouteDeps.reads')),
  navigate: (path) => {
    throw redirect(path);
  },
});

export async function render({ request, reads, user, form }: RenderInput): Promise<RenderResult> {
  const session = createSessionStore({ user, checked: true });
  const deps: RouteDeps = { reads, session };
  const context = await handler.query(request, { requestContext: deps });
  if (context instanceof Response) return { kind: 'redirect', response: context };

  const firstError = context.errors ? Object.values(context.errors)[0] : undefined;
  const matches = context.matches.map((m) => ({ id: m.route.id, handle: m.route.handle, params: m.params, data: context.loaderData[m.route.id] }));
  const head = resolveHead(matches, firstError);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Every loader has run and every lazy route is resolved (handler.query), so nothing suspends: the page
  // renders in one synchronous pass to a string. renderToReadableStream would encode each chunk to bytes
  // and wait for allReady, only for the Worker to decode the whole stream again (measured: about a tenth
  // of a home miss). A component that throws fails the render, as an error in the shell did before.
  const html = renderToString(
    <Providers api={serverApi} session={session} form={form}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>,
  );
  return { kind: 'page', status: context.statusCode, head, site: siteOf(matches), html, routerData: routerDataOf(context) };
}
