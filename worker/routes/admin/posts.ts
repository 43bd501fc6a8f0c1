// `/api/admin/posts`: every post of any status, filtered, sorted and paged; one post read, written and deleted
// through the same code as /api/posts/:slug; the list's quick status changes (PATCH) and its bulk actions.
import { createMiddleware } from 'hono/factory';
import {
  AdminPostQuerySchema,
  AdminPostStatusSchema,
  BulkPostInputSchema,
  type AdminPostList,
  type BulkPostResults,
} from '../../../contracts/admin';
import { AdminPostListSchema, BulkPostResultsSchema } from '../../../contracts/admin-responses';
import { PostResponseSchema } from '../../../contracts/post-responses';
import { PostSlugParamSchema, PostUpdateInputSchema, type PostResponse } from '../../../contracts/posts';
import { PostReturnInputSchema } from '../../../contracts/post-review';
import type { AppEnv } from '../../env';
import { apiRoute, ApiRouter } from '../../lib/api-router';
import { signedInUser } from '../../lib/permissions';
import { requireCan } from '../../middleware/require-user';
import { bulkPostsAs } from '../../services/post-bulk';
import { returnPostToAuthor } from '../../services/post-review';
import { postWriteTags, touchCacheTags } from '../../lib/cache-tags';
import { newsletterStats } from '../../queries/newsletter-sends';
import { changePostAs, fullPost, loadPost, updatePostAs } from '../../services/post-writes';
import { readAdminPosts } from '../../services/admin-reads';
import { readContextOf } from '../../services/read-context';
import { deletePost, type PostRow } from '../../queries/posts';

/** Loads `:slug` (404 when unknown) before the body is read, as the public write routes do. */
const adminPost = createMiddleware<AppEnv & { Variables: { post: PostRow } }>(async (c, next) => {
  c.set('post', await loadPost(c.var.db, c.req.param('slug') ?? ''));
  await next();
});

const NO_SUCH_POST = 'No such post: `not_found`';
const STALE = 'A stale version (or a taken slug): `conflict`; nothing changed';

const adminPostListRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Every post of any status: filtered, sorted and paged (25 a page)',
  tags: ['admin'],
  access: 'admin',
  query: AdminPostQuerySchema,
  responses: { 200: AdminPostListSchema },
});

const bulkRoute = apiRoute({
  method: 'post',
  path: '/bulk',
  summary: "Publish, unpublish, delete or move up to 25 posts, each through its single action's write",
  description: "Each post's own outcome is in the results, in the order asked: one refused post leaves the others done.",
  tags: ['admin'],
  access: 'admin',
  json: BulkPostInputSchema,
  responses: { 200: BulkPostResultsSchema },
});

const adminPostRoute = apiRoute({
  method: 'get',
  path: '/:slug',
  summary: 'One post of any status',
  tags: ['admin'],
  access: 'admin',
  params: PostSlugParamSchema,
  middleware: [adminPost],
  responses: { 200: PostResponseSchema },
  errors: { 404: NO_SUCH_POST },
});

const adminPostUpdateRoute = apiRoute({
  method: 'put',
  path: '/:slug',
  summary: 'Change a post, as `PUT /api/posts/:slug` for an admin',
  tags: ['admin'],
  access: 'admin',
  params: PostSlugParamSchema,
  middleware: [adminPost],
  json: PostUpdateInputSchema,
  responses: { 200: PostResponseSchema },
  errors: { 404: NO_SUCH_POST, 409: STALE },
});

const adminPostStatusRoute = apiRoute({
  method: 'patch',
  path: '/:slug',
  summary: "Publish now, schedule or unpublish, keeping the post's other fields",
  tags: ['admin'],
  access: 'admin',
  params: PostSlugParamSchema,
  middleware: [adminPost],
  json: AdminPostStatusSchema,
  responses: { 200: PostResponseSchema },
  errors: { 404: NO_SUCH_POST, 409: STALE },
});

const adminPostDeleteRoute = apiRoute({
  method: 'delete',
  path: '/:slug',
  summary: 'Delete a post',
  tags: ['admin'],
  access: 'admin',
  params: PostSlugParamSchema,
  middleware: [adminPost],
  responses: { 204: null },
  errors: { 404: NO_SUCH_POST },
});

const adminPostReturnRoute = apiRoute({
  method: 'post',
  path: '/:slug/return',
  summary: 'Send a post pending review back to its author as a draft, the note mailed to them',
  tags: ['admin'],
  access: 'admin',
  params: PostSlugParamSchema,
  middleware: [requireCan('posts.review'), adminPost],
  json: PostReturnInputSchema,
  responses: { 200: PostResponseSchema },
  errors: {
    404: NO_SUCH_POST,
    409: 'The post is not pending review, or changed meanwhile: `conflict`; nothing changed, nothing mailed',
  },
});

export const adminPostRoutes = new ApiRouter()
  .endpoint(adminPostListRoute, async (c) => c.json<AdminPostList>(await readAdminPosts(readContextOf(c), c.req.valid('query'))))

  // Each post's own answer in the results; a write's edge-cache refresh follows the 200 (middleware/edge-cache.ts).
  .endpoint(bulkRoute, async (c) =>
    c.json<BulkPostResults>(await bulkPostsAs(c.var.db, signedInUser(c), c.req.valid('json'), Date.now())),
  )

  .endpoint(adminPostRoute, async (c) => {
    const { post } = await fullPost(c.var.db, c.var.post);
    const newsletter = await newsletterStats(c.var.db, c.var.post.id);
    return c.json<PostResponse>({ post: newsletter ? { ...post, newsletter } : post });
  })

  .endpoint(adminPostUpdateRoute, async (c) => {
    const post = await updatePostAs(c.var.db, signedInUser(c), c.var.post, c.req.valid('json'), Date.now());
    touchCacheTags(c, postWriteTags(c.var.post.slug, post.post.slug));
    return c.json<PostResponse>(post);
  })

  /**
   * Publish now (`published`, publishedAt null or absent), schedule (`published`, a future date) or
   * unpublish (`draft`): the post's other fields are kept, and the change goes through the same rules and
   * versioned write as PUT — a stale version is 409 with nothing changed; a draft leaves the featured list.
   */
  .endpoint(adminPostStatusRoute, async (c) => {
    const post = await changePostAs(c.var.db, signedInUser(c), c.var.post, c.req.valid('json'), Date.now());
    touchCacheTags(c, postWriteTags(c.var.post.slug, post.post.slug));
    return c.json<PostResponse>(post);
  })

  .endpoint(adminPostReturnRoute, async (c) =>
    c.json<PostResponse>(await returnPostToAuthor(c, signedInUser(c), c.var.post, c.req.valid('json').note, Date.now())),
  )

  .endpoint(adminPostDeleteRoute, async (c) => {
    await deletePost(c.var.db, c.var.post.id);
    touchCacheTags(c, postWriteTags(c.var.post.slug));
    return c.body(null, 204);
  });
