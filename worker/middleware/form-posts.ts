// Forms posted before hydration (product.md §13, security rule 8): a urlencoded POST to a form's API path
// (contracts/form-posts.ts) has passed the same body limit and origin check as a JSON call; here its fields
// become the JSON body of that same API call, made in-process with this request's db and session, and the
// answer becomes what a browser without the script needs: a 303 to the next page (with the API's cookies)
// on success, or the form's page rendered again with the API's status, errors and the echoed input —
// never a password. The route handlers are the JSON ones, unchanged (docs/decisions/028).
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ErrorBody } from '../../contracts/errors';
import {
  carriedQuery,
  echoedValues,
  FORM_POSTS,
  formPage,
  formPostAt,
  isFormAction,
  type FormPost,
  type FormReplay,
} from '../../contracts/form-posts';
import type { AppEnv } from '../env';
import type { InProcessFetch } from '../render/in-process-api';
import type { FormRender } from '../render/render-page';

const URLENCODED = 'application/x-www-form-urlencoded';

/** The request body's media type, without parameters, lower-cased ('' when none is named). */
export const mediaType = (c: Context<AppEnv>): string => (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

/** A urlencoded POST to a form's API path: the only non-JSON body the API takes (middleware/require-json.ts). */
export const isFormPost = (c: Context<AppEnv>): boolean =>
  c.req.method === 'POST' && mediaType(c) === URLENCODED && isFormAction(c.req.path);

/** The JSON call the form stands for, with the browser's headers (cookie, client address, user agent). */
function apiCall(c: Context<AppEnv>, post: FormPost, submitted: URLSearchParams): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(new URL(post.action, c.req.url), {
    method: post.method,
    headers,
    body: JSON.stringify(Object.fromEntries(submitted)),
  });
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

export interface FormPostDeps {
  /** The API routes in-process, for this request's one write. */
  api: (c: Context<AppEnv>) => InProcessFetch;
  /** Renders the form's page with what to replay. */
  render: (c: Context<AppEnv>, form: FormRender) => Promise<Response>;
}

export const answerFormPosts = ({ api, render }: FormPostDeps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!isFormPost(c)) return next();
    const url = new URL(c.req.url);
    const found = formPostAt(url);
    if (!found) return next();
    const { id, post } = found;
    const carried = carriedQuery(post, url.searchParams);
    // Read as bytes (workerd warns on .text() of a urlencoded body); the body limit has bounded them.
    const submitted = new URLSearchParams(new TextDecoder().decode(await c.req.arrayBuffer()));
    const answer = await api(c)(apiCall(c, post, submitted));
    const page = formPage(post, carried);
    for (const cookie of answer.headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });

    const step = post.continues;
    if (step && answer.status === step.status) {
      const values = echoedValues(FORM_POSTS[step.form], submitted);
      return render(c, { replay: { form: step.form, path: page, values }, status: 200 });
    }
    if (answer.ok) return c.redirect(post.next(carried, await answer.json().catch(() => null)), 303);
    if (answer.status === 401 && post.signedIn) return c.redirect(`/login?${new URLSearchParams({ redirect: post.page }).toString()}`, 303);

    const error = await errorOf(answer);
    if (error.retryAfter) c.header('retry-after', error.retryAfter);
    return render(c, { replay: { form: id, path: page, values: echoedValues(post, submitted), error }, status: answer.status });
  });
