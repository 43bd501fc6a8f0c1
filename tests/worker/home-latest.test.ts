// The home on a phone, where the featured section stacks above the latest posts (issue 20, item 16b): the
// latest posts leave out the ones the section shows, on every page, and count without them, so the pages
// tile the rest of the posts without a repeat or a gap. A featured post past the first 6 stays in the list.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { HomeResponse } from '../../contracts/home';
import type { ListPage } from '../../contracts/list-page';
import type { PostSummary } from '../../contracts/posts';
import { createCategory, createUser, feature, insertPosts, json } from './factories';
import { call } from './helpers';

const HOUR = 3_600_000;

/** Eight featured posts among twenty new ones: the list replaced, so it is this test's alone. */
async function siteWithEightFeatured() {
  const [author, category] = await Promise.all([createUser(), createCategory()]);
  const now = Date.now();
  const slugs = await insertPosts(
    author,
    category,
    Array.from({ length: 20 }, (_, i) => ({ title: `Home post ${i}`, body: 'Words.', publishedAt: now - (i + 1) * HOUR })),
  );
  await env.DB.prepare('DELETE FROM featured').run();
  // Featured in an order of their own: the 3rd newest first, then every other one.
  const featured = [slugs[2]!, slugs[0]!, slugs[4]!, slugs[6]!, slugs[8]!, slugs[10]!, slugs[12]!, slugs[14]!];
  for (const [i, slug] of featured.entries()) await feature(slug, i + 1);
  return { shown: featured.slice(0, 6), notShown: featured.slice(6) };
}

async function allPages<T>(path: (page: number) => string, pick: (body: T) => ListPage<PostSummary>): Promise<{ slugs: string[]; total: number }> {
  const slugs: string[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const list = pick(await json<T>(await call(path(page))));
    total = list.total;
    slugs.push(...list.items.map((p) => p.slug));
    if (page * list.pageSize >= list.total) return { slugs, total };
  }
}

describe('the home’s latest posts leave out the featured ones it shows', () => {
  it('GET /api/home: the first 6 featured in the admin’s order, and latest pages without them that tile every other post', async () => {
    const { shown, notShown } = await siteWithEightFeatured();
    const home = await json<HomeResponse>(await call('/api/home'));
    expect(home.featured.map((p) => p.slug)).toEqual(shown);

    const latest = await allPages<HomeResponse>((page) => `/api/home?page=${page}`, (b) => b.latest);
    const everyPost = await allPages<ListPage<PostSummary>>((page) => `/api/posts?page=${page}`, (b) => b);
    expect(latest.total).toBe(everyPost.total - shown.length);
    expect(latest.slugs).toHaveLength(latest.total);
    expect(new Set(latest.slugs).size).toBe(latest.slugs.length); // no repeat across pages
    for (const slug of shown) expect(latest.slugs).not.toContain(slug);
    for (const slug of notShown) expect(latest.slugs).toContain(slug);
    // Newest first, as /api/posts, with the shown ones taken out: nothing missing, nothing moved.
    expect(latest.slugs).toEqual(everyPost.slugs.filter((s) => !shown.includes(s)));
  });

  it('page 2 has no featured section but still leaves those posts out', async () => {
    const { shown } = await siteWithEightFeatured();
    const second = await json<HomeResponse>(await call('/api/home?page=2'));
    expect(second.featured).toEqual([]);
    expect(second.latest.page).toBe(2);
    for (const slug of shown) expect(second.latest.items.map((p) => p.slug)).not.toContain(slug);
  });

  it('the page / shows each featured post once: in the featured section, not again under Latest posts', async () => {
    const { shown } = await siteWithEightFeatured();
    const html = await (await call('/', { headers: { 'cache-control': 'no-cache' } })).text();
    const [featuredPart, latestPart] = html.split('id="latest-heading"');
    for (const slug of shown) {
      expect(featuredPart).toContain(`href="/details/${slug}"`);
      expect(latestPart).not.toContain(`href="/details/${slug}"`);
    }
  });

  it('a bad page is the §5 error shape', async () => {
    const res = await call('/api/home?page=abc');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('bad_request');
  });
});
