// Expected failures are thrown as HttpError; app.onError turns them into the one JSON shape.
import { UNAVAILABLE_MESSAGE, type ErrorBody, type ErrorCode, type FieldErrors } from '../../contracts/errors';
import type { ConstraintFailure } from '../db/constraint-failure';

export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The error as the one JSON shape carries it (`{code, message, fields?}`). */
export const errorOf = (err: HttpError): ErrorBody['error'] => ({ code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) });

export const unauthenticated = (message = 'You need to log in') => new HttpError(401, 'unauthenticated', message);
export const forbidden = (message = 'You are not allowed to do that') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string, fields?: FieldErrors) => new HttpError(409, 'conflict', message, fields);
export const validationFailed = (fields: FieldErrors, message = 'Some fields need attention') =>
  new HttpError(422, 'validation_failed', message, fields);
export const rateLimited = (retryAfterSeconds: number, message = 'Too many attempts; try again later') =>
  new HttpError(429, 'rate_limited', message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** D1 down or unreachable, for about this long: long enough not to add load, short enough for a blip. */
export const UNAVAILABLE_RETRY_SECONDS = 60;
/** The headers of every answer to D1 failing, page or API: when to try again, and kept by no cache. */
export const UNAVAILABLE_HEADERS: Readonly<Record<string, string>> = {
  'Retry-After': String(UNAVAILABLE_RETRY_SECONDS),
  'Cache-Control': 'private, no-store',
};
/** D1 failed (db/d1-outage.ts): nothing was done, and trying again later will work. */
export const unavailable = () => new HttpError(503, 'unavailable', UNAVAILABLE_MESSAGE, undefined, { ...UNAVAILABLE_HEADERS });

const fieldOf = (column: string): string =>
  (column.split('.').pop() ?? '').replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());

/**
 * The error policy for a constraint failure no caller turned into a more precise answer: never a 500,
 * since it is the data refusing the input. A duplicate is a conflict (409); a reference to a row that is
 * gone, a missing or out-of-rule value is input to correct (422), with the field when D1 names it.
 */
export function constraintError(failure: ConstraintFailure): HttpError {
  const field = fieldOf(failure.column);
  const fields = (message: string) => (field ? { [field]: message } : undefined);
  const invalid = (message: string, fieldMessage: string) => new HttpError(422, 'validation_failed', message, fields(fieldMessage));
  switch (failure.kind) {
    case 'unique':
      return conflict(field ? `That ${field} is already taken` : 'That already exists', fields('This is already taken'));
    case 'foreign_key':
      return invalid('Something this refers to no longer exists; reload and try again', '');
    case 'not_null':
      return invalid('A required field is missing', 'This is required');
    case 'check':
      return invalid('A field breaks a rule', 'This value is not allowed');
  }
}
