// A visitor's hit answered ahead of the app (decision 071): on the local path (`wrangler dev`, tests: no Workers
// Cache), when this isolate holds both the content state and the stored answer for the request's key, the answer is
// sent as the full chain would send it — the stored headers, the browser's (ETag, Cache-Control, X-Cache: HIT) and
// the security headers, built once per stored answer — without routing, the middleware chain or copying the body.
// Anything else (a write, a session cookie, `no-cache`, a state or answer not held here, Workers Cache in
// production, which answers hits before the Worker runs) goes to the app, whose edge cache decides as before.
import { getPath } from 'hono/utils/url';
import { heldAnswer, type StoredAnswer, workersCacheOn } from '../lib/cache-store';
import {
  answerHeaders,
  browserHeaders,
  cacheKeyUrl,
  contentVersion,
  deploymentOf,
  etagFor,
  hasSessionCookie,
  matchesIfNoneMatch,
  wantsFreshAnswer,
} from '../lib/edge-cache-policy';
import { heldContentState } from '../services/edge-cache-state';
import { secretsProblem } from './check-secrets';
import { logRequest, requestIdOf } from './request-log';
import { securityHeaderList } from './security-headers';

/** A stored answer's headers as a hit sends them, built on its first hit here (per security variant). */
interface Ready {
  security: [string, string][];
  hit: [string, string][];
  notModified: [string, string][];
}
const readyAnswers = new WeakMap<StoredAnswer, Ready>();

/** Environments that passed checkSecrets: a held answer is only ever sent where the chain would serve at all. */
const servingEnvs = new WeakSet<Env>();

function withSecurity(headers: Headers, security: [string, string][]): [string, string][] {
  for (const [name, value] of security) headers.set(name, value);
  headers.delete('x-powered-by');
  return [...headers];
}

function readyFor(stored: StoredAnswer, etag: string, security: [string, string][]): Ready {
  const ready = readyAnswers.get(stored);
  if (ready && ready.security === security) return ready;
  const built: Ready = {
    security,
    hit: withSecurity(answerHeaders(stored, etag, 'HIT'), security),
    notModified: withSecurity(browserHeaders(new Headers(), etag, 'HIT'), security),
  };
  readyAnswers.set(stored, built);
  return built;
}

function servesAtAll(env: Env): boolean {
  if (servingEnvs.has(env)) return true;
  if (secretsProblem(env) !== null) return false;
  servingEnvs.add(env);
  return true;
}

/** The hit this isolate can answer for `request` at once, or undefined (then the app answers). */
export function answerHeldHit(request: Request, env: Env | undefined, ctx: object | undefined): Response | undefined {
  const method = request.method;
  if ((method !== 'GET' && method !== 'HEAD') || !env) return undefined;
  if ((ctx && workersCacheOn(ctx)) || !servesAtAll(env)) return undefined;
  if (hasSessionCookie(request.headers.get('cookie') ?? undefined) || wantsFreshAnswer(request.headers)) return undefined;
  const url = new URL(request.url);
  const state = heldContentState(url.origin, Date.now());
  if (!state) return undefined;
  const version = contentVersion(state, deploymentOf(env));
  const stored = heldAnswer(cacheKeyUrl(request.url, version));
  const security = stored && securityHeaderList(env, url);
  if (!stored || !security) return undefined;

  const etag = etagFor(version);
  const ready = readyFor(stored, etag, security);
  const notModified = matchesIfNoneMatch(request.headers.get('if-none-match') ?? undefined, etag);
  const res = notModified
    ? new Response(null, { status: 304, headers: ready.notModified })
    : new Response(method === 'HEAD' ? null : stored.body, { status: stored.status, headers: ready.hit });
  logRequest(env, () => ({
    requestId: requestIdOf(request),
    method,
    path: getPath(request),
    status: res.status,
    ms: 0, // answered without waiting on anything
    cache: 'HIT',
    role: 'visitor',
  }));
  return res;
}
