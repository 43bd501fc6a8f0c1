// Routers whose every call is described once (decision 037): a route's declaration names the zod schemas
// that validate its input and the ones its answers follow, and /api/openapi.json is generated from it.
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { Hono, type Env, type Handler, type MiddlewareHandler, type Schema } from 'hono';
import { mergePath } from 'hono/utils/url';
import type { z } from 'zod';
import { ErrorBodySchema } from '../../contracts/error-responses';
import type { Capability } from '../../contracts/permissions';
import type { AppEnv } from '../env';
import { validate } from './validate';

type SuccessStatus = 200 | 201 | 202 | 204 | 301;
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429;

/** One API call as it is declared: the document and the checks are both made from this. */
export interface ApiRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Hono's form (`/posts/:slug`), relative to where the router is mounted. */
  path: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  /**
   * Who may call it; the guard itself is mounted where the route lives (app.ts, `use(requireUser)`). `admin`:
   * staff whose role has the capability the admin area is mounted behind (routes/admin/index.ts, withCapability).
   */
  access?: 'public' | 'user' | 'admin';
  params?: z.ZodType;
  query?: z.ZodType;
  json?: z.ZodType;
  /** A multipart body (uploads). */
  form?: z.ZodType;
  /** Run after the path and query are checked and before the body is: loaders, content-type checks. */
  middleware?: readonly MiddlewareHandler[];
  /** Each answer that is not an error: its body's schema, or null for none. */
  responses: Partial<Record<SuccessStatus, z.ZodType | null>>;
  /** The errors this call answers beyond those its input and access imply, each with when. */
  errors?: Partial<Record<ErrorStatus, string>>;
}

/** A route declared beside its router, its schemas' types kept for the handler. */
export const apiRoute = <const R extends ApiRoute>(route: R): R => route;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type EnvOfMiddleware<M> = M extends MiddlewareHandler<infer E> ? E : never;
/** AppEnv plus the variables the route's middleware sets (a loaded post, say). */
type RouteEnv<R extends ApiRoute> = R['middleware'] extends readonly (infer M)[] ? AppEnv & UnionToIntersection<EnvOfMiddleware<M>> : AppEnv;
type Target<K extends string, S> = S extends z.ZodType ? { [P in K]: z.output<S> } : Record<never, never>;
/** What `c.req.valid(...)` returns for each part the route validates. */
type RouteInput<R extends ApiRoute> = {
  out: Target<'param', R['params']> & Target<'query', R['query']> & Target<'json', R['json']> & Target<'form', R['form']>;
};

type SecurityScheme = Parameters<OpenAPIRegistry['registerComponent']>[2];

const SUCCESS_TEXT: Record<SuccessStatus, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'Done; no content',
  301: 'Moved: the Location header names the current address',
};

/** The error answers a route has by its shape: what its input, its access and the app's middleware refuse. */
function impliedErrors(route: ApiRoute): Partial<Record<ErrorStatus | 500 | 503, string>> {
  const body = route.json ?? route.form;
  return {
    ...(route.params || route.query || route.json ? { 400: 'A path or query parameter (or the JSON) is not valid: `bad_request` with fields' } : {}),
    ...(route.access === 'user' || route.access === 'admin' ? { 401: 'No session: `unauthenticated`' } : {}),
    ...(route.access === 'admin' ? { 403: 'Signed in, but the role may not use this admin area: `forbidden`' } : {}),
    ...(body ? { 413: 'The body is over the size limit: `payload_too_large`' } : {}),
    ...(body ? { 415: `The body is not ${route.form ? 'multipart/form-data' : 'application/json'}: \`unsupported_media_type\`` } : {}),
    ...(body ? { 422: 'A field breaks its rule: `validation_failed` with fields' } : {}),
    ...route.errors,
    500: 'Something unexpected went wrong: `internal`, with the request id',
    503: 'The database failed: `unavailable`, with Retry-After; nothing was changed (docs/decisions/058)',
  };
}

/** `/posts/:slug` as OpenAPI writes it: `/posts/{slug}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });

/** The route as the OpenAPI registry takes it: `{slug}` paths, the request parts, every answer with its schema. */
export function toRouteConfig(route: ApiRoute): RouteConfig {
  const responses: RouteConfig['responses'] = {};
  for (const [status, schema] of Object.entries(route.responses)) {
    responses[status] = { description: SUCCESS_TEXT[Number(status) as SuccessStatus], ...(schema ? json(schema) : {}) };
  }
  for (const [status, description] of Object.entries(impliedErrors(route))) responses[status] = { description, ...json(ErrorBodySchema) };
  return {
    method: route.method,
    path: openApiPath(route.path),
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [...route.tags],
    ...(route.access === 'user' || route.access === 'admin' ? { security: [{ session: [] }] } : {}),
    request: {
      ...(route.params ? { params: route.params as never } : {}),
      ...(route.query ? { query: route.query as never } : {}),
      ...(route.json ? { body: { required: true, ...json(route.json) } } : {}),
      ...(route.form ? { body: { required: true, content: { 'multipart/form-data': { schema: route.form } } } } : {}),
    },
    responses,
  };
}

/**
 * The checks in the order the API has always answered: path and query first (an over-long slug is 400
 * before anything is looked up), then the route's middleware (a loader's 404, a wrong content type's 415),
 * then the body. Each check is validate(), so a refusal has the one error shape (§5).
 */
function checksOf(route: ApiRoute): MiddlewareHandler[] {
  return [
    ...(route.params ? [validate('param', route.params)] : []),
    ...(route.query ? [validate('query', route.query)] : []),
    ...(route.middleware ?? []),
    ...(route.json ? [validate('json', route.json)] : []),
    ...(route.form ? [validate('form', route.form)] : []),
  ] as MiddlewareHandler[];
}

export class ApiRouter extends Hono<AppEnv> {
  /** The declarations of this router's calls and of the routers mounted on it, paths from here. */
  readonly declared: RouteConfig[] = [];

  /** Registers `route`: its entry in the API's document, and `handler` behind the route's checks. */
  endpoint<const R extends ApiRoute>(route: R, handler: Handler<RouteEnv<R>, string, RouteInput<R>>): this {
    this.declared.push(toRouteConfig(route));
    this.on(route.method.toUpperCase(), route.path, ...(checksOf(route) as [MiddlewareHandler<AppEnv>]), handler as unknown as Handler<AppEnv>);
    return this;
  }

  /** Hono's route(), and a mounted ApiRouter's declarations come along under the mount path. */
  override route<SubPath extends string, SubEnv extends Env, SubSchema extends Schema, SubBasePath extends string>(
    path: SubPath,
    app: Hono<SubEnv, SubSchema, SubBasePath>,
  ): this {
    super.route(path, app);
    if (app instanceof ApiRouter) {
      for (const declared of app.declared) this.declared.push({ ...declared, path: mergePath(openApiPath(path), declared.path) });
    }
    return this;
  }

  /**
   * Documents that every call declared here needs `capability` of the permission table: the session scheme,
   * and a 403 naming it. The guard itself is mounted where the router is (routes/admin/index.ts).
   */
  withCapability(capability: Capability): this {
    for (const declared of this.declared) {
      declared.security = [{ session: [] }];
      declared.responses['403'] = { description: `Signed in, but the role may not \`${capability}\`: \`forbidden\``, ...json(ErrorBodySchema) };
    }
    return this;
  }

  /** The OpenAPI 3.1 document of every call declared here, with these security schemes. */
  document(config: Parameters<OpenApiGeneratorV31['generateDocument']>[0], securitySchemes: Record<string, SecurityScheme> = {}) {
    const registry = new OpenAPIRegistry();
    for (const [name, scheme] of Object.entries(securitySchemes)) registry.registerComponent('securitySchemes', name, scheme);
    for (const declared of this.declared) registry.registerPath(declared);
    return new OpenApiGeneratorV31(registry.definitions).generateDocument(config);
  }

  /** Mounts `guard` in front of `paths` (for `methods` only, when named), keeping the chain an ApiRouter. */
  guard<E extends AppEnv>(paths: string | string[], guard: MiddlewareHandler<E>, methods?: string[]): this {
    const mounted = guard as unknown as MiddlewareHandler<AppEnv>;
    for (const path of [paths].flat()) {
      if (methods) this.on(methods, path, mounted);
      else this.use(path, mounted);
    }
    return this;
  }
}
