// The renderer's data path: page loaders call the API routes in-process, without re-running the
// middleware chain. The page request has already passed it once (headers, limits, origin check,
// secrets, db, session); its db, user and session are handed over to every loader call, so a page
// loads its session from D1 once however many API calls its loaders make (docs/decisions/010).
// A form posted before hydration (middleware/form-posts.ts) reaches its API route the same way, as the
// one write of a request that has passed the same chain (docs/decisions/028).
import { Hono, type Context, type ErrorHandler, type NotFoundHandler } from 'hono';
import { createRenderDb } from '../db/coalesced-reads';
import type { AppEnv } from '../env';

/** Request state handed from the page request to its loaders' API calls. */
type Handed = Pick<AppEnv['Variables'], 'db' | 'user' | 'sessionId' | 'requestId'> & {
  /** A form post's call, which writes; a loader's only reads. */
  writes: boolean;
};

// A symbol key on the env object given to the inner app: no client input can reach or forge it.
const HANDED = Symbol('byline.handed-request-state');
type HandedEnv = Env & { [HANDED]?: Handed };

export type InProcessFetch = (request: Request) => Promise<Response>;

function executionContextOf(c: Context<AppEnv>) {
  try {
    return c.executionCtx;
  } catch {
    return undefined; // app.request() in tests has none
  }
}

/**
 * An app that serves `api` (the API routes, not the middleware before them) to the renderer and the form
 * posts only. Answers a function that binds it to one request: every call then runs with that request's
 * state; `writes` for a form post (its db is the request's own, not the render's coalescing reader).
 */
export function createInProcessApi(
  api: Hono<AppEnv>,
  policy: { onError: ErrorHandler<AppEnv>; notFound: NotFoundHandler<AppEnv> },
): (c: Context<AppEnv>, options?: { writes: boolean }) => InProcessFetch {
  const inner = new Hono<AppEnv>();
  inner.use('*', async (c, next) => {
    const handed = (c.env as HandedEnv)[HANDED];
    // Only the renderer's loaders (which only read) and a form post's one call come here.
    if (!handed || (!handed.writes && c.req.method !== 'GET' && c.req.method !== 'HEAD')) {
      throw new Error('in-process API call without a page request');
    }
    c.set('db', handed.db);
    c.set('user', handed.user);
    c.set('sessionId', handed.sessionId);
    c.set('requestId', handed.requestId);
    await next();
  });
  inner.route('/', api);
  inner.onError(policy.onError);
  inner.notFound(policy.notFound);

  return (c, { writes } = { writes: false }) => {
    // The page request's bindings, plus its state under the symbol (the bindings object itself is never changed).
    const env: HandedEnv = Object.create(c.env as object) as HandedEnv;
    // Defined, not assigned: an assignment walks the prototype chain, and where the bindings object is a
    // Proxy (as under the test runner) its set trap would store the state on the one shared object, so
    // concurrent pages would read each other's user.
    Object.defineProperty(env, HANDED, {
      value: {
        db: writes ? c.var.db : createRenderDb(c.env.DB),
        user: c.var.user,
        sessionId: c.var.sessionId,
        requestId: c.var.requestId,
        writes,
      } satisfies Handed,
    });
    const ctx = executionContextOf(c);
    return async (request) => inner.fetch(request, env, ctx);
  };
}
