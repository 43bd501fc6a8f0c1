// Full-text search over visible published posts (FTS5 table posts_fts, migrations/0001_search.sql).
// What a user types never reaches FTS5 as syntax: it is cut into letter/digit words, each one quoted.
import { sql, type SQL } from 'drizzle-orm';
import type { PostSearchResponse, PostStatus } from '../../contracts/posts';
import { posts } from '../db/schema';
import type { Db } from '../env';
import { escapeHtml } from '../lib/escape-html';
import { answeredPageSize, pageLimit, pageOffsetOf, type ListPageSize } from './posts-per-page';
import { visibleToReaders } from './post-visibility';
import { coverDimensionOf, toSummary } from './post-summaries';
import { tagsJsonOf } from './post-tags';
import { rankingQueryOf } from './search-ranking';

const MAX_TERMS = 12;
const MAX_TERM_LENGTH = 64;
/** A last word this long or longer is also tried as a prefix when the whole words match nothing. */
const MIN_PREFIX_LENGTH = 4;
// Private-use characters mark the matches in snippet(); they become <mark> after the text is escaped.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const SNIPPET_TOKENS = 24;
// FTS5's rank, as bm25 with column weights (title, excerpt, body): a match in the title counts most.
const RANKING = 'bm25(10.0, 4.0, 1.0)';
/** Matches are counted up to here; beyond it the answer is "1000+" (`totalCapped`). */
export const COUNT_CAP = 1000;
/**
 * Up to this many visible matches are ranked by bm25; a query matching more is listed newest first.
 * bm25 reads the whole doclist of every word to weigh it (its IDF), so ranking a word found in
 * nearly every post costs more the larger the site, while for such a word the ranking says little
 * (docs/decisions/013-search-rank-window.md). Not smaller than COUNT_CAP, so a count under the cap
 * always comes with a ranked list.
 */
export const RANK_LIMIT = 1000;
/**
 * A rowid past any post's: a bound that empties the pass it is given to. Written into the SQL, not
 * bound: D1 binds a number this large as REAL, and FTS5 then no longer uses the bound to skip the pass.
 */
const PAST_ANY_ROWID = sql.raw('9007199254740991');

/**
 * User text as FTS5 queries: `whole` matches every word whole; `partial`, when the last word is at
 * least MIN_PREFIX_LENGTH long, also lets the last word match as a prefix. It is only asked when
 * `whole` finds nothing (a word still being typed), because FTS5 reads a prefix's whole doclist into
 * memory however few rows a page needs: for a common prefix that costs more the larger the site.
 */
export interface FtsQuery {
  whole: string;
  partial: string | null;
}

/**
 * Words left out of a search that has other words, as WordPress leaves them out (its
 * get_search_stopwords(), plus "a", "and", "i"). They are in nearly every post, so they narrow nothing
 * and add nothing to the ranking (bm25 weighs a word found in most posts at zero), yet ranking reads
 * each one's whole doclist: at 100,000 posts `the aurora` took twice as long as `aurora`. A search of
 * stop words only (`the`, `to be or`) still looks for them.
 */
const STOP_WORDS = new Set(
  'a about an and are as at be by com for from how i in is it of on or that the this to was what when where who will with www'.split(' '),
);

/**
 * The FTS5 queries for user text, or null when it holds no word to look for. Words are runs of
 * letters, digits and combining marks; each becomes a quoted string (so `"`, `*`, `NEAR(`, `-`, `'`,
 * `AND` are never operators); all must match. Stop words are dropped when any other word remains.
 */
export function toFtsQuery(text: string): FtsQuery | null {
  const words = text.normalize('NFC').match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  const all = [...new Set(words.map((w) => w.slice(0, MAX_TERM_LENGTH)))];
  const meaningful = all.filter((w) => !STOP_WORDS.has(w.toLowerCase()));
  const unique = (meaningful.length > 0 ? meaningful : all).slice(0, MAX_TERMS);
  if (unique.length === 0) return null;
  const whole = unique.map((w) => `"${w}"`).join(' ');
  return { whole, partial: [...unique.at(-1)!].length >= MIN_PREFIX_LENGTH ? `${whole}*` : null };
}

/** Markdown punctuation that reads as noise in a snippet: link targets, emphasis, heading and quote marks. */
function tidyMarkdown(s: string): string {
  return s
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // [text](url), ![alt](src) → text
    .replace(/<(https?:\/\/|mailto:)[^>\s]*>/g, '') // <https://…> autolinks
    .replace(/(^|\n)\s{0,3}(#{1,6}|>+|[-*+]|\d+[.)])\s+/g, '$1') // block markers
    .replace(/\*\*|__|`+|~~/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** snippet() output → HTML-escaped text whose only markup is balanced <mark>…</mark>. */
export function snippetToHtml(raw: string): string {
  let html = '';
  let open = false;
  for (const part of tidyMarkdown(raw).split(/([\uE000\uE001])/)) {
    if (part === OPEN) {
      if (!open) html += '<mark>';
      open = true;
    } else if (part === CLOSE) {
      if (open) html += '</mark>';
      open = false;
    } else {
      html += escapeHtml(part);
    }
  }
  return open ? `${html}</mark>` : html;
}

interface SearchRow {
  page_size: number;
  match_count: number;
  id: number | null; // null: the page is empty (the one row then only carries match_count)
  slug: string;
  title: string;
  excerpt: string;
  cover_image: string | null;
  cover_alt: string;
  cover_decorative: number;
  comment_count: number;
  comments_open: number;
  cover_width: number | null;
  cover_height: number | null;
  status: PostStatus;
  published_at: number | null;
  created_at: number;
  updated_at: number;
  version: number;
  reading_minutes: number;
  author_id: number;
  category_id: number;
  category_slug: string;
  category_name: string;
  author_username: string;
  author_name: string;
  author_image: string | null;
  tags_json: string | null;
  snippet: string | null;
}

export interface SearchInput {
  query: FtsQuery;
  now: number;
  page: number;
  /** SETTINGS_PAGE_SIZE: the settings' posts per page (queries/posts-per-page.ts). */
  pageSize: ListPageSize;
  categorySlug?: string;
  authorUsername?: string;
  /** A tag's slug: only posts carrying it (checked per match through post_tags' primary key). */
  tagSlug?: string;
  /** RANK_LIMIT unless a test needs a small one. */
  rankLimit?: number;
}

/**
 * The matches of one FTS5 query a reader may see, as conditions on `posts_fts` and `posts`
 * (unaliased). Visibility is checked per match before any LIMIT, so drafts and scheduled posts (they
 * are in the index too) never leave a page short, and a scheduled post appears at its time with no job.
 */
function visibleMatches(ftsQuery: string | SQL, input: SearchInput): SQL {
  const parts: SQL[] = [sql`posts_fts MATCH ${ftsQuery}`, visibleToReaders(input.now)];
  if (input.categorySlug !== undefined) {
    parts.push(sql`${posts.categoryId} = (SELECT id FROM categories WHERE slug = ${input.categorySlug})`);
  }
  if (input.authorUsername !== undefined) {
    parts.push(sql`${posts.authorId} = (SELECT id FROM users WHERE username = ${input.authorUsername})`);
  }
  if (input.tagSlug !== undefined) {
    parts.push(sql`EXISTS (SELECT 1 FROM post_tags AS spt WHERE spt.post_id = ${posts.id}
      AND spt.tag_id = (SELECT stg.id FROM tags AS stg WHERE stg.slug = ${input.tagSlug}))`);
  }
  return sql.join(parts, sql` AND `);
}

/**
 * FTS5 drives (CROSS JOIN: with a category or author filter SQLite would otherwise start from the posts
 * index and sort every match of the category itself); each match is checked on posts_id_visibility_idx,
 * which holds every column `visibleMatches` reads. SQLite would pick the table's primary key, whose rows
 * carry the body and its HTML: several times slower per match (migration 0012).
 */
const ftsMatchesJoinPosts = sql`posts_fts CROSS JOIN ${posts} INDEXED BY posts_id_visibility_idx ON ${posts.id} = posts_fts.rowid`;

/**
 * One statement, one round trip:
 * 1. `matched`: the newest visible matches in rowid order (no ranking), at most COUNT_CAP + 1 of
 *    them: their number is the count ("1000+" beyond the cap) and picks the order of the page.
 * 2. `hits`: the page, from one of two passes over the FTS index; the other is given an empty rowid
 *    range, so FTS5 returns at once (a constant WHERE term would not stop it). Up to RANK_LIMIT
 *    matches: FTS5 walks them in rank order (bm25 with the column weights, sorted inside FTS5, so
 *    SQLite stops at the page's LIMIT). More: newest first, the index read backwards up to the page.
 *    Either way snippet() is computed in the same pass, for the page's rows only. A search of several
 *    words is ranked by those bm25 does not weigh at zero (`ranking`, search-ranking.ts); its ranked
 *    page then keeps to `matched` and takes its snippets from one more MATCH of every word per row.
 * The page's rows are then joined to posts, categories, users and tags by primary key. `win` LEFT
 * JOIN `hits` keeps one row with the count when the page is empty.
 */
function searchStatement(ftsQuery: string, input: SearchInput): SQL {
  const matches = visibleMatches(ftsQuery, input);
  const rankLimit = input.rankLimit ?? RANK_LIMIT;
  const ranked = sql`(SELECT n FROM win) <= ${rankLimit}`;
  const ranking = rankingQueryOf(ftsQuery, ranked);
  const page = sql`LIMIT ${pageLimit(input.pageSize)} OFFSET ${pageOffsetOf(input.page, input.pageSize)}`;
  const snippet = sql`snippet(posts_fts, -1, ${OPEN}, ${CLOSE}, '…', ${SNIPPET_TOKENS})`;
  const hitColumns = sql`${snippet} AS snippet FROM ${ftsMatchesJoinPosts} WHERE ${matches}`;
  // Ranked by fewer words than were asked for (search-ranking.ts): the matches are still those of every
  // word (`matched` holds them all when the page is ranked), and the page's snippets mark every word,
  // from one more MATCH for each of the page's rows (ranking.query decides per query, in SQL).
  const rankedHits =
    ranking.cte === null
      ? sql`${hitColumns}`
      : sql`CASE WHEN ${ranking.query} = ${ftsQuery} THEN ${snippet} END AS snippet FROM ${ftsMatchesJoinPosts}
          WHERE ${visibleMatches(ranking.query, input)} AND +posts_fts.rowid IN (SELECT id FROM matched)`;
  const pageSnippet =
    ranking.cte === null
      ? sql`hits.snippet`
      : sql`coalesce(hits.snippet, (SELECT ${snippet} FROM posts_fts WHERE posts_fts MATCH ${ftsQuery} AND posts_fts.rowid = hits.id))`;
  return sql`
    WITH matched AS MATERIALIZED (
      SELECT posts_fts.rowid AS id FROM ${ftsMatchesJoinPosts}
      WHERE ${matches} ORDER BY posts_fts.rowid DESC LIMIT ${Math.max(COUNT_CAP, rankLimit) + 1}
    ),
    win AS MATERIALIZED (SELECT count(*) AS n FROM matched),${ranking.cte === null ? sql`` : sql` ${ranking.cte},`}
    hits AS (
      SELECT * FROM (
        SELECT posts_fts.rowid AS id, posts_fts.rank AS score, ${rankedHits}
          AND posts_fts.rowid >= (SELECT CASE WHEN ${ranked} THEN 0 ELSE ${PAST_ANY_ROWID} END)
          AND posts_fts.rank MATCH ${RANKING}
        ORDER BY posts_fts.rank ${page})
      UNION ALL
      SELECT * FROM (
        SELECT posts_fts.rowid AS id, -posts_fts.rowid AS score, ${hitColumns}
          AND posts_fts.rowid <= (SELECT CASE WHEN ${ranked} THEN -1 ELSE ${PAST_ANY_ROWID} END)
        ORDER BY posts_fts.rowid DESC ${page})
    )
    SELECT win.n AS match_count, ${pageLimit(input.pageSize)} AS page_size, p.id, p.slug, p.title, p.excerpt, p.cover_image, p.cover_alt, p.cover_decorative, p.comment_count, p.comments_open, p.status, p.published_at,
           ${coverDimensionOf('width', sql.raw('p.cover_image'))} AS cover_width, ${coverDimensionOf('height', sql.raw('p.cover_image'))} AS cover_height,
           p.created_at, p.updated_at, p.version, p.reading_minutes, p.author_id, p.category_id,
           c.slug AS category_slug, c.name AS category_name,
           u.username AS author_username, u.name AS author_name, u.image AS author_image,
           ${tagsJsonOf(sql.raw('p.id'))} AS tags_json, ${pageSnippet} AS snippet
    FROM win
    LEFT JOIN hits
    LEFT JOIN posts p ON p.id = hits.id
    LEFT JOIN categories c ON c.id = p.category_id
    LEFT JOIN users u ON u.id = p.author_id
    ORDER BY hits.score, hits.id`;
}

/**
 * Visible published posts matching the query, best first, each with a highlighted snippet. Every word
 * must match whole; only when that finds nothing is the last word tried as a prefix (`FtsQuery`).
 * The count stops at COUNT_CAP, and more than RANK_LIMIT matches are listed newest first, so a word in
 * every post costs about the same at 1,000 posts as at 100,000 (docs/decisions/013-search-rank-window.md).
 */
export async function searchPublishedPosts(db: Db, input: SearchInput): Promise<PostSearchResponse> {
  let rows = await db.all<SearchRow>(searchStatement(input.query.whole, input));
  if ((rows[0]?.match_count ?? 0) === 0 && input.query.partial !== null) {
    rows = await db.all<SearchRow>(searchStatement(input.query.partial, input));
  }
  const items = rows.flatMap((r) =>
    r.id === null
      ? []
      : [
          {
            ...toSummary({
              id: r.id,
              slug: r.slug,
              title: r.title,
              excerpt: r.excerpt,
              coverImage: r.cover_image,
              coverAlt: r.cover_alt,
              coverDecorative: r.cover_decorative === 1,
              commentCount: r.comment_count,
              commentsOpen: r.comments_open === 1,
              coverWidth: r.cover_width,
              coverHeight: r.cover_height,
              status: r.status,
              publishedAt: r.published_at === null ? null : new Date(r.published_at),
              createdAt: new Date(r.created_at),
              updatedAt: new Date(r.updated_at),
              version: r.version,
              readingMinutes: r.reading_minutes,
              authorId: r.author_id,
              categoryId: r.category_id,
              categorySlug: r.category_slug,
              categoryName: r.category_name,
              authorUsername: r.author_username,
              authorName: r.author_name,
              authorImage: r.author_image,
              tagsJson: r.tags_json,
            }),
            snippetHtml: snippetToHtml(r.snippet ?? ''),
          },
        ],
  );
  const n = rows[0]?.match_count ?? 0;
  return { items, page: input.page, pageSize: rows[0]?.page_size ?? answeredPageSize(input.pageSize, []), total: Math.min(n, COUNT_CAP), totalCapped: n > COUNT_CAP };
}
