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
  type PostResponse,
} from '../../contracts/posts';
import type { AppEnv, Db, SessionUser } from '../env';
import { conflict, forbidden, notFound, validationFailed } from '../lib/http-error';
import { renderMarkdown } from '../lib/markdown';
import { isAdminUser, isVisibleToReaders, requireOwnerOrAdmin, requireVisiblePost, signedInUser } from '../lib/permissions';
import { resolvePostValues } from '../lib/post-fields';
import { slugify } from '../lib/slug';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/require-user';
import { findCategoryId } from '../queries/categories';
import {
  deletePost,
  findPostBySlug,
  insertPost,
  listPublishedPosts,
  SlugTakenError,
  toPost,
  updatePostVersioned,
  type PostRow,
} from '../queries/posts';
import { findPublicUser } from '../queries/profile';
import { searchPublishedPosts, toFtsQuery } from '../queries/search';

const SLUG_TAKEN = 'That slug is already used by another post';

async function categoryIdFor(db: Db, slug: string): Promise<number> {
  const id = await findCategoryId(db, slug);
  if (id === null) throw validationFailed({ category: 'Choose an existing category' });
  return id;
}

/** The author a write assigns: kept or the sender unless an admin names someone else. */
async function authorIdFor(
  db: Db,
  user: SessionUser,
  requested: string | undefined,
  current: Pick<PostRow, 'authorId' | 'authorUsername'> | null,
): Promise<number> {
  if (requested === undefined) return current?.authorId ?? user.id;
  if (current ? requested === current.authorUsername : requested === user.username) return current?.authorId ?? user.id;
  if (!isAdminUser(user)) throw forbidden('Only admins may choose the author of a post');
  const author = await findPublicUser(db, requested);
  if (!author) throw validationFailed({ author: 'No such author' });
  return author.id;
}

async function loadPost(db: Db, slug: string): Promise<PostRow> {
  const post = await findPostBySlug(db, slug);
  if (!post) throw notFound('No such post');
  return post;
}

const fullPost = (row: PostRow): PostResponse => ({ post: toPost(row, renderMarkdown(row.body)) });

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
    const { page, category, author, q } = c.req.valid('query');
    const now = Date.now();
    const pageSize = PUBLIC_PAGE_SIZE;
    if (q !== undefined) {
      const query = toFtsQuery(q);
      if (query === null) return c.json<PostListResponse>({ items: [], page, pageSize, total: 0 });
      return c.json<PostListResponse>(
        await searchPublishedPosts(c.var.db, { query, now, page, pageSize, categorySlug: category, authorUsername: author }),
      );
    }
    return c.json<PostListResponse>(
      await listPublishedPosts(c.var.db, { now, page, pageSize, categorySlug: category, authorUsername: author }),
    );
  })

  .get('/posts/:slug', validate('param', PostSlugParamSchema), async (c) => {
    const now = Date.now();
    const post = await loadPost(c.var.db, c.req.valid('param').slug);
    requireVisiblePost(c.var.user, post, now);
    if (!isVisibleToReaders(post, now)) c.header('Cache-Control', 'private, no-store');
    return c.json<PostResponse>(fullPost(post));
  })

  .post('/posts', validate('json', PostInputSchema), async (c) => {
    const user = signedInUser(c);
    const input = c.req.valid('json');
    const db = c.var.db;
    const now = Date.now();
    const [categoryId, authorId] = await Promise.all([
      categoryIdFor(db, input.category),
      authorIdFor(db, user, input.author, null),
    ]);
    const values = resolvePostValues(input, null, { categoryId, authorId }, now);
    let slug: string;
    try {
      slug = await insertPost(db, values, input.slug ? { handSet: input.slug } : { base: slugify(input.title) });
    } catch (err) {
      if (err instanceof SlugTakenError) throw conflict(SLUG_TAKEN, { slug: SLUG_TAKEN });
      throw err;
    }
    return c.json<PostResponse>(fullPost(await loadPost(db, slug)), 201);
  })

  .put('/posts/:slug', validate('param', PostSlugParamSchema), writablePost, validate('json', PostUpdateInputSchema), async (c) => {
    const user = signedInUser(c);
    const input = c.req.valid('json');
    const db = c.var.db;
    const now = Date.now();
    const existing = c.var.post;
    const stale = () => conflict('This post was changed elsewhere; reload it to see the latest version', {
      version: 'This post was changed since you opened it',
    });
    if (input.version !== existing.version) throw stale();
    const [categoryId, authorId] = await Promise.all([
      categoryIdFor(db, input.category),
      authorIdFor(db, user, input.author, existing),
    ]);
    const slug = input.slug ?? existing.slug;
    const values = resolvePostValues(input, existing, { categoryId, authorId }, now);
    let outcome;
    try {
      outcome = await updatePostVersioned(db, { id: existing.id, version: input.version, slug, values, now });
    } catch (err) {
      if (err instanceof SlugTakenError) throw conflict(SLUG_TAKEN, { slug: SLUG_TAKEN });
      throw err;
    }
    if (!outcome.ok) {
      if (outcome.reason === 'gone') throw notFound('No such post');
      throw stale();
    }
    return c.json<PostResponse>(fullPost(await loadPost(db, slug)));
  })

  .delete('/posts/:slug', validate('param', PostSlugParamSchema), writablePost, async (c) => {
    await deletePost(c.var.db, c.var.post.id);
    return c.body(null, 204);
  });
