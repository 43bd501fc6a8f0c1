// A feed miss is cheap: the settings, the feed's scope and its latest posts reach D1 in one round trip, their
// stored HTML in a second; a post stored before its HTML (or by older rules) is rendered once, by whichever read
// meets it first, and stored, so no feed renders it again. Counted on the real D1 binding (page-cost-kit.ts).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MARKDOWN_RULES_VERSION } from '../../worker/lib/markdown';
import { createCategory, createPost, createUser } from './factories';
import { getCounted } from './page-cost-kit';

const isWrite = (sql: string) => /^\s*(update|insert|delete)\b/i.test(sql);

async function categoryWithPosts() {
  const [author, category] = await Promise.all([createUser(), createCategory()]);
  const first = await createPost(author, category, { body: 'First *post*' });
  const second = await createPost(author, category, { body: 'Second **post**' });
  return { category, first, second };
}

const bodyHtmlRow = (slug: string) =>
  env.DB.prepare('SELECT body_html, body_html_version FROM posts WHERE slug = ?').bind(slug).first<{ body_html: string | null; body_html_version: number | null }>();

describe('D1 round trips of a feed miss', () => {
  it("a category's full-text feed: the settings, the category and its latest posts together, then their HTML — 2 round trips", async () => {
    const { category, first } = await categoryWithPosts();
    const { res, body, trips } = await getCounted(`/category/${category.slug}/rss.xml`, { noCache: true });
    expect(res.status).toBe(200);
    expect(body).toContain(first.title);
    expect(trips, JSON.stringify(trips, null, 1)).toHaveLength(2);
    expect(trips[0]!.some((sql) => /from "settings"/.test(sql)), JSON.stringify(trips[0])).toBe(true);
    expect(trips[0]!.some((sql) => /from "categories"/.test(sql)), JSON.stringify(trips[0])).toBe(true);
  });

  it('a feed of a category that does not exist is a 404 after one round trip, then the look-up of a redirect from it', async () => {
    const { res, trips } = await getCounted('/category/no-such-topic-here/rss.xml', { noCache: true });
    expect(res.status).toBe(404);
    expect(trips, JSON.stringify(trips, null, 1)).toHaveLength(2);
    expect(JSON.stringify(trips[1])).toContain('redirects');
  });
});

describe('a stale post body in a feed', () => {
  it('is rendered once by the feed and stored: the next feed reads the stored HTML and writes nothing', async () => {
    const { category, first } = await categoryWithPosts();
    await env.DB.prepare('UPDATE posts SET body_html = NULL, body_html_version = NULL WHERE slug = ?').bind(first.slug).run();

    const once = await getCounted(`/category/${category.slug}/rss.xml`, { noCache: true });
    expect(once.res.status).toBe(200);
    expect(once.body).toContain('First &lt;em&gt;post&lt;/em&gt;');
    expect(await bodyHtmlRow(first.slug)).toEqual({ body_html: '<p>First <em>post</em></p>\n', body_html_version: MARKDOWN_RULES_VERSION });

    const again = await getCounted(`/category/${category.slug}/rss.xml`, { noCache: true });
    expect(again.body).toBe(once.body);
    expect(again.trips.flat().filter(isWrite), JSON.stringify(again.trips)).toEqual([]);
    expect(again.trips).toHaveLength(2);
  });
});
