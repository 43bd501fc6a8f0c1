// Forms posted before hydration (product.md §13, security rule 8): a urlencoded POST to a form's API path
// (contracts/form-posts.ts) has passed the same body limit and origin check as a JSON call; here its fields
// become the JSON body its route's validator reads, and the request goes on down the same chain to the same
// JSON handler, with this request's db and session. Its answer then becomes what a browser without the
// script needs: a 303 to the next page (with the answer's cookies) on success, or the form's page rendered
// again with the answer's status, errors and the echoed input — never a password (docs/decisions/028, 034).
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ErrorBody } from '../../contracts/errors';
import { carriedQuery, echoedValues, FORM_POSTS, formPage, formPagePath, formPostAt, type FormReplay } from '../../contracts/form-posts';
import type { AppEnv } from '../env';
import { redirectTo, renderUnavailablePage, type FormRender } from '../render/render-page';

const URLENCODED = 'application/x-www-form-urlencoded';

/** A content type without parameters, lower-cased ('' when none is named). */
const mediaTypeOf = (contentType: string | null | undefined): string => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/** The request body's media type, without parameters, lower-cased ('' when none is named). */
export const mediaType = (c: Context<AppEnv>): string => mediaTypeOf(c.req.header('content-type'));

/** The form a urlencoded request to a form's API path stands for, sent with the method of that form's API call. */
function formPostOf(method: string, contentType: string | null | undefined, url: URL) {
  if (mediaTypeOf(contentType) !== URLENCODED) return null;
  const found = formPostAt(url);
  return found && found.post.method === method ? found : null;
}

/** A urlencoded post to a form's API path: the only non-JSON body the API takes (middleware/require-json.ts). */
export const isFormPost = (c: Context<AppEnv>): boolean => formPostOf(c.req.method, c.req.header('content-type'), new URL(c.req.url)) !== null;

/**
 * An HTML form can only POST: a form whose API call is another method (`PATCH /api/profile`) is routed as
 * that method, before any middleware, its body left unread (so the body limit applies to it as to any).
 */
export function routedAsItsApiCall(request: Request): Request {
  if (request.method !== 'POST' || mediaTypeOf(request.headers.get('content-type')) !== URLENCODED) return request;
  const found = formPostAt(new URL(request.url));
  return found && found.post.method !== 'POST' ? new Request(request, { method: found.post.method }) : request;
}

/** The request as its JSON call: the submitted fields as the body, with the browser's other headers. */
function asJsonCall(raw: Request, submitted: URLSearchParams): Request {
  const headers = new Headers(raw.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(raw.url, { method: raw.method, headers, body: JSON.stringify(Object.fromEntries(submitted)), signal: raw.signal });
}

async function errorOf(answer: Response): Promise<NonNullable<FormReplay['error']>> {
  const retryAfter = answer.headers.get('retry-after') ?? undefined;
  let error: ErrorBody['error'] = { code: 'internal', message: `Something went wrong (${answer.status}); please try again.` };
  try {
    const body = (await answer.json()) as Partial<ErrorBody>;
    if (body.error && typeof body.error.message === 'string') error = body.error;
  } catch {
    // not the error shape: the generic message above
  }
  return { status: answer.status, code: error.code, message: error.message, fields: error.fields ?? {}, ...(retryAfter ? { retryAfter } : {}) };
}

/** Renders the form's page with what to replay, as its own Response. */
export type FormPageRenderer = (c: Context<AppEnv>, form: FormRender) => Promise<Response>;

export const answerFormPosts = (render: FormPageRenderer) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url);
    const found = formPostOf(c.req.method, c.req.header('content-type'), url);
    if (!found) return next();
    const { id, post } = found;
    const carried = carriedQuery(post, url.searchParams);
    // Read as bytes (workerd warns on .text() of a urlencoded body); the body limit has bounded them.
    const submitted = new URLSearchParams(new TextDecoder().decode(await c.req.raw.arrayBuffer()));
    c.req.raw = asJsonCall(c.req.raw, submitted);
    c.req.bodyCache = {};
    await next();

    const answer = c.res;
    const page = formPage(post, carried, url.pathname);
    let shown: Response;
    const step = post.continues;
    if (step && answer.status === step.status) {
      const values = echoedValues(FORM_POSTS[step.form], submitted);
      shown = await render(c, { replay: { form: step.form, path: page, values }, status: 200 });
    } else if (answer.ok) {
      shown = redirectTo(post.next(carried, await answer.json().catch(() => null), formPagePath(post, url.pathname)), 303);
    } else if (answer.status === 503) {
      // D1 failed: the form's page reads D1 too, so the 503 page (the browser keeps what was typed on Back).
      shown = renderUnavailablePage(c);
    } else if (answer.status === 401 && post.signedIn) {
      shown = redirectTo(`/login?${new URLSearchParams({ redirect: formPagePath(post, url.pathname) }).toString()}`, 303);
    } else {
      const error = await errorOf(answer);
      shown = await render(c, { replay: { form: id, path: page, values: echoedValues(post, submitted), error }, status: answer.status });
      if (error.retryAfter) shown.headers.set('retry-after', error.retryAfter);
    }
    // The answer's cookies (this request's session, the sign-in's) go with what is shown instead.
    for (const cookie of answer.headers.getSetCookie()) shown.headers.append('set-cookie', cookie);
    // Cleared first: assigning over the answer would copy its other headers onto the page.
    c.res = undefined;
    c.res = shown;
  });
