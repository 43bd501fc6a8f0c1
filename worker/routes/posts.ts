// Posts: the public list (with search), one post, and writing them (author of the post or an admin).
import { Hono } from 'hono';
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
import type { AppEnv } from '../env';
import { requireOwnerOrAdmin, requireVisiblePost, signedInUser } from '../lib/permissions';
import { readPost, readPostList, readPostSearch } from '../services/content-reads';
import { createPostAs, loadPost, updatePostAs } from '../services/post-writes';
import { readContextOf } from '../services/read-context';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/require-user';
import { deletePost, type PostRow } from '../queries/posts';

/**
 * Loads `:slug` for a change and applies the rules before the body is even read: a post the user may
 * not see is 404, one they may see but not change is 403 (so another author never learns field rules).
 */
const writablePost = createMiddleware<AppEnv & { Variables: { post: PostRow } }>(async (c, next) => {
  const user = signedInUser(c);
  const post = await loadPost(c.var.db, c.req.param('slug') ?? '');
  requireVisiblePost(user, post, Date.now());
  requireOwnerOrAdmin(user, post);
  c.set('post', post);
  await next();
});

export const postRoutes = new Hono<AppEnv>()
  .on(['POST', 'PUT', 'DELETE'], ['/posts', '/posts/:slug'], requireUser)

  .get('/posts', validate('query', PostListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const { q } = query;
    const ctx = readContextOf(c);
    return c.json<PostListResponse>(q !== undefined ? await readPostSearch(ctx, { ...query, q }) : await readPostList(ctx, query));
  })

  .get('/posts/:slug', validate('param', PostSlugParamSchema), async (c) => {
    const read = await readPost(readContextOf(c), c.req.valid('param'));
    if (!read.public) c.header('Cache-Control', 'private, no-store');
    if ('post' in read) return c.json<PostResponse>(read.post);
    // An old slug: 301 to the post's current address (fetch follows it; the page loader then redirects too).
    const location = `/api/posts/${encodeURIComponent(read.movedTo)}`;
    return c.json<PostMovedResponse>({ redirect: location, slug: read.movedTo }, 301, { Location: location });
  })

  .post('/posts', validate('json', PostInputSchema), async (c) =>
    c.json<PostResponse>(await createPostAs(c.var.db, signedInUser(c), c.req.valid('json'), Date.now()), 201),
  )

  .put('/posts/:slug', validate('param', PostSlugParamSchema), writablePost, validate('json', PostUpdateInputSchema), async (c) =>
    c.json<PostResponse>(await updatePostAs(c.var.db, signedInUser(c), c.var.post, c.req.valid('json'), Date.now())),
  )

  .delete('/posts/:slug', validate('param', PostSlugParamSchema), writablePost, async (c) => {
    await deletePost(c.var.db, c.var.post.id);
    return c.body(null, 204);
  });
