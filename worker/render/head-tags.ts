// The head's tags for link previews and search engines (product.md §14): Open Graph (og:*, article:*),
// Twitter cards and JSON-LD. Every absolute URL is built on SITE_URL (security rule 7): without it, the
// page's own address and site paths are left out (an absolute canonical URL or image is kept as given).
import { scriptSafeJson, type HeadInfo, type SiteInfo } from '../../web/entry-server';
import { escapeHtml } from '../lib/escape-html';
import { absoluteOnSite, type SiteAddress } from '../lib/site-address';

const meta = (kind: 'property' | 'name', key: string, value: string): string => `<meta ${kind}="${key}" content="${escapeHtml(value)}">`;

/** The shared image's description for link previews; none for a decorative image. */
const imageAltTags = (alt: string): string => meta('property', 'og:image:alt', alt) + meta('name', 'twitter:image:alt', alt);

const locales = new Map<string, string | null>();

/**
 * og:locale in Open Graph's `ll_CC` form from the site's BCP 47 language: its region (`pt-BR` → `pt_BR`), or
 * the likeliest one when it names none (`en` → `en_US`, `de` → `de_DE`); the language alone when there is no
 * two-letter region (`es-419` → `es`).
 */
export function ogLocale(language: string): string | null {
  let locale = locales.get(language);
  if (locale === undefined) {
    try {
      const tag = new Intl.Locale(language);
      const region = tag.region ?? tag.maximize().region;
      locale = region && /^[A-Z]{2}$/.test(region) ? `${tag.language}_${region}` : tag.language;
    } catch {
      locale = null;
    }
    locales.set(language, locale);
  }
  return locale;
}

/** og:*, twitter:* and, for a post, article:* — `url` and `image` already absolute (or null: left out). */
export function socialTags(input: { head: HeadInfo; siteInfo: SiteInfo; url: string | null; image: string | null; site: SiteAddress | null }): string {
  const { head, siteInfo, url, image, site } = input;
  const title = head.metaTitle ?? head.title;
  const locale = ogLocale(siteInfo.language);
  const article = head.article;
  const authorUrl = article ? absoluteOnSite(article.authorPath, site) : null;
  const tags = [
    meta('property', 'og:site_name', siteInfo.title),
    locale ? meta('property', 'og:locale', locale) : '',
    meta('property', 'og:title', title),
    `<meta property="og:type" content="${head.ogType ?? 'website'}">`,
    url ? meta('property', 'og:url', url) : '',
    head.description ? meta('property', 'og:description', head.description) : '',
    image ? meta('property', 'og:image', image) : '',
    image && head.imageAlt ? imageAltTags(head.imageAlt) : '',
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    head.description ? meta('name', 'twitter:description', head.description) : '',
    image ? meta('name', 'twitter:image', image) : '',
    article?.publishedTime ? meta('property', 'article:published_time', article.publishedTime) : '',
    article ? meta('property', 'article:modified_time', article.modifiedTime) : '',
    authorUrl ? meta('property', 'article:author', authorUrl) : '',
    article ? meta('property', 'article:section', article.section) : '',
    ...(article?.tags ?? []).map((tag) => meta('property', 'article:tag', tag)),
  ];
  return tags.join('');
}

/** The JSON-LD keys whose values are addresses: a site path among them is made absolute. */
const ADDRESS_KEYS = new Set(['url', 'image', 'logo', '@id', 'urlTemplate']);

function absolutePaths(value: unknown, site: SiteAddress | null, key = ''): unknown {
  if (typeof value === 'string') return ADDRESS_KEYS.has(key) && value.startsWith('/') ? (absoluteOnSite(value, site) ?? value) : value;
  if (Array.isArray(value)) return value.map((v) => absolutePaths(v, site, key));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, absolutePaths(v, site, k)]));
}

/** The page's JSON-LD, its site paths absolute; escaped so that no `</script>` (or `<!--`) can end the element. */
export const jsonLdTag = (jsonLd: Record<string, unknown>, site: SiteAddress | null): string =>
  `<script type="application/ld+json">${scriptSafeJson(absolutePaths(jsonLd, site))}</script>`;
