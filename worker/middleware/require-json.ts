// JSON routes answer 415 to any other content type: a JSON validator would otherwise see `{}`.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { HttpError } from '../lib/http-error';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const requireJsonBody = createMiddleware<AppEnv>(async (c, next) => {
  if (BODY_METHODS.has(c.req.method)) {
    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    const length = c.req.header('content-length');
    const hasBody = type !== '' || (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
    if (hasBody && type !== 'application/json') {
      throw new HttpError(415, 'unsupported_media_type', 'Send the request body as application/json');
    }
  }
  await next();
});
