// Unsafe methods from another site are refused (403): Hono's csrf() does not cover JSON bodies.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { forbidden } from '../lib/http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * RFC 8058's one-click unsubscribe: a mail client POSTs it from wherever it runs, and its signed token is its
 * whole authority (no session is read or changed), so there is nothing for another site to forge (decision 069).
 */
const ONE_CLICK_PATH = '/unsubscribe';

export const originCheck = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method) && c.req.path !== ONE_CLICK_PATH) {
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const ownOrigin = new URL(c.req.url).origin;
    if (origin !== undefined && origin !== ownOrigin) throw forbidden('Cross-site requests are not allowed');
    if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw forbidden('Cross-site requests are not allowed');
    }
  }
  await next();
});
