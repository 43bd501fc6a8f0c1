// `GET /api/openapi.json`: the OpenAPI 3.1 document of every API call, generated from the declarations the
// routes are registered with (worker/lib/api-router.ts), so it shows the very schemas that check requests.
import { z } from 'zod';
import type { ApiRouter } from '../lib/api-router';
import { SESSION_COOKIE_NAME } from '../lib/session-cookie';

export const OPENAPI_PATH = '/api/openapi.json';

/** The document's outline (its parts are OpenAPI's own); enough to tell a client what it received. */
export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

const SESSION_SCHEME = {
  type: 'apiKey',
  in: 'cookie',
  name: `__Host-${SESSION_COOKIE_NAME}`,
  description: `The session cookie that logging in or registering sets (\`${SESSION_COOKIE_NAME}\` on http://localhost). Writes also need an Origin header of the site.`,
} as const;

/**
 * Adds `GET /api/openapi.json` to `api`, the router every API router is mounted on. The document is built on
 * the first request and kept: it changes only with a deploy.
 */
export function serveApiDocument(api: ApiRouter): void {
  let document: unknown;
  api.endpoint(
    { method: 'get', path: OPENAPI_PATH, summary: 'This document: every API call, its input and its answers', tags: ['meta'], responses: { 200: OpenApiDocumentSchema } },
    (c) => {
      document ??= api.document(
        {
          openapi: '3.1.0',
          info: {
            title: 'Byline API',
            version: '1',
            description: 'Every error answers `{error: {code, message, fields?}}` (product.md §5).',
          },
        },
        { session: SESSION_SCHEME },
      );
      return c.json(document);
    },
  );
}
