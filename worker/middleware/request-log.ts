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

export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  c.set('requestId', c.req.header('cf-ray') ?? crypto.randomUUID());
  await next();
  if (c.env.REQUEST_LOG !== 'json') return;
  // Set by loadSession; a request answered before it (an edge-cache hit, a static file) is a visitor's.
  const user = c.get('user');
  const line: RequestLogLine = {
    requestId: c.var.requestId,
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    ms: Date.now() - started,
    cache: c.res.headers.get(CACHE_STATUS_HEADER) ?? undefined,
    role: user ? roleLabel(user.role).toLowerCase() : 'visitor',
  };
  console.log(JSON.stringify(line));
});
