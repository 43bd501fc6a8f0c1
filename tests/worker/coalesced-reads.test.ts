// The render's D1 wrapper (worker/db/coalesced-reads.ts) on the real D1 binding: reads asked in the same
// turn share one round trip and each caller gets what it would have got alone; writes and failures are
// not changed by it.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { coalescedReads, createRenderDb } from '../../worker/db/coalesced-reads';
import { categories } from '../../worker/db/schema';
import { eq } from 'drizzle-orm';
import { createCategory, uid } from './factories';
import { countingD1, type RoundTrips } from './page-cost-kit';

function counted() {
  const seen: RoundTrips = { trips: [] };
  return { seen, d1: coalescedReads(countingD1(seen)) };
}

describe('reads gathered for one render', () => {
  it('reads asked in the same turn reach D1 as one batch, and each caller gets the answer it would get alone', async () => {
    const [a, b] = await Promise.all([createCategory(), createCategory()]);
    const bySlug = 'SELECT slug, name FROM categories WHERE slug = ?';
    const { seen, d1 } = counted();

    const [all, raw, first, firstColumn, none, batch] = await Promise.all([
      d1.prepare(bySlug).bind(a.slug).all(),
      d1.prepare(bySlug).bind(b.slug).raw(),
      d1.prepare(bySlug).bind(a.slug).first(),
      d1.prepare(bySlug).bind(b.slug).first('name'),
      d1.prepare(bySlug).bind('no-such-category').first(),
      d1.batch([d1.prepare(bySlug).bind(a.slug), d1.prepare(bySlug).bind(b.slug)]),
    ]);

    expect(seen.trips).toHaveLength(1);
    // Seven asks, three distinct statements (a's, b's, the missing one's): each is sent once.
    expect(seen.trips[0]).toHaveLength(3);
    expect(all.results).toEqual(await env.DB.prepare(bySlug).bind(a.slug).all().then((r) => r.results));
    expect(raw).toEqual(await env.DB.prepare(bySlug).bind(b.slug).raw());
    expect(first).toEqual(await env.DB.prepare(bySlug).bind(a.slug).first());
    expect(firstColumn).toBe(b.name);
    expect(none).toBeNull();
    expect(batch.map((r) => r.results)).toEqual([[{ slug: a.slug, name: a.name }], [{ slug: b.slug, name: b.name }]]);
  });

  it('drizzle queries of the render db issued together are one round trip with the rows of separate queries', async () => {
    const [a, b] = await Promise.all([createCategory(), createCategory()]);
    const seen: RoundTrips = { trips: [] };
    const db = createRenderDb(countingD1(seen));
    const query = (slug: string) => db.select({ slug: categories.slug, name: categories.name }).from(categories).where(eq(categories.slug, slug));
    const [rowsA, [rowsB, rowsNone]] = await Promise.all([query(a.slug), db.batch([query(b.slug), query('no-such-category')])]);
    expect(seen.trips).toHaveLength(1);
    expect(rowsA).toEqual([{ slug: a.slug, name: a.name }]);
    expect(rowsB).toEqual([{ slug: b.slug, name: b.name }]);
    expect(rowsNone).toEqual([]);
  });

  it('a statement asked twice with the same values is sent once and both callers get its rows; other values, or a blob, are sent again', async () => {
    const [a, b] = await Promise.all([createCategory(), createCategory()]);
    const bySlug = 'SELECT slug, name FROM categories WHERE slug = ?';
    const { seen, d1 } = counted();
    const blob = new Uint8Array([1, 2]);
    const [first, again, other, withBlob, withBlobAgain] = await Promise.all([
      d1.prepare(bySlug).bind(a.slug).all(),
      d1.prepare(bySlug).bind(a.slug).all(),
      d1.prepare(bySlug).bind(b.slug).all(),
      d1.prepare('SELECT ? AS b').bind(blob).first('b'),
      d1.prepare('SELECT ? AS b').bind(blob).first('b'),
    ]);
    expect(seen.trips).toHaveLength(1);
    expect(seen.trips[0]).toHaveLength(4);
    expect(first.results).toEqual([{ slug: a.slug, name: a.name }]);
    expect(again.results).toEqual([{ slug: a.slug, name: a.name }]);
    expect(other.results).toEqual([{ slug: b.slug, name: b.name }]);
    expect(withBlob).toEqual(withBlobAgain);
  });

  it('a read asked alone is sent as it is', async () => {
    const a = await createCategory();
    const { seen, d1 } = counted();
    const rows = await d1.prepare('SELECT name FROM categories WHERE slug = ?').bind(a.slug).raw();
    expect(rows).toEqual([[a.name]]);
    expect(seen.trips).toHaveLength(1);
  });

  it('a failing read fails only its own caller: the others still get their rows', async () => {
    const a = await createCategory();
    const { d1 } = counted();
    const [good, bad, noColumn] = await Promise.allSettled([
      d1.prepare('SELECT name FROM categories WHERE slug = ?').bind(a.slug).first('name'),
      d1.prepare('SELECT no_such_column FROM categories').all(),
      d1.prepare('SELECT name FROM categories WHERE slug = ?').bind(a.slug).first('slug'),
    ]);
    expect(good).toEqual({ status: 'fulfilled', value: a.name });
    expect(bad.status).toBe('rejected');
    // As D1's own first(column): a column the statement does not answer is an error.
    expect(noColumn.status).toBe('rejected');
    await expect(env.DB.prepare('SELECT name FROM categories WHERE slug = ?').bind(a.slug).first('slug')).rejects.toThrow();
  });

  it('writes are never gathered: each goes to D1 on its own, in the order asked', async () => {
    const a = await createCategory();
    const { seen, d1 } = counted();
    const name = `Renamed ${uid()}`;
    const [read, write] = await Promise.all([
      d1.prepare('SELECT name FROM categories WHERE slug = ?').bind(a.slug).first('name'),
      d1.prepare('UPDATE categories SET name = ? WHERE slug = ?').bind(name, a.slug).run(),
    ]);
    expect(write.success).toBe(true);
    expect(seen.trips).toHaveLength(2);
    // The write went out at once; the read, gathered for the turn's end, sees it.
    expect(seen.trips[0]![0]).toMatch(/^UPDATE/);
    expect(read).toBe(name);
    const mixed = await d1.batch([
      d1.prepare('SELECT name FROM categories WHERE slug = ?').bind(a.slug),
      d1.prepare('UPDATE categories SET name = ? WHERE slug = ?').bind(a.name, a.slug),
    ]);
    expect(mixed.map((r) => r.success)).toEqual([true, true]);
    expect(mixed[0]!.results).toEqual([{ name }]);
    expect(seen.trips).toHaveLength(3);
  });
});
