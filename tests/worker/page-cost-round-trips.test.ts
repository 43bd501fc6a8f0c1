// A cache miss is cheap: each page makes a fixed, small number of D1 round trips (batched), loads the
// session once however many API calls its loaders make, asks for the categories once, and no list
// query reads a post body. Counted on the real D1 binding, wrapped (tests/worker/page-cost-kit.ts).
import { describe, expect, it } from 'vitest';
import { createCategory, createPost, createUser, feature } from './factories';
import { getCounted } from './page-cost-kit';

async function content() {
  const [author, category] = await Promise.all([createUser(), createCategory()]);
  const post = await createPost(author, category);
  await createPost(author, category);
  await feature(post.slug, 1);
  return { author, category, post };
}

const readsBody = (sql: string) => /"body"|"body_html"|\bbody_html\b|posts\.body\b/.test(sql);
const touchesSessions = (sql: string) => /\bsessions\b/.test(sql);

describe('D1 round trips of a page cache miss', () => {
  it('home as a visitor: featured, latest posts with their total, categories with counts — 3 round trips', async () => {
    const { post } = await content();
    const { res, body, trips } = await getCounted('/');
    expect(res.status).toBe(200);
    expect(body).toContain(post.title);
    expect(trips, JSON.stringify(trips, null, 1)).toHaveLength(3);
    for (const trip of trips) for (const sql of trip) expect(readsBody(sql), sql).toBe(false);
  });

  it('home page 2 as a visitor: latest posts with their total, categories — 2 round trips', async () => {
    await content();
    const { trips } = await getCounted('/?page=2');
    // Page 2 may not exist yet in a fresh database (404), the cost is the same: no featured call.
    expect(trips, JSON.stringify(trips, null, 1)).toHaveLength(2);
  });

  it('a post as a visitor: the post, the categories — 2 round trips', async () => {
    const { post } = await content();
    const { res, body, trips } = await getCounted(`/details/${post.slug}`);
    expect(res.status).toBe(200);
    expect(body).toContain(post.title);
    expect(trips, JSON.stringify(trips, null, 1)).toHaveLength(2);
  });

  it('a category as a visitor: the category, its posts with their total, the categories — 3 round trips', async () => {
    const { category, post } = await content();
    const { res, body, trips } = await getCounted(`/category/${category.slug}`);
    expect(res.status).toBe(200);
    expect(body).toContain(post.title);
    expect(trips, JSON.stringify(trips, null, 1)).toHaveLength(3);
    for (const trip of trips) for (const sql of trip) expect(readsBody(sql), sql).toBe(false);
  });

  it('an author as a visitor: the author with their posts and total, the categories — 2 round trips', async () => {
    const { author, post } = await content();
    const { res, body, trips } = await getCounted(`/author/${author.username}`);
    expect(res.status).toBe(200);
    expect(body).toContain(post.title);
    expect(trips, JSON.stringify(trips, null, 1)).toHaveLength(2);
    for (const trip of trips) for (const sql of trip) expect(readsBody(sql), sql).toBe(false);
  });

  it('home signed in: the session is loaded from D1 once for the whole page, whatever its loaders call', async () => {
    const { author } = await content();
    const { res, trips } = await getCounted('/', { cookie: author.cookie });
    expect(res.status).toBe(200);
    expect(trips.flat().filter(touchesSessions), JSON.stringify(trips, null, 1)).toHaveLength(1);
    expect(trips, JSON.stringify(trips, null, 1)).toHaveLength(4);
  });

  it('an unknown post is a 404 after one look-up of it and the categories — 2 round trips', async () => {
    const { res, trips } = await getCounted('/details/no-such-post-here');
    expect(res.status).toBe(404);
    expect(trips, JSON.stringify(trips, null, 1)).toHaveLength(2);
  });
});
