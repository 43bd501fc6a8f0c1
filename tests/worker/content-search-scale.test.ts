// Search at scale: the count stops at a cap ("1000+"), a page is always full when enough visible posts
// match (drafts and scheduled posts ranked first never leave it short), and FTS5 drives the query plan.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { PostSearchResponse } from '../../contracts/posts';
import { createDb } from '../../worker/db/client';
import { COUNT_CAP, RANK_LIMIT, searchPublishedPosts } from '../../worker/queries/search';
import { call } from './helpers';
import { createCategory, createUser, insertPosts, json, uid, type BulkPost } from './factories';
import { plansOf } from './query-plan-kit';

const search = async (q: string, extra = '') => json<PostSearchResponse>(await call(`/api/posts?q=${encodeURIComponent(q)}${extra}`));

const HOUR_MS = 3_600_000;

describe('search at scale', () => {
  it(`counts up to ${COUNT_CAP} matches and then says "more" (totalCapped), with a full first page`, async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const word = `many${uid(8)}`;
    await insertPosts(
      author,
      category,
      Array.from({ length: COUNT_CAP + 5 }, (_, i) => ({ title: `Bulk post ${i}`, body: `Filler text ${i} around the ${word} here.` })),
    );
    const first = await search(word);
    expect(first.items).toHaveLength(12);
    expect(first).toMatchObject({ page: 1, pageSize: 12, total: COUNT_CAP, totalCapped: true });
    expect(first.items[0]!.snippetHtml).toContain(`<mark>${word}</mark>`);
    const second = await search(word, '&page=2');
    expect(second.items).toHaveLength(12);
    expect(second.items.map((p) => p.slug)).not.toContain(first.items[0]!.slug);

    const few = `few${uid(8)}`;
    await insertPosts(author, category, [{ title: 'One', body: few }, { title: 'Two', body: few }]);
    expect(await search(few)).toMatchObject({ total: 2, totalCapped: false });
  });

  it('fills the page with visible posts when drafts and scheduled posts rank higher', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const word = `hidden${uid(8)}`;
    // Hidden posts carry the word in the title (weighted 10×), so FTS5 ranks every one of them first.
    const hidden: BulkPost[] = [
      ...Array.from({ length: 15 }, (_, i) => ({ title: `${word} draft ${i}`, body: word, status: 'draft' as const, publishedAt: null })),
      ...Array.from({ length: 15 }, (_, i) => ({ title: `${word} scheduled ${i}`, body: word, publishedAt: Date.now() + 24 * HOUR_MS })),
    ];
    const hiddenSlugs = await insertPosts(author, category, hidden);
    const visibleSlugs = await insertPosts(
      author,
      category,
      Array.from({ length: 14 }, (_, i) => ({ title: `Visible ${i}`, body: `A long body that mentions ${word} once, post ${i}.` })),
    );

    const first = await search(word);
    expect(first.items).toHaveLength(12);
    expect(first).toMatchObject({ total: 14, totalCapped: false });
    const second = await search(word, '&page=2');
    const found = [...first.items, ...second.items].map((p) => p.slug);
    expect(found.sort()).toEqual([...visibleSlugs].sort());
    expect(found.some((s) => hiddenSlugs.includes(s))).toBe(false);
  });

  it('ranks up to RANK_LIMIT visible matches by relevance; more are listed newest first, page by page', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const word = `window${uid(8)}`;
    // Oldest first: a title match (bm25 ranks it first), three body matches, then a newer draft.
    const [titleMatch, ...newer] = await insertPosts(author, category, [
      { title: `All about ${word}`, body: word },
      ...Array.from({ length: 3 }, (_, i) => ({ title: `Later ${i}`, body: `A long body that mentions ${word} once, post ${i}.` })),
      { title: `${word} draft`, body: word, status: 'draft', publishedAt: null },
    ]);
    const bodyMatches = newer.slice(0, 3);
    const db = createDb(env.DB);
    const input = { query: { whole: `"${word}"`, partial: null }, now: Date.now(), page: 1, pageSize: 12 };
    const ranked = await searchPublishedPosts(db, { ...input, rankLimit: 4 });
    expect(ranked.items[0]!.slug).toBe(titleMatch);
    expect(ranked.total).toBe(4);
    // Four visible matches (the draft does not count) over a limit of 3: newest first, snippets kept.
    const newest = [...bodyMatches].reverse().concat(titleMatch!);
    const listed = await searchPublishedPosts(db, { ...input, rankLimit: 3 });
    expect(listed.items.map((p) => p.slug)).toEqual(newest);
    expect(listed.total).toBe(4);
    expect(listed.items[0]!.snippetHtml).toContain(`<mark>${word}</mark>`);
    const pageTwo = await searchPublishedPosts(db, { ...input, rankLimit: 3, page: 2, pageSize: 3 });
    expect(pageTwo.items.map((p) => p.slug)).toEqual([titleMatch]);
    expect(RANK_LIMIT).toBeGreaterThanOrEqual(COUNT_CAP); // a count under the cap always comes ranked
  });

  it('EXPLAIN QUERY PLAN: one statement; FTS5 drives every pass, each match is checked on the covering index, the page read by primary key, snippets only for the page', async () => {
    const query = { whole: '"word"', partial: null };
    const plans = await plansOf((db) => searchPublishedPosts(db, { query, now: Date.now(), page: 1, pageSize: 12, categorySlug: 'x' }));
    expect(plans).toHaveLength(1);
    const { sql, plan } = plans[0]!;
    const context = `${sql}\n  ${plan.join('\n  ')}`;
    const ftsSteps = plan.filter((s) => s.includes('posts_fts'));
    expect(ftsSteps, context).toHaveLength(3);
    // The count: the index in descending rowid order, no ranking (FTS5 idxNum bits: 64 rowid order,
    // 128 descending), stopped by the LIMIT.
    expect(ftsSteps[0], context).toMatch(/^SCAN posts_fts VIRTUAL TABLE INDEX 192:M/);
    // The ranked page: FTS5 in rank order with the custom bm25 ("r"), with a lower rowid bound (">")
    // that empties it when too many match, snippet() in the same pass (no second MATCH per row).
    expect(ftsSteps[1], context).toMatch(/^SCAN posts_fts VIRTUAL TABLE INDEX 32:[^ ]*r[^ ]*>/);
    // The newest-first page: descending rowid order with an upper bound ("<") that empties it otherwise.
    expect(ftsSteps[2], context).toMatch(/^SCAN posts_fts VIRTUAL TABLE INDEX 192:M[^ ]*</);
    // Each pass checks its matches (visibility and the category filter) without reading a post's row.
    const checks = plan.filter((s) => /^(SCAN|SEARCH) posts\b(?!_)/.test(s));
    expect(checks, context).toHaveLength(3);
    for (const step of checks) expect(step, context).toMatch(/^SEARCH posts USING COVERING INDEX posts_id_visibility_idx \(id=\?/);
    // Only the page's rows are read whole, by primary key.
    expect(plan.filter((s) => /^(SCAN|SEARCH) p\b/.test(s)), context).toEqual(['SEARCH p USING INTEGER PRIMARY KEY (rowid=?) LEFT-JOIN']);
    for (const step of plan) expect(step, context).not.toMatch(/^SCAN (posts|categories|users|p|c|u)( AS \w+)?$/);
    expect(sql).toMatch(/ORDER BY posts_fts\.rowid DESC LIMIT \?/);
  });
});
