// Renders a page for the Worker: the same route table and API client as the browser, with this
// request's fetch (bound to the Worker in-process) and its signed-in user.
import { renderToReadableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, redirect, StaticRouterProvider } from 'react-router-dom';
import type { CurrentUser } from '../contracts/roles';
import { resolveHead } from './app/head';
import { Providers } from './app/providers';
import { depsFromRequestContext, type HeadInfo, type RouteDeps } from './lib/route-kit';
import { createRoutes } from './app/routes';
import { createApiClients } from './lib/api-client';
import type { FetchLike } from './lib/http';
import { createSessionStore } from './lib/session';

export interface RenderInput {
  request: Request;
  fetch: FetchLike;
  user: CurrentUser | null;
  nonce: string;
}

export type RenderResult =
  | { kind: 'redirect'; response: Response }
  | { kind: 'page'; status: number; head: HeadInfo; body: ReadableStream<Uint8Array> };

// The route table and its static handler hold no request state (each render's deps travel as the request
// context), so they are built once: lazy routes resolve on first use, not on every page miss.
const handler = createStaticHandler(createRoutes(depsFromRequestContext));

export async function render({ request, fetch, user, nonce }: RenderInput): Promise<RenderResult> {
  const session = createSessionStore({ user, checked: true });
  const api = createApiClients({
    fetch,
    baseUrl: new URL(request.url).origin,
    navigate: (path) => {
      throw redirect(path);
    },
  });
  const deps: RouteDeps = { api, session };
  const context = await handler.query(request, { requestContext: deps });
  if (context instanceof Response) return { kind: 'redirect', response: context };

  const firstError = context.errors ? Object.values(context.errors)[0] : undefined;
  const head = resolveHead(
    context.matches.map((m) => ({ handle: m.route.handle, params: m.params, data: context.loaderData[m.route.id] })),
    firstError,
  );
  const router = createStaticRouter(handler.dataRoutes, context);
  let failed = false;
  const body = await renderToReadableStream(
    <Providers api={api} session={session}>
      <StaticRouterProvider router={router} context={context} nonce={nonce} />
    </Providers>,
    {
      nonce,
      onError(error) {
        failed = true;
        console.error('Page render failed', error);
      },
    },
  );
  await body.allReady; // crawlers and the status code both want the whole page
  return { kind: 'page', status: failed ? 500 : context.statusCode, head, body };
}
