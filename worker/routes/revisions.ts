// A post's revisions: list, one, restore. Owner and admins only; a visitor gets 401 and anyone else 404,
// as for someone else's draft (the post's existence is not revealed).
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { PostSlugParamSchema, type PostResponse } from '../../contracts/posts';
import {
  RevisionParamSchema,
  RevisionRestoreInputSchema,
  type RevisionListResponse,
  type RevisionResponse,
} from '../../contracts/revisions';
import type { AppEnv } from '../env';
import { notFound } from '../lib/http-error';
import { requireEditablePost, signedInUser } from '../lib/permissions';
import { validate } from '../lib/validate';
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

export const revisionRoutes = new Hono<AppEnv>()
  .use('/posts/:slug/revisions', requireUser)
  .use('/posts/:slug/revisions/*', requireUser)

  .get('/posts/:slug/revisions', validate('param', PostSlugParamSchema), ownPost, async (c) =>
    c.json<RevisionListResponse>({ items: await listRevisions(c.var.db, c.var.post.id) }),
  )

  .get('/posts/:slug/revisions/:id', validate('param', RevisionParamSchema), ownPost, async (c) => {
    const revision = await findRevision(c.var.db, c.var.post.id, c.req.valid('param').id);
    if (!revision) throw notFound('No such revision');
    return c.json<RevisionResponse>({ revision });
  })

  .post(
    '/posts/:slug/revisions/:id/restore',
    validate('param', RevisionParamSchema),
    ownPost,
    validate('json', RevisionRestoreInputSchema),
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
