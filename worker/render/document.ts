// The HTML document around the React stream: head tags from the route, theme before first paint, scripts.
// Its one executable inline script is the constant theme script, allowed by its hash in the CSP
// (middleware/security-headers.ts); the boot and router data are JSON data blocks, which run nothing.
import { ACCENT_STYLESHEET_ID, accentStylesheetPath } from '../../contracts/accent';
import { feedFamily, pathTo, type FeedLink } from '../../contracts/routes';
import {
  BOOT_ELEMENT_ID,
  fullTitle,
  PAGE_FEED_ATTRIBUTE,
  ROUTER_DATA_ELEMENT_ID,
  scriptSafeJson,
  THEME_BOOT_SCRIPT,
  type BootData,
  type HeadInfo,
  type RouterData,
  type SiteInfo,
} from '../../web/entry-server';
import { escapeHtml } from '../lib/escape-html';
import { absoluteOnSite, type SiteAddress } from '../lib/site-address';
import type { ClientAssets } from './client-assets';
import { jsonLdTag, socialTags } from './head-tags';

/** Every executable inline script a page may hold: the CSP allows exactly these, by hash. */
export const INLINE_SCRIPTS: readonly string[] = [THEME_BOOT_SCRIPT];

/** `<link rel="alternate">` to each feed; `marker` tells the browser which to replace after a navigation. */
const feedLinkTags = (links: FeedLink[], marker = ''): string =>
  links.map((l) => `<link rel="alternate" type="${l.type}" title="${escapeHtml(l.title)}" href="${escapeHtml(l.path)}"${marker}>`).join('');

/**
 * The site's accent shades: a stylesheet named by the colour (same-origin, so the strict `style-src 'self'`
 * holds and nothing inline is needed; decision 043). None without settings (an error page): styles.css's own.
 */
const accentStylesheetTag = ({ accentColor }: SiteInfo): string =>
  accentColor ? `<link rel="stylesheet" href="${escapeHtml(accentStylesheetPath(accentColor))}" id="${ACCENT_STYLESHEET_ID}">` : '';

/** The head's tags. Absolute URLs (canonical, og:url, og:image) come from SITE_URL only: without it they are left out. */
function headTags(head: HeadInfo, siteInfo: SiteInfo, url: URL, site: SiteAddress | null): string {
  const canonical = head.canonicalUrl ?? (site ? site.link(head.canonicalPath ?? url.pathname + url.search) : null);
  const image = head.image ? absoluteOnSite(head.image, site) : null;
  const title = fullTitle(head, siteInfo);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    head.description ? `<meta name="description" content="${escapeHtml(head.description)}">` : '',
    head.noindex ? '<meta name="robots" content="noindex">' : canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
    socialTags({ head, siteInfo, url: canonical, image, site }),
    head.jsonLd ? jsonLdTag(head.jsonLd, site) : '',
    head.feed ? feedLinkTags(feedFamily(head.feed.path, head.feed.title), ` ${PAGE_FEED_ATTRIBUTE}`) : '',
  ];
  return tags.filter(Boolean).join('');
}

/** The site's icons (routes/site-icons.ts); Byline's own SVG besides while no icon is uploaded (decision 044). */
const iconTags = (siteInfo: SiteInfo): string =>
  `<link rel="icon" href="${pathTo('favicon')}" sizes="32x32">` +
  (siteInfo.icon ? '' : '<link rel="icon" href="/favicon.svg" type="image/svg+xml">') +
  `<link rel="apple-touch-icon" href="${pathTo('apple-touch-icon')}"><link rel="manifest" href="${pathTo('web-manifest')}">`;

export function documentParts(input: {
  head: HeadInfo;
  /** The site's settings the page was rendered with: its name and language. */
  siteInfo: SiteInfo;
  /** The page's own address: its path is the canonical one unless the route names another. */
  url: URL;
  /** SITE_URL, the base of the head's absolute URLs; null when not configured (they are then left out). */
  site: SiteAddress | null;
  assets: ClientAssets | null;
  boot: BootData;
  routerData: RouterData;
  /** Scripts of another origin the page needs before hydration (Turnstile's, on the pages that show its widget). */
  externalScripts?: readonly string[];
}): { start: string; end: string } {
  const { head, siteInfo, url, site, assets, boot, routerData, externalScripts = [] } = input;
  const styles = assets?.css.map((href) => `<link rel="stylesheet" href="${href}">`).join('') ?? '';
  const preloads =
    assets ? [assets.script, ...assets.preload].map((href) => `<link rel="modulepreload" href="${href}">`).join('') : '';
  const start =
    `<!doctype html><html lang="${escapeHtml(siteInfo.language)}" data-theme="dark"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="color-scheme" content="dark light">' +
    `<script>${THEME_BOOT_SCRIPT}</script>` +
    headTags(head, siteInfo, url, site) +
    styles +
    accentStylesheetTag(siteInfo) +
    preloads +
    externalScripts.map((src) => `<script src="${escapeHtml(src)}" async defer></script>`).join('') +
    feedLinkTags(feedFamily(pathTo('site-feed'), siteInfo.title)) +
    iconTags(siteInfo) +
    '</head><body><div id="root">';
  const end =
    '</div>' +
    `<script type="application/json" id="${ROUTER_DATA_ELEMENT_ID}">${scriptSafeJson(routerData)}</script>` +
    `<script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptSafeJson(boot)}</script>` +
    (assets ? `<script type="module" src="${assets.script}"></script>` : '') +
    '</body></html>';
  return { start, end };
}
