// What a page tells search engines and link previews besides its own fields: an author's SEO fields
// (contracts/seo.ts) laid over the page's head, and the schema.org pieces pages share. Site paths in the
// JSON-LD are made absolute on SITE_URL by the document (worker/render/head-tags.ts).
import type { Seo } from '../../contracts/seo';
import { paths } from './paths';
import type { HeadInfo } from './route-kit';
import type { SiteInfo } from './site';

/**
 * `head` with the author's SEO fields over it: the meta title replaces the `<title>` and og:title, the meta
 * description the description, the social image the cover (it has no alt text of its own), the canonical
 * URL the page's own address; noindex adds to a page's own reasons to be left out.
 */
export function withSeo(head: HeadInfo, seo: Seo): HeadInfo {
  return {
    ...head,
    ...(seo.title ? { metaTitle: seo.title } : {}),
    ...(seo.description ? { description: seo.description } : {}),
    ...(seo.image ? { image: seo.image, imageAlt: '' } : {}),
    ...(seo.canonicalUrl ? { canonicalUrl: seo.canonicalUrl } : {}),
    ...(seo.noindex || head.noindex ? { noindex: true } : {}),
  };
}

/** The site as the publisher of its pages: its title, and its logo when it has one. */
export const publisherLd = (site: SiteInfo): Record<string, unknown> => ({
  '@type': 'Organization',
  name: site.title,
  url: paths.home(),
  ...(site.logo ? { logo: { '@type': 'ImageObject', url: site.logo } } : {}),
});

/** The home page: the site, searchable at /search?q=. */
export const websiteLd = (site: SiteInfo): Record<string, unknown> => ({
  '@context': 'https://schema.org',
  '@type': 'WebSite',
  name: site.title,
  ...(site.description ? { description: site.description } : {}),
  url: paths.home(),
  inLanguage: site.language,
  publisher: publisherLd(site),
  potentialAction: {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${paths.search()}?q={search_term_string}` },
    'query-input': 'required name=search_term_string',
  },
});

/** A list of posts (a category, a tag). */
export const collectionLd = (page: { name: string; description: string; path: string }, site: SiteInfo): Record<string, unknown> => ({
  '@context': 'https://schema.org',
  '@type': 'CollectionPage',
  name: page.name,
  ...(page.description ? { description: page.description } : {}),
  url: page.path,
  isPartOf: { '@type': 'WebSite', name: site.title, url: paths.home() },
});

/** An author's page: the person it is about. */
export const profileLd = (user: { username: string; name: string; bio: string; image: string | null }): Record<string, unknown> => ({
  '@context': 'https://schema.org',
  '@type': 'ProfilePage',
  url: paths.author(user.username),
  mainEntity: {
    '@type': 'Person',
    name: user.name,
    alternateName: user.username,
    url: paths.author(user.username),
    ...(user.bio ? { description: user.bio } : {}),
    ...(user.image ? { image: user.image } : {}),
  },
});
