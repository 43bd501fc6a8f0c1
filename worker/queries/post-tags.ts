// A post's tags as every post shape carries them: one correlated subquery of the summary select (no extra
// round trip per page), read through post_tags' primary key (post_id, tag_id) and put in order here.
import { sql, type SQL } from 'drizzle-orm';
import type { TagRef } from '../../contracts/tags';

/**
 * The tags of the post whose id is `postId` (a column of the outer query), as JSON text
 * `[{"slug","name","p"}]`. No ORDER BY inside: `p` (the position) orders them in `tagsFromJson`, so the
 * subquery never sorts.
 */
export const tagsJsonOf = (postId: SQL): SQL<string | null> =>
  sql<string | null>`(SELECT json_group_array(json_object('slug', tg.slug, 'name', tg.name, 'p', ptg.position))
    FROM post_tags AS ptg JOIN tags AS tg ON tg.id = ptg.tag_id WHERE ptg.post_id = ${postId})`;

/** `tagsJsonOf`'s text → the post's tags in the author's order. */
export function tagsFromJson(json: string | null): TagRef[] {
  if (!json) return [];
  const rows = JSON.parse(json) as { slug: string; name: string; p: number }[];
  return rows.sort((a, b) => a.p - b.p).map(({ slug, name }) => ({ slug, name }));
}
