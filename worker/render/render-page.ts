// Renders a page route to HTML through web's server entry, with the signed-in user and the right status.
import type { Context } from 'hono';
import type { FormReplay } from '../../contracts/form-posts';
import { render } from '../../web/entry-server';
import type { AppEnv } from '../env';
import { UNAVAILABLE_MESSAGE } from '../../contracts/errors';
import { UNAVAILABLE_HEADERS } from '../lib/http-error';
import { configuredSite } from '../lib/site-address';
import { TURNSTILE_SCRIPT } from '../../contracts/turnstile';
import { showsTurnstile, turnstileSiteKey } from '../lib/turnstile';
import { createRenderDb } from '../db/coalesced-reads';
import { outageDuring } from '../db/d1-outage';
import { toCurrentUser } from '../queries/users';
import { getClientAssets } from './client-assets';
import { asksForPostId, storedRedirect } from './redirect-answer';
import { documentParts } from './document';
import { serviceReads } from './service-reads';

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

/** A redirect as Hono's c.redirect makes it (a Location with non-Latin-1 characters is URI-encoded). */
export function redirectTo(location: string, status: 301 | 302 | 303): Response {
  return new Response(null, { status, headers: { location: /[^\x00-\xFF]/.test(location) ? encodeURI(location) : location } });
}

/**
 * The page's own Response, made apart from the context's (a form post replaces the API's answer with it).
 * Its loaders read through the read services with this request's session, their reads gathered into one
 * D1 batch by the render's db (db/coalesced-reads.ts).
 */
export async function renderPage(c: Context<AppEnv>, form?: FormRender): Promise<Response> {
  const user = c.var.user ? toCurrentUser(c.var.user) : null;
  const request = pageRequest(c, form);
  const url = new URL(request.url);
  const reads = serviceReads({ db: createRenderDb(c.var.db.$client), user: c.var.user, sessionId: c.var.sessionId, now: Date.now() }, turnstileSiteKey(c.env));

  const stored = () => storedRedirect(c.var.db, c.req.path, url.search, user !== null);
  if (!form && asksForPostId(c.req.path, url.search)) {
    const moved = await stored();
    if (moved) return moved;
  }
  const result = await render({ request, reads, user, form: form?.replay });
  // D1 failing under any loader fails the whole page (the error policy's 503), rather than the renderer's 500
  // or a page missing what that loader would have shown.
  const outage = outageDuring(c.var.db.$client);
  if (outage) throw outage;
  if (result.kind === 'page' && result.status === 404 && !form) {
    const moved = await stored();
    if (moved) return moved;
  }
  if (result.kind === 'redirect') {
    const location = result.response.headers.get('location') ?? '/';
    // A loader's 301 (a post's old address) stays permanent; guards' redirects are 302.
    return redirectTo(location, result.response.status === 301 ? 301 : 302);
  }
  const assets = await getClientAssets(c.env.ASSETS);
  const boot = form ? { user, form: form.replay } : { user };
  // Turnstile's script in the head of the pages whose CSP allows it (worker/lib/turnstile.ts): it draws the widget before hydration.
  const externalScripts = showsTurnstile(c.env, new URL(c.req.url)) ? [TURNSTILE_SCRIPT] : [];
  const { start, end } = documentParts({ head: result.head, siteInfo: result.site, url, site: configuredSite(c.env), assets, boot, routerData: result.routerData, externalScripts });
  const status = form && result.status === 200 ? form.status : result.status;
  return new Response(start + result.html + end, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // A re-rendered form holds what someone typed: kept by no cache.
      'cache-control': user || form ? 'private, no-store' : 'no-cache',
    },
  });
}

type StaticErrorStatus = 404 | 500 | 503;

const STATIC_ERROR_TEXT: Record<StaticErrorStatus, { title: string; message?: string }> = {
  404: { title: 'Page Not Found' },
  500: { title: 'Something went wrong', message: 'Please try again in a moment.' },
  503: { title: 'Temporarily unavailable', message: UNAVAILABLE_MESSAGE },
};

/**
 * A self-contained error document with no scripts: used when the React renderer itself cannot run
 * (or for non-GET page requests), so an error never hides behind another error. It names no site: the
 * name is in D1, which may be what failed, and no other name is the site's (decision 044).
 */
export function renderErrorPage(c: Context<AppEnv>, status: StaticErrorStatus): Response {
  const { title, message: text } = STATIC_ERROR_TEXT[status];
  const path = c.req.path.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const message = text ?? `There is nothing at <code>${path}</code>.`;
  const html =
    `<!doctype html><html lang="en" data-theme="dark"><head><meta charset="utf-8"><title>${title}</title>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"></head>` +
    `<body><main id="main"><h1>${title}</h1><p>${message}</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
  return c.html(html, status);
}

/** The page for D1 failing (a page, or a form posted before hydration): the 503 error page, never stored. */
export function renderUnavailablePage(c: Context<AppEnv>): Response {
  const page = renderErrorPage(c, 503);
  for (const [name, value] of Object.entries(UNAVAILABLE_HEADERS)) page.headers.set(name, value);
  return page;
}
