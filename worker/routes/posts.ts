// Posts: the public list (with search), one post, and writing them (author of the post or an admin).
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { PUBLIC_PAGE_SIZE } from '../../contracts/lists';
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
import { isVisibleToReaders, requireOwnerOrAdmin, requireVisiblePost, signedInUser } from '../lib/permissions';
import { createPostAs, fullPost, loadPost, loadPostOrMove, updatePostAs } from '../services/post-writes';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/require-user';
import { deletePost, listPublishedPosts, type PostRow } from '../queries/posts';
import { searchPublishedPosts, toFtsQuery } from '../queries/search';

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
    const { page, category, author, tag, q } = c.req.valid('query');
    const now = Date.now();
    const pageSize = PUBLIC_PAGE_SIZE;
    if (q !== undefined) {
      const query = toFtsQuery(q);
      if (query === null) return c.json<PostListResponse>({ items: [], page, pageSize, total: 0, totalCapped: false });
      return c.json<PostListResponse>(
        await searchPublishedPosts(c.var.db, { query, now, page, pageSize, categorySlug: category, authorUsername: author, tagSlug: tag }),
      );
    }
    return c.json<PostListResponse>(
      await listPublishedPosts(c.var.db, { now, page, pageSize, categorySlug: category, authorUsername: author, tagSlug: tag }),
    );
  })

  .get('/posts/:slug', validate('param', PostSlugParamSchema), async (c) => {
    const now = Date.now();
    const found = await loadPostOrMove(c.var.db, c.var.user, c.req.valid('param').slug, now);
    if ('movedTo' in found) {
      // An old slug: 301 to the post's current address (fetch follows it; the page loader then redirects too).
      const location = `/api/posts/${encodeURIComponent(found.movedTo.slug)}`;
      if (!isVisibleToReaders(found.movedTo, now)) c.header('Cache-Control', 'private, no-store');
      return c.json<PostMovedResponse>({ redirect: location, slug: found.movedTo.slug }, 301, { Location: location });
    }
    const post = found.post;
    requireVisiblePost(c.var.user, post, now);
    if (!isVisibleToReaders(post, now)) c.header('Cache-Control', 'private, no-store');
    return c.json<PostResponse>(await fullPost(c.var.db, post));
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
