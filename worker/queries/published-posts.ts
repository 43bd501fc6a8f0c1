// The pages of visible published posts — the home's and the API's list, a category's, an author's, a
// tag's, the feeds' — as two statements built once per isolate (worker/db/built-once.ts): the page's rows
// and its total.
import { and, count, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { builtOnce } from '../db/built-once';
import { posts, postTags } from '../db/schema';
import type { Db } from '../env';
import { visiblePublishedCountQuery } from './post-counts';
import { pageLimit, pageOffsetOf, type ListPageSize } from './posts-per-page';
import { selectSummaries, selectSummariesVia } from './post-summaries';
import { noIndex, postTagsMirror, visibleToReaders } from './post-visibility';

// Subqueries in raw SQL with their own aliases, so no column can bind to the outer query by accident.
const categoryIdOf = (slug: string | Placeholder) => sql`(SELECT c2.id FROM categories AS c2 WHERE c2.slug = ${slug})`;
const userIdOf = (username: string | Placeholder) => sql`(SELECT u2.id FROM users AS u2 WHERE u2.username = ${username})`;

export interface PublishedFilter {
  now: number;
  categorySlug?: string;
  authorUsername?: string;
  authorId?: number;
  /** A tag's slug: the list is read from post_tags (see tagPageRows). */
  tagSlug?: string;
}

/** A filter as a statement is built from it: each value that is present as its placeholder (built-once.ts). */
type FilterSql = { [K in keyof PublishedFilter]: PublishedFilter[K] | Placeholder };

function publishedWhere(f: FilterSql): SQL {
  const parts: SQL[] = [visibleToReaders(f.now)];
  if (f.categorySlug !== undefined) parts.push(eq(posts.categoryId, categoryIdOf(f.categorySlug)));
  if (f.authorUsername !== undefined) parts.push(eq(posts.authorId, userIdOf(f.authorUsername)));
  if (f.authorId !== undefined) parts.push(eq(posts.authorId, f.authorId));
  return and(...parts) as SQL;
}

/** The count of visible published posts that `f` selects: a stored count when one scope (or none) is asked. */
function publishedTotal(db: Db, f: FilterSql) {
  if (f.tagSlug !== undefined) return visiblePublishedCountQuery(db, f.now, { tagSlug: f.tagSlug });
  const byAuthor = f.authorId !== undefined || f.authorUsername !== undefined;
  // No page asks for a category and an author at once; the API allows it, counted over the category's index range.
  if (f.categorySlug !== undefined && byAuthor) return db.select({ n: count() }).from(posts).where(publishedWhere(f));
  if (f.categorySlug !== undefined) return visiblePublishedCountQuery(db, f.now, { categorySlug: f.categorySlug });
  if (f.authorId !== undefined) return visiblePublishedCountQuery(db, f.now, { authorId: f.authorId });
  if (f.authorUsername !== undefined) return visiblePublishedCountQuery(db, f.now, { authorUsername: f.authorUsername });
  return visiblePublishedCountQuery(db, f.now, { all: true });
}

/** `pageSize` SETTINGS_PAGE_SIZE: the settings' posts per page (queries/posts-per-page.ts). */
export type PublishedPageFilter = PublishedFilter & { page: number; pageSize: ListPageSize };

const FILTER_KEYS = ['categorySlug', 'authorUsername', 'authorId', 'tagSlug'] as const;

/** A page's values, bound to its statements' placeholders: the filters present, the time, the page and its size. */
type PageValues = PublishedFilter & { page: number; pageSize: ListPageSize };

/**
 * The two statements of a page of visible published posts, newest first — its rows (index
 * posts_status_published_idx or its category/author twins) and its total (post_counts) — to run
 * together (`runBuiltTogether`). Their SQL is built once per isolate for each combination of filters
 * present.
 */
export function publishedPageQueries(filter: PublishedPageFilter) {
  const values: PageValues = { now: filter.now, page: filter.page, pageSize: filter.pageSize };
  for (const key of FILTER_KEYS) if (filter[key] !== undefined) Object.assign(values, { [key]: filter[key] });
  const shape = FILTER_KEYS.filter((key) => key in values).join('+');
  const total = builtOnce(`published-total:${shape}`, values, (db, p) => publishedTotal(db, p));
  const rows = builtOnce(`published-rows:${shape}`, values, (db, p) =>
    p.tagSlug !== undefined
      ? tagPageRows(db, { ...p, tagSlug: p.tagSlug })
      : selectSummaries(db).where(publishedWhere(p)).orderBy(desc(posts.publishedAt), desc(posts.id)).limit(pageLimit(p.pageSize)).offset(pageOffsetOf(p.page, p.pageSize)),
  );
  return [rows, total] as const;
}

/**
 * A tag's page of visible published posts, newest first, read from post_tags_tag_published_idx alone
 * (tag_id, published_at, then post_id as the key's tail): post_tags' copy of the publish time holds the
 * visibility rule, so the page is one index range and each post is then fetched by its primary key.
 * Unary + keeps posts' own indexes out of the plan.
 */
function tagPageRows(db: Db, f: FilterSql & { tagSlug: Placeholder; page: Placeholder; pageSize: Placeholder }) {
  return selectSummariesVia(db, postTags)
    .where(
      and(
        eq(postTags.tagId, sql`(SELECT tg2.id FROM tags AS tg2 WHERE tg2.slug = ${f.tagSlug})`),
        visibleToReaders(f.now, postTagsMirror('"post_tags"')),
        sql`${noIndex(posts.status)} = 'published'`,
      ),
    )
    .orderBy(desc(postTags.publishedAt), desc(postTags.postId))
    .limit(pageLimit(f.pageSize))
    .offset(pageOffsetOf(f.page, f.pageSize));
}
