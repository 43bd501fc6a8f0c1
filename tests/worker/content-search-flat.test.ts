// Search that costs the same at 100,000 posts (docs/decisions/074-search-flat-at-scale.md): a prefix index
// for a word being typed, and a ranking that leaves out the words bm25 weighs at zero.
import { env } from 'cloudflare:test';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PostSearchResponse } from '../../contracts/posts';
import { createDb } from '../../worker/db/client';
import { rankingQueryOf } from '../../worker/queries/search-ranking';
import { call } from './helpers';
import { createCategory, createUser, insertPosts, json, uid } from './factories';

const search = async (q: string) => json<PostSearchResponse>(await call(`/api/posts?q=${encodeURIComponent(q)}`));

/** The FTS5 query the ranking pass of a search for `ftsQuery` MATCHes, as the database decides it. */
async function rankingOf(ftsQuery: string, ranked = sql`1`): Promise<string> {
  const { cte, query } = rankingQueryOf(ftsQuery, ranked);
  const db = createDb(env.DB);
  if (cte === null) return (await db.get<{ q: string }>(sql`SELECT ${query} AS q`))!.q;
  return (await db.get<{ q: string }>(sql`WITH ${cte} SELECT q FROM ranking`))!.q;
}

describe('search flat at scale', () => {
  it("posts_fts keeps prefix indexes of 4, 5 and 6 characters (a word being typed reads one doclist), and 0001's triggers keep it in step", async () => {
    const table = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE name = 'posts_fts'").first<{ sql: string }>();
    expect(table!.sql).toMatch(/prefix='4 5 6'/);
    expect(table!.sql).toMatch(/content='posts', content_rowid='id'/);
    const triggers = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'posts_fts_%' ORDER BY name").all<{ name: string }>();
    expect(triggers.results.map((t) => t.name)).toEqual(['posts_fts_after_delete', 'posts_fts_after_insert', 'posts_fts_after_update']);
  });

  it('a prefix of 4, 5, 6 or 7 characters finds the same posts, kept in step with edits', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    // Letters uid() never writes (it is hex), so no other post of this file holds this prefix.
    const [alpha, beta] = await insertPosts(author, category, [
      { title: 'One', body: 'A qzxvalpha here.' },
      { title: 'Two', body: 'A qzxvbeta here.' },
    ]);
    const found = async (q: string) => (await search(q)).items.map((p) => p.slug).sort();
    expect(await found('qzxv')).toEqual([alpha, beta].sort());
    for (const typed of ['qzxva', 'qzxval', 'qzxvalp']) expect(await found(typed), typed).toEqual([alpha]);
    await env.DB.prepare('UPDATE posts SET body = ? WHERE slug = ?').bind('Nothing left.', beta).run();
    // Another spelling of the same search: the first answer may still be in the edge cache for a moment.
    expect(await found('QZXV')).toEqual([alpha]);
  });

  it('ranks a search of several words by the words in fewer than half the posts (bm25 weighs the rest at zero); matches and snippets are every word’s', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const [common, alsoCommon, rare, alsoRare] = [`common${uid(8)}`, `everywhere${uid(8)}`, `rare${uid(8)}`, `seldom${uid(8)}`];
    const slugs = await insertPosts(author, category, [
      ...Array.from({ length: 40 }, (_, i) => ({ title: `Filler ${i}`, body: `${common} and ${alsoCommon} in post ${i}.` })),
      { title: `Body only`, body: `A long body about ${common} that mentions ${rare} once, ${alsoRare} too, and more words after it.` },
      { title: `All about ${rare}`, body: `${common} ${alsoCommon} ${alsoRare}` },
      { title: `Not every word`, body: `${rare} ${alsoRare} without the other.` },
    ]);
    const [bodyOnly, inTitle] = [slugs[40]!, slugs[41]!];
    expect(await rankingOf(`"${common}" "${rare}"`)).toBe(`"${rare}"`);
    expect(await rankingOf(`"${rare}" "${alsoRare}"`)).toBe(`"${rare}" "${alsoRare}"`);
    expect(await rankingOf(`"${common}" "${alsoCommon}"`)).toBe(`"${common}" "${alsoCommon}"`);
    expect(await rankingOf(`"${common}"`)).toBe(`"${common}"`);
    // Too many matches to rank (listed newest first): nothing is sampled.
    expect(await rankingOf(`"${common}" "${rare}"`, sql`0`)).toBe(`"${common}" "${rare}"`);

    const found = await search(`${common} ${rare}`);
    expect(found.items.map((p) => p.slug)).toEqual([inTitle, bodyOnly]);
    expect(found.total).toBe(2);
    // The ranking MATCHes the rare word only; the snippet still marks both words.
    expect(found.items[1]!.snippetHtml).toContain(`<mark>${common}</mark>`);
    expect(found.items[1]!.snippetHtml).toContain(`<mark>${rare}</mark>`);
    const both = await search(`${common} ${alsoCommon}`);
    expect(both).toMatchObject({ total: 41, totalCapped: false });
    expect(both.items[0]!.snippetHtml).toMatch(new RegExp(`<mark>(${common}|${alsoCommon})</mark>`));
  });
});
