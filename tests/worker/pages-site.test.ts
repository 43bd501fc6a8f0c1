// Standalone pages on the site (product.md §14): served at `/:slug` (server-rendered, 200), a draft 404 to
// visitors, never in the home, category, tag, author, search lists or the feeds, in the sitemap; no route
// is shadowed by a page; cached for visitors and fresh after every page write.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { callAs } from './admin-kit';
import { createAdmin, createCategory, createPost, json, uid } from './factories';
import { call } from './helpers';
import { createPage, updatePage } from './pages-kit';
import type { Page } from '../../contracts/pages';

const SITE = env.SITE_URL;

async function visit(path: string) {
  const res = await call(path);
  return { status: res.status, cache: res.headers.get('x-cache'), location: res.headers.get('location'), text: await res.text() };
}

/** Reads `paths` twice as a visitor; the second read must come from the cache. */
async function warm(...paths: string[]): Promise<void> {
  for (const path of paths) {
    await visit(path);
    expect((await visit(path)).cache, `${path} second read`).toBe('HIT');
  }
}

describe('a page at /:slug', () => {
  it('is rendered on the server with its title, body and head, and no byline, category or tags', async () => {
    const admin = await createAdmin();
    const page = await createPage(admin, { body: 'Our *story* begins here.' });
    const res = await call(`/${page.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<h1>${page.title}</h1>`);
    expect(html).toContain('<em>story</em>');
    expect(html).toMatch(new RegExp(`<title>${page.title} — [^<]+</title>`));
    expect(html).toContain('<meta name="description" content="Our story begins here.">');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/${page.slug}">`);
    expect(html).not.toContain('class="post-byline"');
    expect(html).not.toContain('class="post-category"');
    expect(html).not.toContain('rel="author"');
  });

  it('takes its head from the SEO fields as a post does: meta title as written, description, social image, canonical URL, noindex', async () => {
    const admin = await createAdmin();
    const seo = { title: 'Meta title here', description: 'Meta description here', image: 'https://images.example/card.png', canonicalUrl: 'https://elsewhere.example/about' };
    const page = await createPage(admin, { seo });
    const html = await (await call(`/${page.slug}`)).text();
    expect(html).toContain('<title>Meta title here</title>');
    expect(html).toContain('<meta name="description" content="Meta description here">');
    expect(html).not.toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<link rel="canonical" href="https://elsewhere.example/about">');
    expect(html).toContain('<meta property="og:image" content="https://images.example/card.png">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>;
    expect(ld).toMatchObject({ '@type': 'WebPage', name: page.title, description: 'Meta description here', url: 'https://elsewhere.example/about' });
    const hidden = await createPage(admin, { seo: { noindex: true } });
    const hiddenHtml = await (await call(`/${hidden.slug}`)).text();
    expect(hiddenHtml).toContain('<meta name="robots" content="noindex">');
    expect(hiddenHtml).not.toContain('rel="canonical"');
  });

  it('a draft is the 404 page for visitors, and shown to an admin (never cached)', async () => {
    const admin = await createAdmin();
    const draft = await createPage(admin, { status: 'draft' });
    expect((await visit(`/${draft.slug}`)).status).toBe(404);
    const res = await callAs(admin, `/${draft.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(await res.text()).toContain('Draft');
  });

  it('an address no page has is the 404 page, not stored (any one-segment address would fill the cache)', async () => {
    const path = `/no-page-${uid()}`;
    expect((await visit(path)).status).toBe(404);
    expect(await visit(path)).toMatchObject({ status: 404, cache: 'MISS' });
  });

  it('an address no page has still follows a redirect from it', async () => {
    const admin = await createAdmin();
    const from = `/gone-${uid()}`;
    expect((await callAs(admin, '/api/admin/redirects', { method: 'POST', json: { from, to: '/search' } })).status).toBe(201);
    expect(await visit(from)).toMatchObject({ status: 301, location: '/search' });
  });
});

describe('no page shadows a route', () => {
  it('a page row with a route’s slug (written around the API) never answers there: the route does', async () => {
    for (const slug of ['search', 'feed', 'login', '404']) {
      await env.DB.prepare("INSERT OR IGNORE INTO pages (slug, title, body, body_html, status) VALUES (?, 'Shadow page', 'x', '<p>x</p>', 'published')").bind(slug).run();
    }
    expect((await visit('/search')).text).not.toContain('Shadow page');
    expect(await visit('/feed')).toMatchObject({ status: 301, location: '/rss.xml' });
    expect((await visit('/login')).text).not.toContain('Shadow page');
    expect((await visit('/404')).status).toBe(404);
    await env.DB.prepare("DELETE FROM pages WHERE title = 'Shadow page'").run();
  });
});

describe('pages stay out of every list, feed and search', () => {
  it('home, post lists, category, tag and author pages, search, and the feeds never show a page', async () => {
    const [admin, category] = await Promise.all([createAdmin(), createCategory()]);
    const word = `zebrafinch${uid(6)}`;
    const page = await createPage(admin, { title: `Page ${word}`, body: `All about ${word}.` });
    const post = await createPost(admin, category, { title: `Post ${uid(6)}`, tags: [`Tag ${uid(6)}`], body: `A post, not about that.` });
    const tag = post.tags[0]!.slug;
    const fresh = { headers: { 'cache-control': 'no-cache' } };
    for (const path of [
      '/',
      '/api/home',
      '/api/posts',
      `/api/posts?q=${word}`,
      `/search?q=${word}`,
      `/category/${category.slug}`,
      `/api/posts?category=${category.slug}`,
      `/tag/${tag}`,
      `/author/${admin.username}`,
      `/api/users/${admin.username}`,
      '/rss.xml',
      '/atom.xml',
      '/feed.json',
      `/author/${admin.username}/rss.xml`,
    ]) {
      const text = await (await call(path, fresh)).text();
      expect(text, path).not.toContain(page.title);
      expect(text, path).not.toContain(`All about ${word}`);
      expect(text, path).not.toContain(`/${page.slug}"`);
    }
    expect(await (await call(`/search?q=${word}`, fresh)).text()).toContain('No posts match');
  });
});

describe('the sitemap', () => {
  it('lists published pages at their address with their last change, never drafts', async () => {
    const admin = await createAdmin();
    const [page, draft] = await Promise.all([createPage(admin), createPage(admin, { status: 'draft' })]);
    for (const path of ['/sitemap.xml', '/sitemap-pages.xml']) {
      const xml = await (await call(path, { headers: { 'cache-control': 'no-cache' } })).text();
      expect(xml, path).toContain(`<url><loc>${SITE}/${page.slug}</loc><lastmod>${page.updatedAt}</lastmod></url>`);
      expect(xml, path).not.toContain(`/${draft.slug}<`);
    }
  });
});

describe('the edge cache never serves a page older than its last write', () => {
  it('create, change, change of slug, unpublish and delete each show at the next visitor read', async () => {
    const admin = await createAdmin();
    const slug = `fresh-${uid()}`;
    await warm('/sitemap.xml');
    expect((await visit(`/${slug}`)).status).toBe(404);
    let page = await createPage(admin, { slug, title: 'First title' });
    await warm('/sitemap.xml');
    expect((await visit(`/${slug}`)).status).toBe(200);
    await warm(`/${slug}`, `/api/pages/${slug}`);

    page = await json<Page>(await updatePage(admin, page, { title: 'Second title' }));
    expect((await visit(`/${slug}`)).text).toContain('Second title');
    expect((await visit(`/api/pages/${slug}`)).text).toContain('Second title');
    expect((await visit('/sitemap.xml')).text).toContain(`/${slug}<`);

    await warm(`/${slug}`);
    const moved = `${slug}-moved`;
    page = await json<Page>(await updatePage(admin, page, { slug: moved }));
    expect(await visit(`/${slug}`)).toMatchObject({ status: 301, location: `/${moved}` });
    await warm(`/${moved}`, '/sitemap.xml');

    page = await json<Page>(await updatePage(admin, page, { status: 'draft' }));
    expect((await visit(`/${moved}`)).status).toBe(404);
    expect((await visit('/sitemap.xml')).text).not.toContain(`/${moved}<`);

    await json<Page>(await updatePage(admin, page, { status: 'published' }));
    await warm(`/${moved}`);
    expect((await callAs(admin, `/api/admin/pages/${moved}`, { method: 'DELETE' })).status).toBe(204);
    expect((await visit(`/${moved}`)).status).toBe(404);
  });

  it('a draft’s saves leave cached answers valid (no generation change)', async () => {
    const admin = await createAdmin();
    const draft = await createPage(admin, { status: 'draft' });
    const generation = async () => (await env.DB.prepare('SELECT generation FROM site_state WHERE id = 1').first<{ generation: number }>())!.generation;
    const before = await generation();
    await json<Page>(await updatePage(admin, draft, { body: 'autosaved text' }));
    expect(await generation()).toBe(before);
  });
});
