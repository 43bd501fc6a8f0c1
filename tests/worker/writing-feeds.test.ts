// Feeds of a tag and of a category (product.md §10): their visible published posts only, absolute links on SITE_URL,
// 404 for an unknown slug; the sitemap lists tag pages. Cached for visitors and fresh after a write
// (edge-cache-tags-freshness.test.ts).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { callAs } from './admin-kit';
import type { TagResponse } from '../../contracts/tags';
import { createCategory, createPost, createUser, json, uid, updateOf } from './factories';
import { call } from './helpers';

// The site's configured address (vitest.worker.config.ts binds it) and another host the requests go to.
const SITE = env.SITE_URL;
const OTHER_HOST = 'https://blog.example.org';
const items = (xml: string) => [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1] ?? '');

describe('GET /tag/:slug/rss.xml and /category/:slug/rss.xml', () => {
  it('a tag feed holds the tag’s visible published posts, newest first, with the tag in its title and links', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const name = `Feed & Tag ${uid(6)}`;
    const older = await createPost(author, category, { tags: [name], publishedAt: '2024-01-01T00:00:00Z' });
    const newer = await createPost(author, category, { tags: [name], publishedAt: '2024-02-01T00:00:00Z' });
    const untagged = await createPost(author, category);
    const draft = await createPost(author, category, { tags: [name], status: 'draft' });
    const slug = newer.tags[0]!.slug;
    const res = await call(`/tag/${slug}/rss.xml`, { origin: OTHER_HOST });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await res.text();
    expect(xml).toContain(`<title>Feed &amp; Tag`);
    expect(xml).toContain(`<link>${SITE}/tag/${slug}</link>`);
    expect(xml).toContain(`<atom:link href="${SITE}/tag/${slug}/rss.xml" rel="self"`);
    const links = items(xml).map((it) => /<link>([^<]*)<\/link>/.exec(it)?.[1]);
    expect(links).toEqual([`${SITE}/details/${newer.slug}`, `${SITE}/details/${older.slug}`]);
    expect(xml).not.toContain(untagged.slug);
    expect(xml).not.toContain(draft.slug);
    expect(items(xml)[0]).toContain(`<category>Feed &amp; Tag ${name.slice(-6)}</category>`);
  });

  it('a category feed holds that category’s posts only', async () => {
    const [author, category, other] = await Promise.all([createUser(), createCategory(), createCategory()]);
    const mine = await createPost(author, category);
    const theirs = await createPost(author, other);
    const res = await call(`/category/${category.slug}/rss.xml`, { origin: OTHER_HOST });
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain(`<link>${SITE}/category/${category.slug}</link>`);
    expect(xml).toContain(`/details/${mine.slug}<`);
    expect(xml).not.toContain(theirs.slug);
  });

  it('an unknown tag or category is 404', async () => {
    expect((await call(`/tag/none-${uid(6)}/rss.xml`)).status).toBe(404);
    expect((await call(`/category/none-${uid(6)}/rss.xml`)).status).toBe(404);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the pages of tags with visible posts, not of tags only drafts carry', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const shown = await createPost(author, category, { tags: [`Mapped ${uid(6)}`] });
    const hidden = await createPost(author, category, { tags: [`Unmapped ${uid(6)}`], status: 'draft' });
    const xml = await (await call('/sitemap.xml')).text();
    expect(xml).toContain(`/tag/${shown.tags[0]!.slug}</loc>`);
    expect(xml).not.toContain(`/tag/${hidden.tags[0]!.slug}<`);
    // Unpublishing the only post takes the tag page out.
    await json(await callAs(author, `/api/posts/${shown.slug}`, { method: 'PUT', json: updateOf(shown, { status: 'draft' }) }));
    expect((await json<TagResponse>(await call(`/api/tags/${shown.tags[0]!.slug}`))).tag.postCount).toBe(0);
    expect(await (await call('/sitemap.xml')).text()).not.toContain(`/tag/${shown.tags[0]!.slug}<`);
  });
});
