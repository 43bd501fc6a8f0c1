// Renders a page route to HTML through web's server entry, with the signed-in user and the right status.
import type { Context } from 'hono';
import { render } from '../../web/entry-server';
import type { AppEnv } from '../env';
import { toCurrentUser } from '../queries/users';
import { getClientAssets } from './client-assets';
import { documentParts } from './document';

import type { InProcessFetch } from './in-process-api';

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

interface Buffered {
  body: ArrayBuffer;
  init: ResponseInit;
}

/**
 * One render asks each identical GET once (the layout and the home page both want the categories):
 * the first call's answer is buffered and every caller gets its own copy of it.
 */
function askingEachGetOnce(appFetch: InProcessFetch): InProcessFetch {
  const answers = new Map<string, Promise<Buffered>>();
  return async (request) => {
    if (request.method !== 'GET') return appFetch(request);
    let answer = answers.get(request.url);
    if (!answer) {
      answer = Promise.resolve(appFetch(request)).then(async (res) => ({
        body: await res.arrayBuffer(),
        init: { status: res.status, statusText: res.statusText, headers: res.headers },
      }));
      answers.set(request.url, answer);
    }
    const { body, init } = await answer;
    return new Response(NULL_BODY_STATUSES.has(init.status ?? 200) ? null : body.slice(0), init);
  };
}

export async function renderPage(c: Context<AppEnv>, apiFetch: InProcessFetch): Promise<Response> {
  const appFetch = askingEachGetOnce(apiFetch);
  const nonce = c.var.secureHeadersNonce ?? '';
  const cookie = c.req.header('cookie');
  const user = c.var.user ? toCurrentUser(c.var.user) : null;
  const url = new URL(c.req.url);

  const result = await render({
    request: new Request(c.req.url, { headers: c.req.raw.headers, signal: c.req.raw.signal }),
    user,
    nonce,
    fetch: async (input, init) => {
      const headers = new Headers(init.headers);
      if (cookie) headers.set('cookie', cookie);
      const res = await appFetch(new Request(input, { ...init, headers }));
      // As a browser's fetch does, follow the API's own 301 (a post's old slug) once, to where it points.
      const location = res.headers.get('location');
      if (res.status !== 301 || !location?.startsWith('/api/')) return res;
      return appFetch(new Request(new URL(location, input), { ...init, headers }));
    },
  });
  if (result.kind === 'redirect') {
    const location = result.response.headers.get('location') ?? '/';
    // A loader's 301 (a post's old address) stays permanent; guards' redirects are 302.
    return c.redirect(location, result.response.status === 301 ? 301 : 302);
  }
  const assets = await getClientAssets(c.env.ASSETS);
  const { start, end } = documentParts({ head: result.head, url, assets, nonce, boot: { user } });
  c.header('content-type', 'text/html; charset=utf-8');
  c.header('cache-control', user ? 'private, no-store' : 'no-cache');
  // render() waited for allReady, so the React stream holds the whole page: read it once and answer one
  // string, rather than pumping each chunk through a TransformStream.
  const html = await new Response(result.body).text();
  return c.body(start + html + end, result.status as 200);
}

const STATIC_ERROR_TITLES: Record<404 | 500, string> = { 404: 'Page Not Found', 500: 'Something went wrong' };

/**
 * A self-contained error document with no scripts: used when the React renderer itself cannot run
 * (or for non-GET page requests), so an error never hides behind another error.
 */
export function renderErrorPage(c: Context<AppEnv>, status: 404 | 500): Response {
  const title = STATIC_ERROR_TITLES[status];
  const path = c.req.path.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const message = status === 404 ? `There is nothing at <code>${path}</code>.` : 'Please try again in a moment.';
  const html =
    `<!doctype html><html lang="en" data-theme="dark"><head><meta charset="utf-8"><title>${title} — Byline</title>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"></head>` +
    `<body><main id="main"><h1>${title}</h1><p>${message}</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
  return c.html(html, status);
}
