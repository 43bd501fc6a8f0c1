// Importing a real Ghost 6 export (tests/fixtures/import/ghost-6.json, written by Ghost 6.65's own
// exporter) as parsed with the old site's address given (ghost-6.plan.json, kept in step by
// tests/web/import-edges.test.ts): dates as Ghost meant them (UTC), internal links as Byline
// addresses, uploaded images and the cover copied into media, the bookmark card as a link.
import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportPlan } from '../../web/features/admin/import/import-plan';
import parsedGhost6 from '../fixtures/import/ghost-6.plan.json?raw';
import { featuredSlugs } from './admin-kit';
import { createAdmin, type TestUser } from './factories';
import { call } from './helpers';
import { importAs, postOf, stubInternet, tagsOf } from './import-kit';

let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('a real Ghost 6 export', () => {
  it('imports its posts with UTC dates, Byline links, copied images and cover, the bookmark as a link, featured first', async () => {
    const requested = stubInternet();
    const featuredBefore = await featuredSlugs();
    const { report } = await importAs(admin, JSON.parse(parsedGhost6) as ImportPlan);
    expect(report.failed).toBeNull();
    expect(report.imported).toEqual({ users: 3, categories: 6, tags: 1, posts: 6, featured: 3, images: 4, redirects: 9, settings: 0, pages: 1, menus: 0 });
    expect(requested.sort()).toEqual(
      ['cover', 'gallery-1', 'gallery-2', 'in-body'].map((name) => `https://images.example.test/content/images/2026/11/${name}.png`),
    );

    const cards = (await postOf('every-card-there-is'))!;
    // Ghost wrote "2024-01-01 09:00:00" (UTC).
    expect(cards).toMatchObject({ status: 'published', published_at: Date.UTC(2024, 0, 1, 9), author: 'alice', category: 'engineering' });
    expect(await tagsOf('every-card-there-is')).toEqual(['design']);
    expect(String(cards.cover_image)).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    const body = String(cards.body);
    expect(body).not.toContain('__GHOST_URL__');
    expect(body).toContain('[an older post](/details/does-say-design-over-result-garden-often-men-1)');
    expect(body).toContain('[the Design tag](/tag/design)');
    expect(body).toContain('[Bob](/author/bob)');
    expect(body).toMatch(/!\[A green square\]\(\/media\/[0-9a-f]{32}\.png\)/);
    expect(String(cards.body_html)).toMatch(
      /<p><strong><a href="https:\/\/ghost\.org\/docs\/"[^>]*>Ghost Docs<\/a><\/strong><br>\nEverything you need to know about working with the Ghost professional publishing platform\.<\/p>/,
    );

    // The links lead somewhere on this site.
    expect((await call('/details/does-say-design-over-result-garden-often-men-1')).status).toBe(200);
    expect((await call('/author/bob')).status).toBe(200);
    expect((await call('/tag/design')).status).toBe(200);

    expect(await postOf('scheduled-for-later')).toMatchObject({ status: 'published', published_at: Date.UTC(2030, 5, 1, 9) });
    expect(await postOf('a-draft-in-progress')).toMatchObject({ status: 'draft', published_at: null, author: 'bob', category: 'uncategorized' });
    expect(await postOf('about-us')).toBeNull();
    // The owner wrote only the page: no account for them; the page is the importing admin's.
    expect(await env.DB.prepare("SELECT u.username FROM pages p JOIN users u ON u.id = p.author_id WHERE p.slug = 'about-us'").first('username')).toBe(admin.username);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'admin@example.com'").first('n')).toBe(0);

    // Ghost's featured posts, newest first, ahead of what was featured here.
    expect(await featuredSlugs()).toEqual([
      'city-given-top-form-far-himself-small-been-300',
      'him-looked-much-school-hear-hand-how-ever-100',
      'every-card-there-is',
      ...featuredBefore,
    ]);
  });
});
