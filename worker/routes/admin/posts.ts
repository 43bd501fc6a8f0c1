// `/api/admin/posts`: every post of any status, filtered, sorted and paged; one post read, written and deleted
// through the same code as /api/posts/:slug; the list's quick status changes (PATCH) and its bulk actions.
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  AdminPostQuerySchema,
  AdminPostStatusSchema,
  BulkPostInputSchema,
  type AdminPostList,
  type BulkPostResults,
} from '../../../contracts/admin';
import { PostSlugParamSchema, PostUpdateInputSchema, type PostResponse } from '../../../contracts/posts';
import type { AppEnv } from '../../env';
import { signedInUser } from '../../lib/permissions';
import { bulkPostsAs } from '../../services/post-bulk';
import { changePostAs, fullPost, loadPost, updatePostAs } from '../../services/post-writes';
import { validate } from '../../lib/validate';
import { readAdminPosts } from '../../services/admin-reads';
import { readContextOf } from '../../services/read-context';
import { deletePost, type PostRow } from '../../queries/posts';

/** Loads `:slug` (404 when unknown) before the body is read, as the public write routes do. */
const adminPost = createMiddleware<AppEnv & { Variables: { post: PostRow } }>(async (c, next) => {
  c.set('post', await loadPost(c.var.db, c.req.param('slug') ?? ''));
  await next();
});

export const adminPostRoutes = new Hono<AppEnv>()
  .get('/', validate('query', AdminPostQuerySchema), async (c) => {
    return c.json<AdminPostList>(await readAdminPosts(readContextOf(c), c.req.valid('query')));
  })

  // Each post's own answer in the results; a write's edge-cache refresh follows the 200 (middleware/edge-cache.ts).
  .post('/bulk', validate('json', BulkPostInputSchema), async (c) =>
    c.json<BulkPostResults>(await bulkPostsAs(c.var.db, signedInUser(c), c.req.valid('json'), Date.now())),
  )

  .get('/:slug', validate('param', PostSlugParamSchema), adminPost, async (c) => c.json<PostResponse>(await fullPost(c.var.db, c.var.post)))

  .put('/:slug', validate('param', PostSlugParamSchema), adminPost, validate('json', PostUpdateInputSchema), async (c) =>
    c.json<PostResponse>(await updatePostAs(c.var.db, signedInUser(c), c.var.post, c.req.valid('json'), Date.now())),
  )

  /**
   * Publish now (`published`, publishedAt null or absent), schedule (`published`, a future date) or
   * unpublish (`draft`): the post's other fields are kept, and the change goes through the same rules and
   * versioned write as PUT — a stale version is 409 with nothing changed; a draft leaves the featured list.
   */
  .patch('/:slug', validate('param', PostSlugParamSchema), adminPost, validate('json', AdminPostStatusSchema), async (c) =>
    c.json<PostResponse>(await changePostAs(c.var.db, signedInUser(c), c.var.post, c.req.valid('json'), Date.now())),
  )

  .delete('/:slug', validate('param', PostSlugParamSchema), adminPost, async (c) => {
    await deletePost(c.var.db, c.var.post.id);
    return c.body(null, 204);
  });
