// A post pending review is, to readers, a draft (product.md §15): in no list, feed, sitemap, search or
// count, and its address is 404 to everyone but its author, editors and admins; the author's profile shows it.
import { describe, expect, it } from 'vitest';
import type { CategoryResponse } from '../../contracts/categories';
import type { AuthorPageResponse, ProfileResponse } from '../../contracts/profile';
import type { PostListResponse } from '../../contracts/posts';
import type { TagResponse } from '../../contracts/tags';
import { ROLE_CONTRIBUTOR, ROLE_EDITOR } from '../../contracts/roles';
import { callAs } from './admin-kit';
import { call, expectError } from './helpers';
import { createCategory, createPost, createUser, json, postRow } from './factories';

const word = () => `w${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;

describe('a pending post', () => {
  it('is in no public list, search, feed, sitemap or count', async () => {
    const [contributor, author, category] = await Promise.all([createUser({ role: ROLE_CONTRIBUTOR }), createUser(), createCategory()]);
    const secret = word();
    const tag = word();
    const post = await createPost(contributor, category, { status: 'pending', title: `Pending ${secret}`, body: `About ${secret}.`, tags: [tag] });
    // A published twin in the same places shows each path does list what readers may see.
    const shown = await createPost(author, category, { title: `Published ${secret}`, body: `About ${secret}.`, tags: [tag] });
    const sitemapPage = Math.ceil((await postRow(post.slug))!.id / 1000);

    const lists = [
      '/api/posts',
      `/api/posts?category=${category.slug}`,
      `/api/posts?author=${contributor.username}`,
      `/api/posts?tag=${tag}`,
      `/api/posts?q=${secret}`,
    ];
    for (const path of lists) expect((await json<PostListResponse>(await call(path))).items.map((p) => p.slug), path).not.toContain(post.slug);
    expect((await json<PostListResponse>(await call(`/api/posts?q=${secret}`))).total).toBe(1);

    const documents = [
      '/',
      '/rss.xml',
      '/atom.xml',
      '/feed.json',
      `/category/${category.slug}`,
      `/category/${category.slug}/rss.xml`,
      `/author/${contributor.username}/rss.xml`,
      `/tag/${tag}/rss.xml`,
      `/sitemap-posts.xml?page=${sitemapPage}`,
      `/search?q=${secret}`,
    ];
    for (const path of documents) {
      const res = await call(path);
      expect(res.status, path).toBe(200);
      const text = await res.text();
      expect(text, path).not.toContain(post.slug);
      if (!path.startsWith('/author/')) expect(text, path).toContain(shown.slug);
    }

    expect((await json<CategoryResponse>(await call(`/api/categories/${category.slug}`))).category.postCount).toBe(1);
    expect((await json<AuthorPageResponse>(await call(`/api/users/${contributor.username}`))).posts.total).toBe(0);
    expect((await json<TagResponse>(await call(`/api/tags/${tag}`))).tag.postCount).toBe(1);
  });

  it('is 404 to visitors and other authors, there for its author and editors', async () => {
    const [contributor, other, editor, category] = await Promise.all([
      createUser({ role: ROLE_CONTRIBUTOR }),
      createUser(),
      createUser({ role: ROLE_EDITOR }),
      createCategory(),
    ]);
    const post = await createPost(contributor, category, { status: 'pending' });
    for (const who of [null, other]) {
      await expectError(await callAs(who, `/api/posts/${post.slug}`), 404, 'not_found');
      expect((await callAs(who, `/details/${post.slug}`)).status).toBe(404);
    }
    for (const who of [contributor, editor]) expect((await callAs(who, `/api/posts/${post.slug}`)).status).toBe(200);
    const profile = await json<ProfileResponse>(await callAs(contributor, '/api/profile'));
    expect(profile.posts.items.find((p) => p.slug === post.slug)?.status).toBe('pending');
  });
});
