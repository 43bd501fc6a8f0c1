// The one error shape every API answer uses, read by the web's API client.
export type ErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'validation_failed'
  | 'invalid_token'
  | 'invalid_code'
  | 'rate_limited'
  | 'internal';

export type FieldErrors = Record<string, string>;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: FieldErrors };
}

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
