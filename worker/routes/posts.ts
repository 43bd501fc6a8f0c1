// Posts: the public list (with search), one post, and writing them (author of the post or an admin).
import { createMiddleware } from 'hono/factory';
import {
  PostInputSchema,
  PostListQuerySchema,
  PostSlugParamSchema,
  PostUpdateInputSchema,
  type PostListResponse,
  type PostMovedResponse,
  type PostResponse,
} from '../../contracts/posts';
import { PostListResponseSchema, PostMovedResponseSchema, PostResponseSchema } from '../../contracts/post-responses';
import type { AppEnv } from '../env';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { requirePostWriter, requireVisiblePost, signedInUser } from '../lib/permissions';
import { readPost, readPostList, readPostSearch } from '../services/content-reads';
import { sendByEmailIfAsked } from '../services/newsletter-publish';
import { createPostAs, loadPost, updatePostAs } from '../services/post-writes';
import { readContextOf } from '../services/read-context';
import { requireUser } from '../middleware/require-user';
import { postWriteTags, touchCacheTags } from '../lib/cache-tags';
import { deletePost, type PostRow } from '../queries/posts';

/**
 * Loads `:slug` for a change and applies the rules before the body is even read: a post the user may
 * not see is 404, one they may see but not change is 403 (so another author never learns field rules).
 */
const writablePost = createMiddleware<AppEnv & { Variables: { post: PostRow } }>(async (c, next) => {
  const user = signedInUser(c);
  const post = await loadPost(c.var.db, c.req.param('slug') ?? '');
  requireVisiblePost(user, post, Date.now());
  requirePostWriter(user, post);
  c.set('post', post);
  await next();
});

const NOT_YOURS = "Another author's post you may see: `forbidden`";
const NO_SUCH_POST = 'No such post, or one the caller may not see: `not_found`';

const postListRoute = apiRoute({
  method: 'get',
  path: '/posts',
  summary: 'Visible published posts, newest first: by category, author or tag, or a search (`q`, best first)',
  tags: ['posts'],
  query: PostListQuerySchema,
  responses: { 200: PostListResponseSchema },
});

const postRoute = apiRoute({
  method: 'get',
  path: '/posts/:slug',
  summary: 'One post: visible ones to everyone, drafts and scheduled ones to their author and admins',
  description: 'An old slug answers 301 to the current address.',
  tags: ['posts'],
  params: PostSlugParamSchema,
  responses: { 200: PostResponseSchema, 301: PostMovedResponseSchema },
  errors: { 404: NO_SUCH_POST },
});

const postCreateRoute = apiRoute({
  method: 'post',
  path: '/posts',
  summary: 'Write a post (the sender is its author unless an admin names one)',
  tags: ['posts'],
  access: 'user',
  json: PostInputSchema,
  responses: { 201: PostResponseSchema },
  errors: { 403: 'An author naming another author: `forbidden`', 409: 'The hand-set slug is taken: `conflict` with fields.slug' },
});

const postUpdateRoute = apiRoute({
  method: 'put',
  path: '/posts/:slug',
  summary: 'Change a post (its author or an admin), from the version the editor loaded',
  tags: ['posts'],
  access: 'user',
  params: PostSlugParamSchema,
  middleware: [writablePost],
  json: PostUpdateInputSchema,
  responses: { 200: PostResponseSchema },
  errors: { 403: NOT_YOURS, 404: NO_SUCH_POST, 409: 'A stale version, or a taken slug: `conflict`; nothing changed' },
});

const postDeleteRoute = apiRoute({
  method: 'delete',
  path: '/posts/:slug',
  summary: 'Delete a post (its author or an admin)',
  tags: ['posts'],
  access: 'user',
  params: PostSlugParamSchema,
  middleware: [writablePost],
  responses: { 204: null },
  errors: { 403: NOT_YOURS, 404: NO_SUCH_POST },
});

export const postRoutes = new ApiRouter()
  .guard(['/posts', '/posts/:slug'], requireUser, ['POST', 'PUT', 'DELETE'])

  .endpoint(postListRoute, async (c) => {
    const query = c.req.valid('query');
    const { q } = query;
    const ctx = readContextOf(c);
    return c.json<PostListResponse>(q !== undefined ? await readPostSearch(ctx, { ...query, q }) : await readPostList(ctx, query));
  })

  .endpoint(postRoute, async (c) => {
    const read = await readPost(readContextOf(c), c.req.valid('param'));
    if (!read.public) c.header('Cache-Control', 'private, no-store');
    if ('post' in read) return c.json<PostResponse>(read.post);
    // An old slug: 301 to the post's current address (fetch follows it; the page loader then redirects too).
    const location = `/api/posts/${encodeURIComponent(read.movedTo)}`;
    return c.json<PostMovedResponse>({ redirect: location, slug: read.movedTo }, 301, { Location: location });
  })

  .endpoint(postCreateRoute, async (c) => {
    const input = c.req.valid('json');
    const post = await createPostAs(c.var.db, signedInUser(c), input, Date.now());
    await sendByEmailIfAsked(c, input.sendEmail, post.post, Date.now());
    touchCacheTags(c, postWriteTags(post.post.slug));
    return c.json<PostResponse>(post, 201);
  })

  .endpoint(postUpdateRoute, async (c) => {
    const input = c.req.valid('json');
    const post = await updatePostAs(c.var.db, signedInUser(c), c.var.post, input, Date.now());
    await sendByEmailIfAsked(c, input.sendEmail, post.post, Date.now());
    touchCacheTags(c, postWriteTags(c.var.post.slug, post.post.slug));
    return c.json<PostResponse>(post);
  })

  .endpoint(postDeleteRoute, async (c) => {
    await deletePost(c.var.db, c.var.post.id);
    touchCacheTags(c, postWriteTags(c.var.post.slug));
    return c.body(null, 204);
  });
