// The one error shape every API answer uses, read by the web's API client (schema: error-responses.ts).
import type { z } from 'zod';
import type { ErrorBodySchema, ErrorCodeSchema, FieldErrorsSchema } from './error-responses';

export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export type FieldErrors = z.infer<typeof FieldErrorsSchema>;

export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/**
 * What a failed call carries on either side of a page's data: the web's ApiError (an HTTP answer) and the
 * Worker's HttpError (a service called in-process) both have a status and a code, so a page loader turns
 * either into the same page status without knowing which side it runs on.
 */
export interface StatusError extends Error {
  status: number;
  code: string;
}

export const isStatusError = (error: unknown): error is StatusError =>
  error instanceof Error &&
  typeof (error as Partial<StatusError>).status === 'number' &&
  typeof (error as Partial<StatusError>).code === 'string';

/** What a 503 `unavailable` says, on the API and on the page: D1 failed, and trying again soon will work. */
export const UNAVAILABLE_MESSAGE = 'The site is temporarily unavailable. Please try again in a minute.';
