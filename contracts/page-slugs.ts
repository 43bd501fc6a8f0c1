// Which slugs a standalone page (About, Contact) may take: it is served at `/:slug`, so a slug may not be
// an address the site answers itself (every first path segment of the route table, and what the Worker
// answers outside it) nor a reserved word. The Worker's validation and the editor's hint both ask here.
import { DOCUMENT_ROUTES, PAGE_ROUTES } from './routes';

/** First path segments the Worker answers outside the route table (worker/app.ts). */
export const WORKER_PREFIXES = ['api', 'media', 'assets', 'confirm-email'] as const;

/**
 * Words no page may take although no route answers them today: addresses crawlers, old WordPress links and
 * Cloudflare use, names of pages Byline may add, and words that would read as the site's own.
 */
export const RESERVED_PAGE_WORDS = [
  'account', 'admin', 'administrator', 'apple-touch-icon', 'atom', 'auth', 'authors', 'byline', 'categories',
  'cdn-cgi', 'comments', 'dashboard', 'edit', 'favicon', 'index', 'invite', 'logout', 'new', 'newsletter',
  'page', 'pages', 'post', 'posts', 'preview', 'rss', 'settings', 'site', 'sitemap', 'static', 'subscribe',
  'tags', 'unsubscribe', 'user', 'users', 'verify', 'webmanifest', 'wp-admin', 'wp-content', 'wp-includes',
  'wp-json', 'wp-login', 'xmlrpc', '404', '500',
] as const;

/** The first segment of a route pattern that is fixed text, and its stem before any `.` (`rss.xml` → `rss`). */
function fixedFirstSegments(pattern: string): string[] {
  const first = pattern.split('/')[1] ?? '';
  if (first === '' || first === '*' || first.startsWith(':')) return [];
  return [first, first.split('.')[0]!].filter((s) => s !== '');
}

const routes: readonly { pattern: string }[] = [...PAGE_ROUTES, ...DOCUMENT_ROUTES];

/** Every slug no page may take: derived from the route table, so a route added later is protected by being there. */
export const TAKEN_PAGE_SLUGS: ReadonlySet<string> = new Set([
  ...routes.flatMap((r) => fixedFirstSegments(r.pattern)),
  ...WORKER_PREFIXES,
  ...RESERVED_PAGE_WORDS,
]);

export const PAGE_SLUG_RESERVED = 'That address belongs to the site itself; choose another slug';

/** Whether `slug` (as stored: lower case, NFC) is one the site keeps for itself. */
export const isReservedPageSlug = (slug: string): boolean => TAKEN_PAGE_SLUGS.has(slug);
