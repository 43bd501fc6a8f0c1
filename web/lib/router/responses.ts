// What a loader may throw or return besides its data, as React Router spells it: a redirect (a Response
// with a Location), `data(value, { status })`, and the error response a thrown status becomes.

/** A status thrown by a loader (the 404 and 403 pages), as the route's error element reads it. */
export class ErrorResponse {
  readonly internal = false;
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown,
  ) {}
}

export const isRouteErrorResponse = (error: unknown): error is ErrorResponse =>
  error != null &&
  typeof (error as ErrorResponse).status === 'number' &&
  typeof (error as ErrorResponse).statusText === 'string' &&
  typeof (error as ErrorResponse).internal === 'boolean' &&
  'data' in (error as object);

/** A loader's value with the status it answers with (React Router's `data()`). */
export class DataWithInit {
  readonly type = 'DataWithResponseInit';
  constructor(
    readonly data: unknown,
    readonly init: ResponseInit,
  ) {}
}

export const data = (value: unknown, init?: number | ResponseInit): DataWithInit =>
  new DataWithInit(value, typeof init === 'number' ? { status: init } : (init ?? {}));

export function redirect(url: string, init: number | ResponseInit = 302): Response {
  const responseInit = typeof init === 'number' ? { status: init } : { status: 302, ...init };
  const headers = new Headers(responseInit.headers);
  headers.set('Location', url);
  return new Response(null, { ...responseInit, headers });
}

/** Where a loader's answer (returned or thrown) sends the navigation, if it is a redirect. */
export const redirectTarget = (value: unknown): string | null =>
  value instanceof Response && value.status >= 300 && value.status < 400 ? value.headers.get('Location') : null;

/** What a thrown value shows: a `data()` or a Response becomes an error response; anything else is itself. */
export function toRouteError(thrown: unknown): unknown {
  if (thrown instanceof DataWithInit) return new ErrorResponse(thrown.init.status ?? 500, thrown.init.statusText ?? '', thrown.data);
  if (thrown instanceof Response) return new ErrorResponse(thrown.status, thrown.statusText, null);
  return thrown;
}

/** A route error as the server serialized it into the page (web/entry-server.tsx routerDataOf), made whole again. */
export function revivedError(value: unknown): unknown {
  const v = value as { __type?: string; status: number; statusText: string; data: unknown; message: string } | null;
  if (v?.__type === 'RouteErrorResponse') return new ErrorResponse(v.status, v.statusText, v.data);
  if (v?.__type === 'Error') return new Error(v.message);
  return value;
}
