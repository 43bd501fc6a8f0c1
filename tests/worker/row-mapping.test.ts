// A kept statement's rows (worker/db/row-mapping.ts): for a flat selection, mapped by a mapping worked out
// once, the same objects drizzle's own mapping makes from the same D1 result; any other shape is left to
// drizzle. drizzle's field list is not in its typings (docs/decisions/077): these tests fail if an upgrade
// changes it, rather than pages silently losing the saving or showing other values.
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boundStatement, builtOnce, type BuiltRead } from '../../worker/db/built-once';
import { categories, posts } from '../../worker/db/schema';
import { compiledRowMapper, rowMapperOf } from '../../worker/db/row-mapping';
import { selectSummaries } from '../../worker/queries/post-summaries';
import { siteRowRead } from '../../worker/queries/site-row';
import { createCategory, createPost, createUser, uid } from './factories';

/** The kept statement run as a page runs it (in a D1 batch, with its values) and its D1 result. */
async function resultOf(read: BuiltRead<unknown>): Promise<D1Result> {
  const [result] = await env.DB.batch([boundStatement(env.DB, read)]);
  return result!;
}

describe('rows of a kept statement', () => {
  it('a post summary list (dates, flags, joins, tags, covers) maps to what drizzle maps, through the mapping worked out once', async () => {
    const author = await createUser();
    const category = await createCategory();
    const open = await createPost(author, category, { coverImage: 'https://example.com/c.png', tags: ['mapping-a', 'mapping-b'] });
    const other = await createPost(author, category, { status: 'draft' });
    const read = builtOnce(`test-summaries-${uid()}`, { categoryId: category.id }, (db, p) =>
      selectSummaries(db).where(eq(posts.categoryId, p.categoryId)).orderBy(posts.id),
    );
    const result = await resultOf(read);
    expect(result.results).toHaveLength(2);
    const compiled = compiledRowMapper(read.statement);
    expect(compiled, 'a summary list is flat: its mapping is worked out once').not.toBeNull();
    const rows = compiled!(result) as Record<string, unknown>[];
    expect(rows).toEqual(read.statement.mapResult(result, true));
    expect(rows.map((r) => Object.keys(r))).toEqual((read.statement.mapResult(result, true) as object[]).map((r) => Object.keys(r)));
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
    expect(rows.map((r) => r.slug)).toEqual([open.slug, other.slug]);
  });

  it('a null cell stays null and is not decoded', async () => {
    const author = await createUser();
    const category = await createCategory();
    const draft = await createPost(author, category, { status: 'draft' });
    const read = builtOnce(`test-null-${uid()}`, { slug: draft.slug }, (db, p) =>
      db.select({ publishedAt: posts.publishedAt, coverImage: posts.coverImage }).from(posts).where(eq(posts.slug, p.slug)),
    );
    const result = await resultOf(read);
    expect(rowMapperOf(read.statement)(result)).toEqual([{ publishedAt: null, coverImage: null }]);
  });

  it('a nested selection with a left join is left to drizzle, which makes a missing joined row null', async () => {
    const author = await createUser();
    const category = await createCategory();
    const post = await createPost(author, category);
    const read = builtOnce(`test-nested-${uid()}`, { slug: post.slug }, (db, p) =>
      db
        .select({ post: { slug: posts.slug }, category: { name: categories.name } })
        .from(posts)
        .leftJoin(categories, eq(categories.id, -1))
        .where(eq(posts.slug, p.slug)),
    );
    const result = await resultOf(read);
    expect(compiledRowMapper(read.statement)).toBeNull();
    expect(rowMapperOf(read.statement)(result)).toEqual([{ post: { slug: post.slug }, category: null }]);
  });

  it('the site row (settings nested with its joins) keeps drizzle’s mapping', async () => {
    const read = siteRowRead();
    const result = await resultOf(read);
    expect(rowMapperOf(read.statement)(result)).toEqual(read.statement.mapResult(result, true));
  });
});
