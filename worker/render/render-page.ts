// Renders a page route to HTML through web's server entry, with the signed-in user and the right status.
import type { Context } from 'hono';
import type { FormReplay } from '../../contracts/form-posts';
import { render } from '../../web/entry-server';
import type { AppEnv } from '../env';
import { configuredSite } from '../lib/site-address';
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

/** A form posted before hydration, shown again at its page: what to replay and the API's status. */
export interface FormRender {
  replay: FormReplay;
  status: number;
}

/** The page a request renders: its own URL, or a posted form's page (a GET of it, whatever was posted). */
function pageRequest(c: Context<AppEnv>, form: FormRender | undefined): Request {
  if (!form) return new Request(c.req.url, { headers: c.req.raw.headers, signal: c.req.raw.signal });
  const headers = new Headers(c.req.raw.headers);
  headers.delete('content-type');
  headers.delete('content-length');
  return new Request(new URL(form.replay.path, c.req.url), { headers, signal: c.req.raw.signal });
}

export async function renderPage(c: Context<AppEnv>, apiFetch: InProcessFetch, form?: FormRender): Promise<Response> {
  const appFetch = askingEachGetOnce(apiFetch);
  const cookie = c.req.header('cookie');
  const user = c.var.user ? toCurrentUser(c.var.user) : null;
  const request = pageRequest(c, form);
  const url = new URL(request.url);

  const result = await render({
    request,
    user,
    form: form?.replay,
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
  const boot = form ? { user, form: form.replay } : { user };
  const { start, end } = documentParts({ head: result.head, url, site: configuredSite(c.env), assets, boot, routerData: result.routerData });
  c.header('content-type', 'text/html; charset=utf-8');
  // A re-rendered form holds what someone typed: kept by no cache.
  c.header('cache-control', user || form ? 'private, no-store' : 'no-cache');
  const status = form && result.status === 200 ? form.status : result.status;
  return c.body(start + result.html + end, status as 200);
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
