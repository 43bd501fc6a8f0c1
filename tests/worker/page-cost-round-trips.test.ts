// A cache miss is cheap: a page's loaders reach D1 in one round trip together (they call the read services,
// decision 034, whose reads are gathered into one batch, worker/db/coalesced-reads.ts), the session is loaded
// once however many reads its loaders make, the categories are asked for once, and no list query reads a
// post body. Counted on the real D1 binding, wrapped (tests/worker/page-cost-kit.ts).
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

/**
 * The round trips of a miss (a request with `Cache-Control: no-cache`, which the edge cache does not
 * answer) once the page's route modules are loaded: they load lazily, once per isolate, and the first
 * render of a page may wait for them between its loaders' calls.
 */
async function countedMiss(path: string, opts: { cookie?: string } = {}) {
  await getCounted(path, opts);
  return getCounted(path, { ...opts, noCache: true });
}

const readsBody = (sql: string) => /"body"|"body_html"|\bbody_html\b|posts\.body\b/.test(sql);
const touchesSessions = (sql: string) => /\bsessions\b/.test(sql);

describe('D1 round trips of a page cache miss', () => {
  it('home as a visitor: the settings, the menus, featured, latest posts with their total, categories with counts — 1 round trip', async () => {
    const { post } = await content();
    const { res, body, trips } = await countedMiss('/');
    expect(res.status).toBe(200);
    expect(body).toContain(post.title);
    expect(trips, JSON.stringify(trips, null, 1)).toHaveLength(1);
    // The site's settings and menus (the root route's reads) and the posts per page the latest posts' answer
    // names are one statement, the settings row, sent once in the same batch (their LIMIT reads it in their own
    // statement); the default header's categories are the home page's own categories read.
    expect(trips[0], JSON.stringify(trips, null, 1)).toHaveLength(6);
    expect(trips[0]!.filter((sql) => /\bnavigation_menus\b/.test(sql))).toHaveLength(1);
    expect(trips[0]!.filter((sql) => /from "settings"/.test(sql))).toHaveLength(1);
    expect(trips[0]!.filter((sql) => /from "categories" order by/.test(sql))).toHaveLength(1);
    for (const trip of trips) for (const sql of trip) expect(readsBody(sql), sql).toBe(false);
  });

  it('home page 2 as a visitor: latest posts with their total, categories — 1 round trip', async () => {
    await content();
    const { trips } = await countedMiss('/?page=2');
    // Page 2 may not exist yet in a fresh database (404), the cost is the same: no featured call.
    expect(trips, JSON.stringify(trips, null, 1)).toHaveLength(1);
  });

  it('a post as a visitor: the post, the categories — 1 round trip', async () => {
    const { post } = await content();
    const { res, body, trips } = await countedMiss(`/details/${post.slug}`);
    expect(res.status).toBe(200);
    expect(body).toContain(post.title);
    expect(trips, JSON.stringify(trips, null, 1)).toHaveLength(1);
  });

  it('a category as a visitor: the category, its posts with their total, the categories — 1 round trip', async () => {
    const { category, post } = await content();
    const { res, body, trips } = await countedMiss(`/category/${category.slug}`);
    expect(res.status).toBe(200);
    expect(body).toContain(post.title);
    expect(trips, JSON.stringify(trips, null, 1)).toHaveLength(1);
    for (const trip of trips) for (const sql of trip) expect(readsBody(sql), sql).toBe(false);
  });

  it('an author as a visitor: the author with their posts and total, the categories — 1 round trip', async () => {
    const { author, post } = await content();
    const { res, body, trips } = await countedMiss(`/author/${author.username}`);
    expect(res.status).toBe(200);
    expect(body).toContain(post.title);
    expect(trips, JSON.stringify(trips, null, 1)).toHaveLength(1);
    for (const trip of trips) for (const sql of trip) expect(readsBody(sql), sql).toBe(false);
  });

  it('home signed in: the session is loaded from D1 once, then the loaders in one round trip', async () => {
    const { author } = await content();
    const { res, trips } = await countedMiss('/', { cookie: author.cookie });
    expect(res.status).toBe(200);
    expect(trips.flat().filter(touchesSessions), JSON.stringify(trips, null, 1)).toHaveLength(1);
    expect(trips, JSON.stringify(trips, null, 1)).toHaveLength(2);
  });

  it('an unknown post is a 404 after one look-up of it and the categories, then of a redirect from it — 2 round trips', async () => {
    const { res, trips } = await countedMiss('/details/no-such-post-here');
    expect(res.status).toBe(404);
    expect(trips, JSON.stringify(trips, null, 1)).toHaveLength(2);
    expect(JSON.stringify(trips[1])).toContain('redirects');
  });
});
