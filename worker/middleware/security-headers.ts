// CSP allowing the page's inline scripts by their SHA-256 hashes (no nonce, so a cached page is served
// byte for byte; decision 009), HSTS, nosniff, no framing.
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { INLINE_SCRIPTS } from '../render/document';

/** A CSP source naming one inline script by its hash: `'sha256-<base64>'`. */
export async function scriptHashSource(script: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(script)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

function headersAllowing(scriptHashes: string[]): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...scriptHashes],
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
let built: Promise<MiddlewareHandler> | null = null;

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  built ??= Promise.all(INLINE_SCRIPTS.map(scriptHashSource)).then(headersAllowing);
  return (await built)(c, next);
};
