// A post as every list shows it (a summary: no body) — its columns with its category, author and tags,
// the selects that read them, and the row as the contract's PostSummary.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PostSummary } from '../../contracts/posts';
import { MEDIA_PREFIX } from '../../contracts/responsive-images';
import { categories, featured, posts, postTags, users } from '../db/schema';
import type { Db } from '../env';
import { tagsFromJson, tagsJsonOf } from './post-tags';


/** A post's own columns that every read of it shows (lists, the editor, the export). */
export const postOwnColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  coverImage: posts.coverImage,
  coverAlt: posts.coverAlt,
  coverDecorative: posts.coverDecorative,
  status: posts.status,
  commentCount: posts.commentCount,
  commentsOpen: posts.commentsOpen,
  publishedAt: posts.publishedAt,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
};

/**
 * The stored width or height of the cover at `cover` when it is one of our uploads (null otherwise, or
 * while unknown), for every <img>'s width/height and srcset (decision 064): one lookup on media's key index.
 */
export const coverDimensionOf = (dimension: 'width' | 'height', cover: SQL) =>
  sql<number | null>`(SELECT ${sql.raw(dimension)} FROM media WHERE media.key = substr(${cover}, ${MEDIA_PREFIX.length + 1}) AND ${cover} LIKE '${sql.raw(MEDIA_PREFIX)}%')`;

export const summaryColumns = {
  ...postOwnColumns,
  version: posts.version,
  readingMinutes: posts.readingMinutes,
  authorId: posts.authorId,
  categoryId: posts.categoryId,
  // Named apart from posts.slug and each other: in a D1 batch rows come back keyed by column name.
  categorySlug: sql<string>`${categories.slug}`.as('category_slug'),
  categoryName: sql<string>`${categories.name}`.as('category_name'),
  authorUsername: sql<string>`${users.username}`.as('author_username'),
  authorName: sql<string>`${users.name}`.as('author_name'),
  authorImage: sql<string | null>`${users.image}`.as('author_image'),
  tagsJson: tagsJsonOf(sql.raw('"posts"."id"')).as('tags_json'),
  coverWidth: coverDimensionOf('width', sql.raw('"posts"."cover_image"')).as('cover_width'),
  coverHeight: coverDimensionOf('height', sql.raw('"posts"."cover_image"')).as('cover_height'),
};


export function toSummary(row: SummaryRow): PostSummary {
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    coverImage: row.coverImage,
    coverAlt: row.coverAlt,
    coverDecorative: row.coverDecorative,
    coverWidth: row.coverWidth,
    coverHeight: row.coverHeight,
    status: row.status,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    readingMinutes: row.readingMinutes,
    category: { slug: row.categorySlug, name: row.categoryName },
    author: { username: row.authorUsername, name: row.authorName, image: row.authorImage },
    tags: tagsFromJson(row.tagsJson),
    commentCount: row.commentCount,
    commentsOpen: row.commentsOpen,
  };
}

/** Post summaries with their category and author, for any list to filter, order and page. */
export const selectSummaries = (db: Db) =>
  db
    .select(summaryColumns)
    .from(posts)
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .innerJoin(users, eq(users.id, posts.authorId));

/**
 * Post summaries of the posts a list table names (featured, post_tags), for a list read in that table's
 * index order: each post, its category and author are then fetched by primary key.
 */
export const selectSummariesVia = (db: Db, via: typeof featured | typeof postTags) =>
  db
    .select(summaryColumns)
    .from(via)
    .innerJoin(posts, eq(posts.id, via.postId))
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .innerJoin(users, eq(users.id, posts.authorId));

/** A row of `summaryColumns`, as drizzle maps it. */
export type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];
