// Never stale after a tag write (product.md §9, §10): a visitor's tag page, tag API, tag feed and post
// page are first served from the edge cache (HIT); after tag create, rename, merge, delete, a post's tags
// changing and a post's slug changing, the next visitor read shows the new state.
import { describe, expect, it } from 'vitest';
import type { Post } from '../../contracts/posts';
import { callAs } from './admin-kit';
import { createAdmin, createCategory, createPost, createUser, json, uid, updateOf } from './factories';
import { call } from './helpers';

async function visit(path: string) {
  const res = await call(path);
  return { status: res.status, cache: res.headers.get('x-cache'), text: await res.text() };
}

/** Reads `paths` twice as a visitor; the second read must come from the cache. */
async function warm(...paths: string[]): Promise<void> {
  for (const path of paths) {
    await visit(path);
    expect((await visit(path)).cache, `${path} second read`).toBe('HIT');
  }
}

describe('the edge cache never serves tag pages older than the last write', () => {
  it('tag create: a new post with a new tag shows on /api/tags, and the tag’s API and feed answer', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const name = `Brand new ${uid(6)}`;
    const slug = name.toLowerCase().replace(/ /g, '-');
    await warm('/api/tags', `/api/tags/${slug}`, `/tag/${slug}/rss.xml`, `/api/posts?tag=${slug}`);
    expect((await visit(`/api/tags/${slug}`)).status).toBe(404);
    const post = await createPost(author, category, { tags: [name] });
    expect((await visit('/api/tags')).text).toContain(name);
    expect((await visit(`/api/tags/${slug}`)).status).toBe(200);
    expect((await visit(`/tag/${slug}/rss.xml`)).text).toContain(post.slug);
    expect((await visit(`/api/posts?tag=${slug}`)).text).toContain(post.slug);
  });

  it('a post’s tags changing: the old tag’s list drops it, the new tag’s list and the post show it', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category, { tags: [`Before ${uid(6)}`] });
    await createPost(author, category, { tags: [`After ${uid(6)}`] }).then(async (other) => {
      const [before, after] = [post.tags[0]!.slug, other.tags[0]!.slug];
      await warm(`/api/posts?tag=${before}`, `/api/posts?tag=${after}`, `/api/posts/${post.slug}`, `/details/${post.slug}`);
      await json(await callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { tags: [other.tags[0]!.name] }) }));
      expect((await visit(`/api/posts?tag=${before}`)).text).not.toContain(post.slug);
      expect((await visit(`/api/posts?tag=${after}`)).text).toContain(post.slug);
      expect((await visit(`/api/posts/${post.slug}`)).text).toContain(`"slug":"${after}"`);
    });
  });

  it('tag rename: the tag API, the feed and the post show the new name', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const post = await createPost(author, category, { tags: [`Old ${uid(6)}`] });
    const slug = post.tags[0]!.slug;
    await warm(`/api/tags/${slug}`, `/tag/${slug}/rss.xml`, `/api/posts/${post.slug}`, '/api/tags');
    const name = `Renamed ${uid(6)}`;
    await json(await callAs(admin, `/api/admin/tags/${slug}`, { method: 'PATCH', json: { name } }));
    expect((await visit(`/api/tags/${slug}`)).text).toContain(name);
    expect((await visit(`/tag/${slug}/rss.xml`)).text).toContain(name);
    expect((await visit(`/api/posts/${post.slug}`)).text).toContain(name);
    expect((await visit('/api/tags')).text).toContain(name);
  });

  it('tag merge: the merged tag is gone and its posts are on the other tag', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const id = uid(6);
    const post = await createPost(author, category, { tags: [`merge from ${id}`] });
    const other = await createPost(author, category, { tags: [`merge into ${id}`] });
    const [from, into] = [post.tags[0]!.slug, other.tags[0]!.slug];
    await warm(`/api/tags/${from}`, `/api/posts?tag=${into}`, `/tag/${from}/rss.xml`, `/api/posts/${post.slug}`);
    await json(await callAs(admin, `/api/admin/tags/${from}/merge`, { json: { into } }));
    expect((await visit(`/api/tags/${from}`)).status).toBe(404);
    expect((await visit(`/tag/${from}/rss.xml`)).status).toBe(404);
    expect((await visit(`/api/posts?tag=${into}`)).text).toContain(post.slug);
    expect((await visit(`/api/posts/${post.slug}`)).text).toContain(`"slug":"${into}"`);
  });

  it('tag delete: the tag answers 404 and its posts no longer carry it', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const post: Post = await createPost(author, category, { tags: [`doomed ${uid(6)}`] });
    const slug = post.tags[0]!.slug;
    await warm(`/api/tags/${slug}`, `/api/posts/${post.slug}`, '/sitemap.xml');
    expect((await callAs(admin, `/api/admin/tags/${slug}`, { method: 'DELETE' })).status).toBe(204);
    expect((await visit(`/api/tags/${slug}`)).status).toBe(404);
    expect((await visit(`/api/posts/${post.slug}`)).text).not.toContain(slug);
    expect((await visit('/sitemap.xml')).text).not.toContain(`/tag/${slug}<`);
  });

  it('a slug change: the old page and API answer 301 at once, and the new ones 200', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    const next = `renamed-${uid(6)}`;
    await warm(`/details/${post.slug}`, `/api/posts/${post.slug}`, `/details/${next}`);
    await json(await callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { slug: next }) }));
    expect((await visit(`/details/${post.slug}`)).status).toBe(301);
    expect((await visit(`/api/posts/${post.slug}`)).status).toBe(301);
    expect((await visit(`/details/${next}`)).status).toBe(200);
  });
});
