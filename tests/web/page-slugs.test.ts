// A standalone page's `/:slug` never takes an address another route answers (product.md §14): every fixed
// first segment of the route table is a reserved page slug, every fixed route outranks `/:slug`, and the
// editor's hint and the Worker's check read the same list.
import { describe, expect, it } from 'vitest';
import { isReservedPageSlug, TAKEN_PAGE_SLUGS, WORKER_PREFIXES } from '../../contracts/page-slugs';
import { PageInputSchema } from '../../contracts/pages';
import { DOCUMENT_ROUTES, matchNamedRoute, PAGE_ROUTES } from '../../contracts/routes';

const fixedFirstSegments = [...PAGE_ROUTES, ...DOCUMENT_ROUTES]
  .map((r) => r.pattern.split('/')[1] ?? '')
  .filter((s) => s !== '' && s !== '*' && !s.startsWith(':'));

describe('page slugs', () => {
  it('every fixed first segment of the route table, and its stem before a dot, is reserved', () => {
    expect(fixedFirstSegments.length).toBeGreaterThan(15);
    for (const segment of fixedFirstSegments) {
      expect(TAKEN_PAGE_SLUGS.has(segment), segment).toBe(true);
      expect(TAKEN_PAGE_SLUGS.has(segment.split('.')[0]!), segment).toBe(true);
    }
    for (const prefix of WORKER_PREFIXES) expect(isReservedPageSlug(prefix), prefix).toBe(true);
  });

  it('every fixed one-segment route outranks /:slug; any other one-segment address is a page’s', () => {
    for (const route of [...PAGE_ROUTES, ...DOCUMENT_ROUTES].filter((r) => /^\/[^/:*]+$/.test(r.pattern))) {
      expect(matchNamedRoute(route.pattern)?.id, route.pattern).toBe(route.id);
    }
    expect(matchNamedRoute('/about')?.id).toBe('page');
    expect(matchNamedRoute('/about/more')?.id).toBe('unknown');
  });

  it('the page input refuses a reserved hand-set slug with the message the editor shows, and takes a free one', () => {
    const input = { title: 'About', body: 'Hi', status: 'draft' as const };
    const refused = PageInputSchema.safeParse({ ...input, slug: 'Admin' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['slug']);
    expect(PageInputSchema.parse({ ...input, slug: 'about' }).slug).toBe('about');
    expect(PageInputSchema.parse({ ...input, slug: '' }).slug).toBeUndefined();
  });
});
