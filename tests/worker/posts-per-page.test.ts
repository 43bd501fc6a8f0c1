// The settings' posts per page (product.md §14) on every public list — home, category, tag, author and
// search, through the API and the pages — with the total and the page count right, at no round trip more.
import { describe, expect, it } from 'vitest';
import type { HomeResponse } from '../../contracts/home';
import type { ListPage } from '../../contracts/lists';
import type { PostSummary } from '../../contracts/posts';
import type { AuthorPageResponse } from '../../contracts/profile';
import { callAs } from './admin-kit';
import { call } from './helpers';
import { createAdmin, createCategory, createPost, createUser, json, uid } from './factories';
import { getCounted } from './page-cost-kit';

const setPostsPerPage = async (postsPerPage: number) =>
  json(await callAs(await createAdmin(), '/api/admin/settings', { method: 'PATCH', json: { postsPerPage } }));

/** Seven posts of one new author in one new category, all with one new tag and one new word. */
async function sevenPosts() {
  const [author, category] = await Promise.all([createUser(), createCategory()]);
  const word = `zebu${uid(8)}`;
  const tag = `tag-${uid(8)}`;
  const posts = [];
  for (let i = 0; i < 7; i++) posts.push(await createPost(author, category, { title: `The ${word} story ${i}`, tags: [tag] }));
  return { author, category, word, tag, posts };
}

const cardsOn = (html: string): number => (html.match(/class="post-card-title"/g) ?? []).length;

describe('posts per page from the settings', () => {
  it('a PATCH to 3 gives pages of 3 on every public list in the API, with the total of 7', async () => {
    const { author, category, word, tag } = await sevenPosts();
    await setPostsPerPage(3);
    for (const list of [`/api/posts?category=${category.slug}`, `/api/posts?tag=${tag}`, `/api/posts?author=${author.username}`, `/api/posts?q=${word}`]) {
      const first = await json<ListPage<PostSummary>>(await call(list));
      expect(first, list).toMatchObject({ page: 1, pageSize: 3, total: 7 });
      expect(first.items, list).toHaveLength(3);
      const last = await json<ListPage<PostSummary>>(await call(`${list}&page=3`));
      expect(last, list).toMatchObject({ page: 3, pageSize: 3, total: 7 });
      expect(last.items, list).toHaveLength(1);
    }
    const authorPage = await json<AuthorPageResponse>(await call(`/api/users/${author.username}?page=2`));
    expect(authorPage.posts).toMatchObject({ page: 2, pageSize: 3, total: 7 });
    expect(authorPage.posts.items).toHaveLength(3);
    const home = await json<HomeResponse>(await call('/api/home'));
    expect(home.latest.pageSize).toBe(3);
    expect(home.latest.items).toHaveLength(3);

    await setPostsPerPage(5);
    const five = await json<ListPage<PostSummary>>(await call(`/api/posts?category=${category.slug}&page=2`));
    expect(five).toMatchObject({ page: 2, pageSize: 5, total: 7 });
    expect(five.items).toHaveLength(2);
  });

  it('the pages show 3 posts a page and the last page the rest; a page past the last is not found', async () => {
    const { author, category, word, tag } = await sevenPosts();
    await setPostsPerPage(3);
    for (const page of [`/category/${category.slug}`, `/tag/${tag}`, `/author/${author.username}`, `/search?q=${word}&x=1`]) {
      const sep = page.includes('?') ? '&' : '?';
      expect(cardsOn(await (await call(page)).text()), page).toBe(3);
      const last = await call(`${page}${sep}page=3`);
      expect(last.status, page).toBe(200);
      expect(cardsOn(await last.text()), page).toBe(1);
    }
    expect((await call(`/category/${category.slug}?page=4`)).status).toBe(404);
  });

  it('the category page still reaches D1 in one round trip with the setting read in it', async () => {
    const { category } = await sevenPosts();
    await setPostsPerPage(3);
    await getCounted(`/category/${category.slug}`);
    const { res, trips } = await getCounted(`/category/${category.slug}?page=2`, { noCache: true });
    expect(res.status).toBe(200);
    expect(trips, JSON.stringify(trips, null, 1)).toHaveLength(1);
  });
});
