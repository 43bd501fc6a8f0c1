// The site's configured address, SITE_URL: the one base of every absolute link Byline sends away — mails,
// feeds, sitemaps, robots.txt, a page's canonical and Open Graph tags (security.md rule 7,
// docs/decisions/032-absolute-links-from-site-url.md). Never the request's Host, X-Forwarded-Host or
// X-Forwarded-Proto: whoever sends the request chooses those, and a link built from them (a reset link,
// a feed item, a cached sitemap) would lead readers to their site.

/** The site's configured address, the one base of every absolute link. */
export interface SiteAddress {
  /** `https://blog.example.com` */
  origin: string;
  /** `https://blog.example.com/` */
  home: string;
  /** An absolute link to a path of the site (`/reset-password?token=…`); never to another host. */
  link(pathAndQuery: string): string;
}

export interface SiteAddressProblem {
  problem: string;
}

/** What to do about a missing or bad SITE_URL: the end of every error logged for want of it. */
export const SITE_URL_FIX = "set SITE_URL in wrangler.toml [vars] to the site's address (e.g. https://blog.example.com) and deploy";

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The last SITE_URL read and what it gave: an env's value is fixed, so each page need not parse it again. */
let last: { value: string | undefined; site: SiteAddress | SiteAddressProblem } | null = null;

/**
 * SITE_URL as the site's address, or the reason it cannot be one: it must be an origin alone (no path,
 * query, fragment or credentials), over https — or http on a loopback host, for local use.
 */
export function siteAddress(value: string | undefined): SiteAddress | SiteAddressProblem {
  if (!last || last.value !== value) last = { value, site: Object.freeze(readSiteAddress(value)) };
  return last.site;
}

function readSiteAddress(value: string | undefined): SiteAddress | SiteAddressProblem {
  const text = value?.trim() ?? '';
  if (text === '') return { problem: 'SITE_URL is not set' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: `SITE_URL "${text}" is not a URL` };
  }
  const httpAllowed = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !httpAllowed) return { problem: `SITE_URL "${text}" must start with https:// (http:// only for localhost)` };
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    return { problem: `SITE_URL "${text}" must be the site's origin alone, like https://blog.example.com` };
  }
  const origin = url.origin;
  return {
    origin,
    home: `${origin}/`,
    // Appended to the origin, not resolved against it, so `//other.example/x` stays a path of this site.
    link: (pathAndQuery) => new URL(`${origin}${pathAndQuery.startsWith('/') ? '' : '/'}${pathAndQuery}`).href,
  };
}

/** The site's address when SITE_URL is valid, else null: for pages, which then leave their absolute tags out. */
export function configuredSite(env: { SITE_URL?: string }): SiteAddress | null {
  const site = siteAddress(env.SITE_URL);
  return 'problem' in site ? null : site;
}

/**
 * An image or link as an absolute address: an absolute one as it is, a path of the site on SITE_URL, and
 * none when only the request's Host could make it absolute.
 */
export function absoluteOnSite(value: string, site: SiteAddress | null): string | null {
  if (URL.canParse(value)) return new URL(value).href;
  return site ? site.link(value) : null;
}
