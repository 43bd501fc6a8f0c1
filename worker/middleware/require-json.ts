// JSON routes answer 415 to any other content type: a JSON validator would otherwise see `{}`. The one
// exception is a form posted before hydration (urlencoded, to a form's API path), which form-posts.ts
// turns into the same JSON call before any route sees it.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { HttpError } from '../lib/http-error';
import { isFormPost, mediaType } from './form-posts';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const requireJsonBody = createMiddleware<AppEnv>(async (c, next) => {
  if (BODY_METHODS.has(c.req.method)) {
    const type = mediaType(c);
    const length = c.req.header('content-length');
    const hasBody = type !== '' || (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
    if (hasBody && type !== 'application/json' && !isFormPost(c)) {
      throw new HttpError(415, 'unsupported_media_type', 'Send the request body as application/json');
    }
  }
  await next();
});
