// The generic HTTP client: credentials always, JSON bodies for POST/PUT/PATCH/DELETE,
// one retry for the other methods on transient statuses. The one place that reads the error shape.
import type { ErrorBody, ErrorCode, FieldErrors } from '../../contracts/errors';

export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly fields: FieldErrors = {},
  ) {
    super(message);
  }
}

/** The message for a 429: how long to wait, from its Retry-After (seconds), in whole minutes; null without one. */
export function tooManyAttemptsMessage(retryAfter: string | null): string | null {
  const seconds = retryAfter?.trim() ?? '';
  if (!/^\d{1,9}$/.test(seconds)) return null;
  const minutes = Math.max(1, Math.ceil(Number(seconds) / 60));
  return `Too many attempts — try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** The error an answer in the error shape stands for; a 429 says how long to wait (from its Retry-After). */
export function apiErrorOf(status: number, error: ErrorBody['error'], retryAfter: string | null): ApiError {
  const waitMessage = status === 429 ? tooManyAttemptsMessage(retryAfter) : null;
  return new ApiError(status, error.code, waitMessage ?? error.message, error.fields ?? {});
}

async function errorFrom(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as Partial<ErrorBody>;
    if (body.error && typeof body.error.message === 'string') return apiErrorOf(res.status, body.error, res.headers.get('retry-after'));
  } catch {
    // not our JSON shape; fall through
  }
  return new ApiError(res.status, 'internal', `The server answered ${res.status}`);
}

export interface HttpClient {
  request<T>(method: Method, path: string, body?: unknown): Promise<T>;
  /** Sends a prepared body (e.g. FormData) as it is; never retried. */
  send<T>(method: Method, path: string, body: BodyInit): Promise<T>;
}

export interface HttpClientOptions {
  fetch: FetchLike;
  baseUrl?: string;
  /** Called with the error before it is thrown; the private client redirects here. */
  onError?: (error: ApiError) => void;
}

export function createHttpClient({ fetch, baseUrl = '', onError }: HttpClientOptions): HttpClient {
  async function run<T>(method: Method, path: string, init: RequestInit, retryable: boolean): Promise<T> {
    const attempt = () => fetch(baseUrl + path, { ...init, method, credentials: 'include' });
    let res: Response;
    try {
      res = await attempt();
      if (retryable && RETRY_STATUSES.has(res.status)) res = await attempt();
    } catch (cause) {
      const error = new ApiError(0, 'network', 'Could not reach the server; check your connection');
      error.cause = cause;
      onError?.(error);
      throw error;
    }
    if (!res.ok) {
      const error = await errorFrom(res);
      onError?.(error);
      throw error;
    }
    if (res.status === 204 || method === 'HEAD') return undefined as T;
    return (await res.json()) as T;
  }

  return {
    request<T>(method: Method, path: string, body?: unknown) {
      const headers: Record<string, string> = { accept: 'application/json' };
      const init: RequestInit = { headers };
      if (BODY_METHODS.has(method)) {
        headers['content-type'] = 'application/json';
        init.body = JSON.stringify(body ?? {});
      }
      return run<T>(method, path, init, !BODY_METHODS.has(method));
    },
    send<T>(method: Method, path: string, body: BodyInit) {
      return run<T>(method, path, { body, headers: { accept: 'application/json' } }, false);
    },
  };
}
