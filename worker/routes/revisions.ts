// A post's revisions: list, one, restore. Owner and admins only; a visitor gets 401 and anyone else 404,
// as for someone else's draft (the post's existence is not revealed).
import { createMiddleware } from 'hono/factory';
import { PostSlugParamSchema, type PostResponse } from '../../contracts/posts';
import {
  RevisionParamSchema,
  RevisionRestoreInputSchema,
  type RevisionListResponse,
  type RevisionResponse,
} from '../../contracts/revisions';
import { PostResponseSchema, RevisionListResponseSchema, RevisionResponseSchema } from '../../contracts/post-responses';
import type { AppEnv } from '../env';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { notFound } from '../lib/http-error';
import { requireEditablePost, signedInUser } from '../lib/permissions';
import { requireUser } from '../middleware/require-user';
import { findRevision, listRevisions } from '../queries/revisions';
import type { PostRow } from '../queries/posts';
import { loadPost, restoreRevisionAs } from '../services/post-writes';

/** Loads `:slug` for its owner or an admin; anyone else gets 404. */
const ownPost = createMiddleware<AppEnv & { Variables: { post: PostRow } }>(async (c, next) => {
  const post = await loadPost(c.var.db, c.req.param('slug') ?? '');
  requireEditablePost(signedInUser(c), post);
  c.set('post', post);
  await next();
});

const NOT_OWN_POST = "No such post, or not the caller's (nor are they an admin): `not_found`";

const revisionListRoute = apiRoute({
  method: 'get',
  path: '/posts/:slug/revisions',
  summary: "A post's revisions, newest first (its author and admins)",
  tags: ['revisions'],
  access: 'user',
  params: PostSlugParamSchema,
  middleware: [ownPost],
  responses: { 200: RevisionListResponseSchema },
  errors: { 404: NOT_OWN_POST },
});

const revisionRoute = apiRoute({
  method: 'get',
  path: '/posts/:slug/revisions/:id',
  summary: 'One revision: the content the post had at that version',
  tags: ['revisions'],
  access: 'user',
  params: RevisionParamSchema,
  middleware: [ownPost],
  responses: { 200: RevisionResponseSchema },
  errors: { 404: `${NOT_OWN_POST}; or no such revision` },
});

const revisionRestoreRoute = apiRoute({
  method: 'post',
  path: '/posts/:slug/revisions/:id/restore',
  summary: 'Restore a revision as a new version of the post',
  tags: ['revisions'],
  access: 'user',
  params: RevisionParamSchema,
  middleware: [ownPost],
  json: RevisionRestoreInputSchema,
  responses: { 200: PostResponseSchema },
  errors: { 404: `${NOT_OWN_POST}; or no such revision`, 409: 'A stale version: `conflict`; nothing changed' },
});

export const revisionRoutes = new ApiRouter()
  .guard(['/posts/:slug/revisions', '/posts/:slug/revisions/*'], requireUser)

  .endpoint(revisionListRoute, async (c) =>
    c.json<RevisionListResponse>({ items: await listRevisions(c.var.db, c.var.post.id) }),
  )

  .endpoint(revisionRoute, async (c) => {
    const revision = await findRevision(c.var.db, c.var.post.id, c.req.valid('param').id);
    if (!revision) throw notFound('No such revision');
    return c.json<RevisionResponse>({ revision });
  })

  .endpoint(
    revisionRestoreRoute,
    async (c) =>
      c.json<PostResponse>(
        await restoreRevisionAs(
          c.var.db,
          signedInUser(c),
          c.var.post,
          { revisionId: c.req.valid('param').id, version: c.req.valid('json').version },
          Date.now(),
        ),
      ),
  );
