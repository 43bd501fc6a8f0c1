// CSP allowing the page's inline scripts by their SHA-256 hashes (no nonce, so a cached page is served
// byte for byte; decision 009), HSTS, nosniff, no framing. Only a page that shows the Turnstile widget
// (worker/lib/turnstile.ts) also allows Cloudflare's challenge script and frame (decision 054).
import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { TURNSTILE_ORIGIN } from '../../contracts/turnstile';
import type { AppEnv } from '../env';
import { showsTurnstile } from '../lib/turnstile';
import { INLINE_SCRIPTS } from '../render/document';

/** A CSP source naming one inline script by its hash: `'sha256-<base64>'`. */
export async function scriptHashSource(script: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(script)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

function headersAllowing(scriptHashes: string[], origins: string[] = []): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...scriptHashes, ...origins],
      ...(origins.length > 0 ? { frameSrc: origins } : {}),
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'https:', 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}

/** The headers `middleware` sets on an answer, as name/value pairs: what a held hit is sent with (middleware/held-hit.ts). */
async function headersSetBy(middleware: MiddlewareHandler): Promise<[string, string][]> {
  const probe = new Hono();
  probe.use(middleware);
  probe.get('*', (c) => c.body(null));
  return [...(await probe.request('/')).headers];
}

interface Variant {
  middleware: MiddlewareHandler;
  headers: [string, string][];
}

async function variantAllowing(scriptHashes: string[], origins: string[] = []): Promise<Variant> {
  const middleware = headersAllowing(scriptHashes, origins);
  return { middleware, headers: await headersSetBy(middleware) };
}

// The scripts are constants of this build, so their hashes are computed once per isolate, on first use.
let built: Promise<{ plain: Variant; turnstile: Variant }> | null = null;
let ready: { plain: Variant; turnstile: Variant } | null = null;

const variantFor = (variants: { plain: Variant; turnstile: Variant }, env: Env, url: URL): Variant =>
  showsTurnstile(env, url) ? variants.turnstile : variants.plain;

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  built ??= Promise.all(INLINE_SCRIPTS.map(scriptHashSource)).then(async (hashes) => {
    ready = { plain: await variantAllowing(hashes), turnstile: await variantAllowing(hashes, [TURNSTILE_ORIGIN]) };
    return ready;
  });
  return variantFor(await built, c.env, new URL(c.req.url)).middleware(c, next);
};

/**
 * The headers this middleware sets on an answer to `url`, once it has run in this isolate (undefined before):
 * a hit answered ahead of the app (middleware/held-hit.ts) is sent with exactly these.
 */
export const securityHeaderList = (env: Env, url: URL): [string, string][] | undefined =>
  ready ? variantFor(ready, env, url).headers : undefined;
