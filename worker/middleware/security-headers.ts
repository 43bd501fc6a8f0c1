// CSP allowing the page's inline scripts by their SHA-256 hashes (no nonce, so a cached page is served
// byte for byte; decision 009), HSTS, nosniff, no framing. Only a page that shows the Turnstile widget
// (worker/lib/turnstile.ts) also allows Cloudflare's challenge script and frame (decision 054).
import type { MiddlewareHandler } from 'hono';
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

// The scripts are constants of this build, so their hashes are computed once per isolate, on first use.
let built: Promise<{ plain: MiddlewareHandler; turnstile: MiddlewareHandler }> | null = null;

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  built ??= Promise.all(INLINE_SCRIPTS.map(scriptHashSource)).then((hashes) => ({
    plain: headersAllowing(hashes),
    turnstile: headersAllowing(hashes, [TURNSTILE_ORIGIN]),
  }));
  const headers = await built;
  return (showsTurnstile(c.env, new URL(c.req.url)) ? headers.turnstile : headers.plain)(c, next);
};
