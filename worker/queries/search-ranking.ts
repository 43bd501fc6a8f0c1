// Which words of a search bm25 ranks by (docs/decisions/074-search-flat-at-scale.md). FTS5's bm25 weighs
// each word by its IDF, which it computes by reading the word's whole doclist: for a word in every one of
// 100,000 posts, a pass over 100,000 entries per search, even when the other word matches 400 posts.
// bm25 weighs a word found in half the posts or more at 1e-6 (its IDF floor), so leaving such a word out
// of the ranking query leaves the order as it was (but for ties), and the matches are still every word's.
import { sql, type SQL } from 'drizzle-orm';

/** How many of the newest post ids show whether a word is in half the posts or more. */
export const IDF_SAMPLE_POSTS = 1000;

/** The words of an FTS5 query made by toFtsQuery: quoted runs of letters and digits, none holding a space. */
const termsOf = (ftsQuery: string): string[] => ftsQuery.split(' ');

/**
 * The FTS5 query to rank by, and the CTE (`ranking`, column `q`) it needs. One word: the query itself.
 * Several: the words found in fewer than half of the newest IDF_SAMPLE_POSTS post ids (every post, on a
 * site that small: then it is bm25's own rule exactly), or all of them when none is. Each word costs a
 * read of at most IDF_SAMPLE_POSTS entries of its doclist, whatever the size of the site, and none
 * when the page is not `ranked` (too many matches: listed newest first).
 */
export function rankingQueryOf(ftsQuery: string, ranked: SQL): { cte: SQL | null; query: SQL } {
  const terms = termsOf(ftsQuery);
  if (terms.length === 1) return { cte: null, query: sql`${ftsQuery}` };
  // Written into the SQL, not bound: a bound number may reach FTS5 as REAL, and FTS5 then reads the
  // word's whole doclist instead of the sampled rowid range (as PAST_ANY_ROWID in search.ts).
  const sampleFrom = sql`(SELECT max(id) FROM posts) - ${sql.raw(String(IDF_SAMPLE_POSTS))}`;
  const values = sql.join(
    terms.map((t) => sql`(${t})`),
    sql`, `,
  );
  const cte = sql`ranking AS MATERIALIZED (
      SELECT coalesce(group_concat(column1, ' '), ${ftsQuery}) AS q FROM (VALUES ${values})
      WHERE ${ranked} AND 2 * (SELECT count(*) FROM posts_fts AS sample WHERE sample.posts_fts MATCH column1 AND sample.rowid > ${sampleFrom})
        < (SELECT count(*) FROM posts WHERE id > ${sampleFrom})
    )`;
  return { cte, query: sql`(SELECT q FROM ranking)` };
}
