// Every page links the site's RSS, Atom and JSON Feed with <link rel="alternate">; a category's, a tag's and
// an author's page also links its own three (product.md §14).
import { describe, expect, it } from 'vitest';
import { createCategory, createPost, createUser, uid } from './factories';
import { call } from './helpers';

/** Each `<link rel="alternate">` of a page's head: its type and href. */
async function alternates(path: string): Promise<string[]> {
  const html = await (await call(path)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<link rel="alternate" type="([^"]+)" title="[^"]+" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
}

const SITE_FEEDS = ['application/rss+xml /rss.xml', 'application/atom+xml /atom.xml', 'application/feed+json /feed.json'];
const feedsOf = (page: string) => [`application/rss+xml ${page}/rss.xml`, `application/atom+xml ${page}/atom.xml`, `application/feed+json ${page}/feed.json`];

describe('<link rel="alternate"> to the feeds', () => {
  it('every page, a post, search and the 404 page included, links the site’s three feeds once each', async () => {
    const post = await createPost(await createUser(), await createCategory());
    for (const path of ['/', `/details/${post.slug}`, '/search?q=x', `/no-such-page-${uid(6)}`, '/login']) {
      const links = await alternates(path);
      for (const feed of SITE_FEEDS) expect(links.filter((l) => l === feed), `${path}: ${feed}`).toHaveLength(1);
    }
  });

  it('a category’s, a tag’s and an author’s page also link their own RSS, Atom and JSON Feed', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category, { tags: [`Linked ${uid(6)}`] });
    const pages = [`/category/${category.slug}`, `/tag/${post.tags[0]!.slug}`, `/author/${author.username}`];
    for (const page of pages) {
      const links = await alternates(page);
      expect(links, page).toEqual(expect.arrayContaining([...SITE_FEEDS, ...feedsOf(page)]));
      expect(links, page).toHaveLength(6);
    }
    expect(await alternates('/')).toHaveLength(3);
  });
});
