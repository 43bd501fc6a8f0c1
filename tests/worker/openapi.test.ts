// `GET /api/openapi.json`: an OpenAPI 3.1 document that lists every API route the app registers (read from
// the app's own router, so a route added later without a declaration fails here), with its input, its
// answers and its errors; real answers follow the schemas it documents.
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../contracts/error-responses';
import { HomeResponseSchema, PostListResponseSchema, PostResponseSchema, TagResponseSchema } from '../../contracts/post-responses';
import { AdminStatsSchema, AdminUserListSchema } from '../../contracts/admin-responses';
import { CurrentUserResponseSchema } from '../../contracts/user-responses';
import { createApp } from '../../worker/app';
import { requireUser } from '../../worker/middleware/require-user';
import { callAs } from './admin-kit';
import { call } from './helpers';
import { createAdmin, createCategory, createPost, createUser, json } from './factories';

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: Record<string, unknown> }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type: string; in?: string; name?: string }> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const GUARDS: unknown[] = [requireUser];

async function fetchDocument(): Promise<Document> {
  return json<Document>(await call('/api/openapi.json'));
}

/** Every documented call as `METHOD /path` (OpenAPI's `{param}` in the path). */
const documentedCalls = (doc: Document): string[] =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));

/** Every API endpoint the app registers: guards mounted with `on`/`use` and the JSON 404 are not endpoints. */
function registeredCalls(): string[] {
  const calls = new Set<string>();
  for (const { method, path, handler } of createApp().routes) {
    if (!path.startsWith('/api/') || method === 'ALL' || GUARDS.includes(handler)) continue;
    calls.add(`${method} ${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
  }
  return [...calls];
}

/** A path with its `{param}`s filled in. */
const filled = (path: string) => path.replace(/\{[^}]+\}/g, 'no-such-thing');

describe('the OpenAPI document', () => {
  it('is served to visitors from the edge cache (it changes only with a deploy) and never to a session', async () => {
    const first = await call('/api/openapi.json');
    expect(first.status).toBe(200);
    expect(['MISS', 'HIT']).toContain(first.headers.get('x-cache'));
    expect((await call('/api/openapi.json')).headers.get('x-cache')).toBe('HIT');
    const signedIn = await call('/api/openapi.json', { headers: { cookie: '__Host-byline_session=x' } });
    expect(signedIn.headers.get('x-cache')).toBe('BYPASS');
  });

  it('is OpenAPI 3.1: info, paths of operations each with answers, and the session cookie as its security scheme', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.components?.securitySchemes?.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: '__Host-byline_session' });
    for (const [path, ops] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/api\//);
      for (const [method, op] of Object.entries(ops)) {
        expect(METHODS, `${method} ${path}`).toContain(method);
        expect(op.summary, `${method} ${path}`).toBeTruthy();
        expect(Object.keys(op.responses).length, `${method} ${path}`).toBeGreaterThan(0);
        for (const answer of Object.values(op.responses)) expect(answer.description).toBeTruthy();
        // Every `{param}` of the path is a required path parameter with a schema, and no other is.
        const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
        expect(declared.map((p) => p.name).sort(), `${method} ${path}`).toEqual(inPath);
        for (const p of declared) expect(p, `${method} ${path} ${p.name}`).toMatchObject({ required: true, schema: expect.any(Object) });
        if (op.security) expect(op.security).toEqual([{ session: [] }]);
      }
    }
  });

  it('documents every API route the app registers, with its method, and no route that does not exist', async () => {
    const documented = documentedCalls(await fetchDocument()).sort();
    const registered = registeredCalls().sort();
    expect(registered.length).toBeGreaterThan(50);
    expect(documented).toEqual(registered);
  });

  it('shows the schemas that check each input: path, query and body', async () => {
    const doc = await fetchDocument();
    const op = (method: string, path: string) => doc.paths[path]?.[method];
    expect(op('get', '/api/posts')?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:page', 'query:category', 'query:author', 'query:tag', 'query:q']),
    );
    const body = (method: string, path: string) => op(method, path)?.requestBody?.content['application/json']?.schema;
    expect(body('post', '/api/posts')).toMatchObject({ type: 'object', required: expect.arrayContaining(['title', 'body', 'category', 'status']) });
    expect(body('put', '/api/posts/{slug}')).toMatchObject({ required: expect.arrayContaining(['version']) });
    expect(body('post', '/api/auth/register')).toMatchObject({ properties: { username: { maxLength: 32 } } });
    expect(op('post', '/api/media')?.requestBody?.content['multipart/form-data']).toBeDefined();
    // Each call that takes a JSON body says so; calls without one (logout, revoke) show none.
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(ops)) {
        if (operation.requestBody) expect(operation.responses['422'], `${method} ${path}`).toBeDefined();
      }
    }
    expect(op('post', '/api/auth/logout')?.requestBody).toBeUndefined();
  });

  it('documents the error shape and the errors where they apply: 401 and 403 behind guards, 404, 409, 429', async () => {
    const doc = await fetchDocument();
    const errorSchema = doc.paths['/api/posts/{slug}']?.get?.responses['404']?.content?.['application/json']?.schema;
    expect(errorSchema).toMatchObject({ type: 'object', required: ['error'], properties: { error: { properties: { code: { enum: expect.arrayContaining(['not_found']) } } } } });
    const statuses = (method: string, path: string) => Object.keys(doc.paths[path]?.[method]?.responses ?? {});
    expect(statuses('get', '/api/admin/stats')).toEqual(expect.arrayContaining(['200', '401', '403']));
    // An admin area's 403 names the capability of the permission table it is mounted behind.
    const refusal = (method: string, path: string) => doc.paths[path]?.[method]?.responses['403']?.description;
    expect(refusal('get', '/api/admin/settings')).toContain('`settings.manage`');
    expect(refusal('delete', '/api/admin/pages/{slug}')).toContain('`pages.manage`');
    expect(statuses('put', '/api/posts/{slug}')).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409', '413', '415', '422']));
    expect(statuses('post', '/api/auth/login')).toEqual(expect.arrayContaining(['200', '202', '401', '403', '429']));
    expect(statuses('post', '/api/media')).toEqual(expect.arrayContaining(['201', '401', '413', '415', '422']));
  });

  it('marks every call behind a session guard with the session scheme, and each answers 401 to a visitor', async () => {
    const doc = await fetchDocument();
    const guarded = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security)
        .map(([method]) => ({ method: method.toUpperCase(), path })),
    );
    expect(guarded.length).toBeGreaterThan(30);
    for (const { method, path } of guarded) {
      const res = await call(filled(path), { method });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(doc.paths[path]![method.toLowerCase()]!.responses['401'], `${method} ${path}`).toBeDefined();
    }
  });

  it('answers with what it documents: posts, one post, the home page, a tag, the signed-in user, admin lists and an error', async () => {
    const [author, admin, category] = await Promise.all([createUser(), createAdmin(), createCategory()]);
    const post = await createPost(author, category, { tags: [`documented ${crypto.randomUUID().slice(0, 8)}`] });
    PostListResponseSchema.parse(await json(await call('/api/posts')));
    PostListResponseSchema.parse(await json(await call(`/api/posts?q=${encodeURIComponent(post.title)}`)));
    PostResponseSchema.parse(await json(await call(`/api/posts/${post.slug}`)));
    HomeResponseSchema.parse(await json(await call('/api/home')));
    TagResponseSchema.parse(await json(await call(`/api/tags/${post.tags[0]!.slug}`)));
    CurrentUserResponseSchema.parse(await json(await callAs(author, '/api/verify')));
    AdminStatsSchema.parse(await json(await callAs(admin, '/api/admin/stats')));
    AdminUserListSchema.parse(await json(await callAs(admin, '/api/admin/users')));
    for (const [path, status] of [['/api/posts/no-such-post', 404], ['/api/posts?page=0', 400], ['/api/admin/stats', 401]] as const) {
      const res = await call(path);
      expect(res.status, path).toBe(status);
      ErrorBodySchema.parse(await res.json());
    }
  });
});
