// Expected failures are thrown as HttpError; app.onError turns them into the one JSON shape.
import type { ErrorCode, FieldErrors } from '../../contracts/errors';

export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: FieldErrors) => new HttpError(400, 'bad_request', message, fields);
export const unauthenticated = (message = 'You need to log in') => new HttpError(401, 'unauthenticated', message);
export const forbidden = (message = 'You are not allowed to do that') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string, fields?: FieldErrors) => new HttpError(409, 'conflict', message, fields);
export const validationFailed = (fields: FieldErrors, message = 'Some fields need attention') =>
  new HttpError(422, 'validation_failed', message, fields);
export const rateLimited = (retryAfterSeconds: number, message = 'Too many attempts; try again later') =>
  new HttpError(429, 'rate_limited', message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** D1 reports UNIQUE violations as text; we map them to 409 without ever sending that text on. */
export function uniqueViolationOf(err: unknown): string | null {
  const text = err instanceof Error ? `${err.message} ${(err.cause as Error | undefined)?.message ?? ''}` : '';
  const m = /UNIQUE constraint failed: ([\w.]+)/.exec(text);
  if (m) return m[1] ?? '';
  return /UNIQUE constraint failed|SQLITE_CONSTRAINT_UNIQUE/.test(text) ? '' : null;
}
