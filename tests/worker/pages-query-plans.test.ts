// Every pages query uses an index (EXPLAIN QUERY PLAN of the SQL really sent): the lookup at `/:slug`, the
// admin's list newest first without a sort, and the sitemap's published pages.
import { describe, expect, it } from 'vitest';
import { findPageBySlug, listPages, listPublishedPageSlugs } from '../../worker/queries/pages';
import { createAdmin } from './factories';
import { createPage } from './pages-kit';
import { plansOf } from './query-plan-kit';

describe('EXPLAIN QUERY PLAN of the pages queries', () => {
  it('finds a page by its unique slug, lists pages by the updated index and the sitemap by the status index', async () => {
    const page = await createPage(await createAdmin());
    const [bySlug] = await plansOf((db) => findPageBySlug(db, page.slug));
    expect(bySlug!.plan.join('\n'), bySlug!.sql).toMatch(/SEARCH pages USING INDEX pages_slug_unique \(slug=\?\)/);
    const [list, count] = await plansOf((db) => listPages(db, { page: 1, pageSize: 25 }));
    expect(list!.plan.join('\n'), list!.sql).toMatch(/SCAN pages USING INDEX pages_updated_idx/);
    expect(list!.plan.join('\n'), list!.sql).not.toMatch(/TEMP B-TREE/);
    expect(count!.plan.join('\n'), count!.sql).toMatch(/USING COVERING INDEX/);
    const [sitemap] = await plansOf((db) => listPublishedPageSlugs(db));
    expect(sitemap!.plan.join('\n'), sitemap!.sql).toMatch(/SEARCH pages USING (COVERING )?INDEX pages_status_slug_idx \(status=\?\)/);
    expect(sitemap!.plan.join('\n'), sitemap!.sql).not.toMatch(/TEMP B-TREE/);
  });
});
