// The head of every public page for link previews and search engines (product.md §14; docs/decisions/048):
// og:*, twitter:card, article:* and JSON-LD on a post page, with the author's SEO fields over the post's own;
// og:* and twitter:card on the home, category, tag and author pages; noindex posts out of the sitemap.
import { describe, expect, it } from 'vitest';
import type { PublicSettings } from '../../contracts/settings';
import { ogLocale } from '../../worker/render/head-tags';
import { callAs } from './admin-kit';
import { createCategory, createPost, createUser, json, uid, updateOf } from './factories';
import { call, ORIGIN } from './helpers';

const COVER = 'https://images.example.test/cover.jpg';

const html = async (path: string) => {
  const res = await call(path);
  expect(res.status, path).toBe(200);
  return res.text();
};
const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
/** Every content of `<meta property|name="key">`, unescaped, in order. */
const metas = (page: string, key: string) =>
  [...page.matchAll(new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`, 'g'))].map((m) => unescape(m[1]!));
const meta = (page: string, key: string) => metas(page, key)[0];
const jsonLd = (page: string) => {
  const found = [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(found).toHaveLength(1);
  return JSON.parse(found[0]![1]!) as Record<string, unknown> & { mainEntityOfPage?: Record<string, unknown> };
};
const canonicalOf = (page: string) => page.match(/<link rel="canonical" href="([^"]*)">/)?.[1];
const siteSettings = async () => json<PublicSettings>(await call('/api/settings'));

describe('a post page head', () => {
  it('without SEO fields: og:*, twitter:card summary_large_image, article:* and a BlogPosting from the post itself', async () => {
    const [author, category, site] = await Promise.all([createUser(), createCategory(), siteSettings()]);
    const post = await createPost(author, category, { coverImage: COVER, coverAlt: 'A cover', tags: ['Edge Cases', 'Caching'] });
    const page = await html(`/details/${post.slug}`);
    const url = `${ORIGIN}/details/${post.slug}`;
    expect(page).toContain(`<title>${post.title} — ${site.title}</title>`);
    expect(canonicalOf(page)).toBe(url);
    expect(page).not.toContain('name="robots"');
    expect(meta(page, 'og:title')).toBe(post.title);
    expect(meta(page, 'og:type')).toBe('article');
    expect(meta(page, 'og:url')).toBe(url);
    expect(meta(page, 'og:description')).toBe(post.excerpt);
    expect(meta(page, 'og:image')).toBe(COVER);
    expect(meta(page, 'og:image:alt')).toBe('A cover');
    expect(meta(page, 'og:site_name')).toBe(site.title);
    expect(meta(page, 'og:locale')).toBe(ogLocale(site.language));
    expect(meta(page, 'twitter:card')).toBe('summary_large_image');
    expect(meta(page, 'twitter:title')).toBe(post.title);
    expect(meta(page, 'twitter:description')).toBe(post.excerpt);
    expect(meta(page, 'twitter:image')).toBe(COVER);
    expect(meta(page, 'article:published_time')).toBe(post.publishedAt);
    expect(meta(page, 'article:modified_time')).toBe(post.updatedAt);
    expect(meta(page, 'article:author')).toBe(`${ORIGIN}/author/${author.username}`);
    expect(meta(page, 'article:section')).toBe(category.name);
    expect(metas(page, 'article:tag')).toEqual(['Edge Cases', 'Caching']);

    const ld = jsonLd(page);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.excerpt,
      datePublished: post.publishedAt,
      dateModified: post.updatedAt,
      author: { '@type': 'Person', name: author.name, url: `${ORIGIN}/author/${author.username}` },
      publisher: { '@type': 'Organization', name: site.title },
      image: COVER,
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      keywords: ['Edge Cases', 'Caching'],
    });
  });

  it('a post without an image shares its generated social card (og:image, twitter:image, summary_large_image)', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    const page = await html(`/details/${post.slug}`);
    const card = new RegExp(`/details/${post.slug}/card\\.png$`);
    expect(meta(page, 'twitter:card')).toBe('summary_large_image');
    expect(meta(page, 'og:image')).toMatch(card);
    expect(meta(page, 'twitter:image')).toMatch(card);
    expect(jsonLd(page).image).toMatch(card);
  });

  it('the SEO fields win: meta title is the whole <title>, og:title and twitter:title; description, social image and canonical URL replace the post\'s — all escaped', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const seo = {
      title: `Fish & "Chips" <${uid(4)}> </script><!--`,
      description: 'A \'quoted\' <description> & more',
      image: 'https://images.example.test/social.png',
      canonicalUrl: 'https://first.example/fish-and-chips?from=byline&x=1',
    };
    const post = await createPost(author, category, { coverImage: COVER, coverAlt: 'The cover', seo });
    const page = await html(`/details/${post.slug}`);
    const escapedTitle = seo.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    expect(page).toContain(`<title>${escapedTitle}</title>`);
    expect(page.match(/<\/script>/g)).toHaveLength(page.match(/<script/g)!.length);
    expect(meta(page, 'og:title')).toBe(seo.title);
    expect(meta(page, 'twitter:title')).toBe(seo.title);
    expect(meta(page, 'description')).toBe(seo.description);
    expect(meta(page, 'og:description')).toBe(seo.description);
    expect(meta(page, 'twitter:description')).toBe(seo.description);
    expect(meta(page, 'og:image')).toBe(seo.image);
    expect(meta(page, 'twitter:image')).toBe(seo.image);
    expect(meta(page, 'og:image:alt')).toBeUndefined();
    expect(canonicalOf(page)).toBe('https://first.example/fish-and-chips?from=byline&amp;x=1');
    expect(meta(page, 'og:url')).toBe(seo.canonicalUrl);
    const ld = jsonLd(page);
    expect(ld.headline).toBe(post.title);
    expect(ld.description).toBe(seo.description);
    expect(ld.image).toBe(seo.image);
    expect(ld.mainEntityOfPage?.['@id']).toBe(seo.canonicalUrl);
  });

  it('noindex: a robots noindex meta and no canonical link, and the post leaves the sitemap until it is cleared', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category, { seo: { noindex: true } });
    const page = await html(`/details/${post.slug}`);
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(canonicalOf(page)).toBeUndefined();
    const listed = await createPost(author, category);
    const sitemap = await html('/sitemap.xml');
    expect(sitemap).toContain(`/details/${listed.slug}<`);
    expect(sitemap).not.toContain(`/details/${post.slug}<`);

    const res = await callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { seo: { noindex: false } }) });
    expect(res.status).toBe(200);
    expect(await html('/sitemap.xml')).toContain(`/details/${post.slug}<`);
    expect(await html(`/details/${post.slug}`)).not.toContain('name="robots"');
  });
});

describe('the other public pages', () => {
  it('home, category, tag and author pages have og:*, twitter:card and their JSON-LD', async () => {
    const [author, category, site] = await Promise.all([createUser({ bio: 'Writes about caches' }), createCategory(), siteSettings()]);
    const tag = `Tag ${uid(6)}`;
    const post = await createPost(author, category, { tags: [tag] });
    const tagSlug = post.tags[0]!.slug;
    const pages: [string, string, string][] = [
      ['/', 'website', 'WebSite'],
      [`/category/${category.slug}`, 'website', 'CollectionPage'],
      [`/tag/${tagSlug}`, 'website', 'CollectionPage'],
      [`/author/${author.username}`, 'profile', 'ProfilePage'],
    ];
    for (const [path, ogType, ldType] of pages) {
      const page = await html(path);
      expect(meta(page, 'og:type'), path).toBe(ogType);
      expect(meta(page, 'og:url'), path).toBe(`${ORIGIN}${path}`);
      expect(meta(page, 'og:title'), path).toBeTruthy();
      expect(meta(page, 'og:site_name'), path).toBe(site.title);
      expect(meta(page, 'twitter:card'), path).toBe('summary');
      expect(meta(page, 'twitter:title'), path).toBe(meta(page, 'og:title'));
      expect(meta(page, 'article:published_time'), path).toBeUndefined();
      expect(jsonLd(page)['@type'], path).toBe(ldType);
    }
    const home = jsonLd(await html('/'));
    expect(home.potentialAction).toMatchObject({ '@type': 'SearchAction', target: { urlTemplate: `${ORIGIN}/search?q={search_term_string}` } });
    expect(home.name).toBe(site.title);
    expect(jsonLd(await html(`/category/${category.slug}`))).toMatchObject({ name: category.name, url: `${ORIGIN}/category/${category.slug}` });
    expect(jsonLd(await html(`/tag/${tagSlug}`))).toMatchObject({ name: tag });
    expect(jsonLd(await html(`/author/${author.username}`)).mainEntity).toMatchObject({ '@type': 'Person', name: author.name, description: 'Writes about caches' });
  });

  it('og:locale is the language in ll_CC form: its region, else the likeliest one; the language alone without a two-letter region', () => {
    expect(ogLocale('en')).toBe('en_US');
    expect(ogLocale('pt-BR')).toBe('pt_BR');
    expect(ogLocale('de')).toBe('de_DE');
    expect(ogLocale('de-AT')).toBe('de_AT');
    expect(ogLocale('es-419')).toBe('es');
  });
});
