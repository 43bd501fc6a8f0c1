// One JSON line per request (product.md §17, decision 059), for Workers Logs ([observability] in wrangler.toml)
// and the `npm start` console: the request's id (Cloudflare's Ray ID, or a random one), method, path, status,
// duration, the edge cache's answer and who asked by role. Never the query string (links carry tokens there),
// cookies, emails or names. Every error log of the request starts with the same `[requestId]`.
import { createMiddleware } from 'hono/factory';
import { roleLabel } from '../../contracts/roles';
import type { AppEnv } from '../env';
import { CACHE_STATUS_HEADER } from '../lib/edge-cache-policy';

export interface RequestLogLine {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  cache?: string;
  role: string;
}

/** The request's id: Cloudflare's Ray ID, else a random one. */
export const requestIdOf = (request: Request): string => request.headers.get('cf-ray') ?? crypto.randomUUID();

/** Writes the request's line when the log is on (REQUEST_LOG=json); the line is built only then. */
export function logRequest(env: Env, line: () => RequestLogLine): void {
  if (env.REQUEST_LOG === 'json') console.log(JSON.stringify(line()));
}

export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  c.set('requestId', requestIdOf(c.req.raw));
  await next();
  // Set by loadSession; a request answered before it (an edge-cache hit, a static file) is a visitor's.
  const user = c.get('user');
  logRequest(c.env, () => ({
    requestId: c.var.requestId,
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    ms: Date.now() - started,
    cache: c.res.headers.get(CACHE_STATUS_HEADER) ?? undefined,
    role: user ? roleLabel(user.role).toLowerCase() : 'visitor',
  }));
});
