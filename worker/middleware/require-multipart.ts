// Upload routes answer 415 to anything but multipart/form-data, before the form is read.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { HttpError } from '../lib/http-error';

export const requireMultipart = (message: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'multipart/form-data') throw new HttpError(415, 'unsupported_media_type', message);
    await next();
  });
