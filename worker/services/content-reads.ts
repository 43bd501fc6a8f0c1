// The readers' reads (home, lists, a post, an author), as the public GET routes answer them and the page
// loaders get them: each takes the request's context and the input its contract schema parsed.
import { CATEGORY_PAGE_SIZE, type Category, type CategoryParamSchema, type CategoryResponse } from '../../contracts/categories';
import type { HomeQuerySchema, HomeResponse } from '../../contracts/home';
import type { ListPage, PageQuerySchema } from '../../contracts/lists';
import { HOME_FEATURED_COUNT, type PostListQuerySchema, type PostResponse, type PostSearchResponse, type PostSlugParamSchema, type PostSummary } from '../../contracts/posts';
import type { AuthorPageResponse, UsernameParamSchema } from '../../contracts/profile';
import { TAG_PAGE_SIZE, type Tag, type TagParamSchema, type TagResponse } from '../../contracts/tags';
import { notFound } from '../lib/http-error';
import { isVisibleToReaders, requireVisiblePost } from '../lib/permissions';
import { findCategoryBySlug, listCategories } from '../queries/categories';
import { listFeaturedPosts } from '../queries/featured';
import { listHomeLatest } from '../queries/home';
import { listPublishedPosts } from '../queries/posts';
import { findAuthorPage } from '../queries/profile';
import { searchPublishedPosts, toFtsQuery } from '../queries/search';
import { SETTINGS_PAGE_SIZE } from '../queries/posts-per-page';
import { listTags } from '../queries/tags';
import { fullPost, loadPostOrMove } from './post-writes';
import type { ReadContext, ReadInput } from './read-context';
import { readPublicSettings } from './settings';
import { loadTag } from './tag-writes';

type PostListQuery = ReadInput<typeof PostListQuerySchema>;

/** The home page's featured section (page 1) and the latest posts less those (contracts/home.ts). */
export async function readHome({ db, now }: ReadContext, { page }: ReadInput<typeof HomeQuerySchema>): Promise<HomeResponse> {
  const [featured, latest] = await Promise.all([
    page === 1 ? listFeaturedPosts(db, now) : [],
    listHomeLatest(db, { now, page, pageSize: SETTINGS_PAGE_SIZE }),
  ]);
  return { featured: featured.slice(0, HOME_FEATURED_COUNT), latest };
}

/** The featured list as readers see it: visible published posts in the admin's order. */
export const readFeatured = async ({ db, now }: ReadContext): Promise<{ items: PostSummary[] }> => ({ items: await listFeaturedPosts(db, now) });

export const readCategories = ({ db, now }: ReadContext, { page }: ReadInput<typeof PageQuerySchema>): Promise<ListPage<Category>> =>
  listCategories(db, { now, page, pageSize: CATEGORY_PAGE_SIZE });

export async function readCategory({ db, now }: ReadContext, { slug }: ReadInput<typeof CategoryParamSchema>): Promise<CategoryResponse> {
  const found = await findCategoryBySlug(db, slug, now);
  if (!found) throw notFound('No such category');
  const { id: _id, ...category } = found;
  return { category };
}

export const readTags = ({ db, now }: ReadContext, { page }: ReadInput<typeof PageQuerySchema>): Promise<ListPage<Tag>> =>
  listTags(db, { now, page, pageSize: TAG_PAGE_SIZE });

export async function readTag({ db, now }: ReadContext, { slug }: ReadInput<typeof TagParamSchema>): Promise<TagResponse> {
  const { id: _id, ...tag } = await loadTag(db, slug, now);
  return { tag };
}

const listFilter = ({ category, author, tag }: PostListQuery) => ({ categorySlug: category, authorUsername: author, tagSlug: tag });

/** One page of the published posts, newest first, optionally of one category, author or tag. */
export const readPostList = ({ db, now }: ReadContext, query: PostListQuery): Promise<ListPage<PostSummary>> =>
  listPublishedPosts(db, { now, page: query.page, pageSize: SETTINGS_PAGE_SIZE, ...listFilter(query) });

/** One page of the published posts matching `q` (within the same filters), best first, with highlights. */
export async function readPostSearch({ db, now }: ReadContext, query: PostListQuery & { q: string }): Promise<PostSearchResponse> {
  const { page } = query;
  const fts = toFtsQuery(query.q);
  if (fts === null) return { items: [], page, pageSize: (await readPublicSettings({ db })).postsPerPage, total: 0, totalCapped: false };
  return searchPublishedPosts(db, { query: fts, now, page, pageSize: SETTINGS_PAGE_SIZE, ...listFilter(query) });
}

/**
 * A post as the user may see it (drafts and scheduled posts only to their author and admins, else 404), or
 * the current slug an old one moved to. `public`: any reader may see it, so its answer may be cached.
 */
export type PostRead = { post: PostResponse; public: boolean } | { movedTo: string; public: boolean };

export async function readPost({ db, user, now }: ReadContext, { slug }: ReadInput<typeof PostSlugParamSchema>): Promise<PostRead> {
  const found = await loadPostOrMove(db, user, slug, now);
  if ('movedTo' in found) return { movedTo: found.movedTo.slug, public: isVisibleToReaders(found.movedTo, now) };
  requireVisiblePost(user, found.post, now);
  return { post: await fullPost(db, found.post), public: isVisibleToReaders(found.post, now) };
}

/** A public author page: the profile and a page of their visible published posts. */
export async function readAuthor(
  { db, now }: ReadContext,
  { username }: ReadInput<typeof UsernameParamSchema>,
  { page }: ReadInput<typeof PageQuerySchema>,
): Promise<AuthorPageResponse> {
  const found = await findAuthorPage(db, { username, now, page, pageSize: SETTINGS_PAGE_SIZE });
  if (!found) throw notFound('No such author');
  return found;
}
