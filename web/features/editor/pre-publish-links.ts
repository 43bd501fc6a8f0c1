// The one pre-publish rule that needs the network: links to this site's pages that do not exist. A link
// is on the site when it is site-relative (`/details/slug`) or absolute on the site's origin; the route
// table (contracts/routes.ts) names the page, and the public API read of that page answers whether it
// exists (404: missing). All reads run at once, each with a short timeout; an answer that is not a 404
// (slow, offline, a server error) warns of nothing, since the check never blocks.
import { WORKER_PREFIXES } from '../../../contracts/page-slugs';
import type { PageReads } from '../../../contracts/page-reads';
import { paramsOf } from '../../../contracts/route-pattern';
import { matchNamedRoute } from '../../../contracts/routes';
import { ApiError } from '../../lib/http';
import type { BodyLink, PrePublishWarning } from './pre-publish-check';

/** How long one existence read may take before the check gives up on it (and warns of nothing). */
export const LINK_CHECK_TIMEOUT_MS = 3000;
/** At most this many distinct site addresses are read per check. */
export const LINK_CHECK_MAX = 25;

export type LinkReads = Pick<PageReads, 'post' | 'category' | 'tag' | 'author' | 'page'>;

/** The path of a link into this site, or null for a link elsewhere (or to a fragment, or to the Worker's own files). */
export function sitePathOf(href: string, siteOrigin: string): string | null {
  const raw = href.trim();
  if (!raw.startsWith('/') && !/^https?:/i.test(raw)) return null;
  if (!URL.canParse(raw, siteOrigin)) return null;
  const url = new URL(raw, siteOrigin);
  if (url.origin !== siteOrigin) return null;
  const first = url.pathname.split('/')[1] ?? '';
  return (WORKER_PREFIXES as readonly string[]).includes(first) ? null : url.pathname;
}

/** What answers whether the page at `path` exists: a read, 'none' when the route table names no such page, null when it always exists. */
export function existenceReadOf(path: string, reads: LinkReads): (() => Promise<unknown>) | 'none' | null {
  const route = matchNamedRoute(path);
  if (!route || route.kind === 'not-found') return 'none';
  const params = paramsOf(route.pattern, path);
  switch (route.id) {
    case 'post':
      return () => reads.post(params.slug!);
    case 'category':
      return () => reads.category(params.slug!);
    case 'tag':
      return () => reads.tag(params.slug!);
    case 'author':
      return () => reads.author(params.username!, 1);
    case 'page':
      return () => reads.page(params.slug!);
    default:
      return null;
  }
}

/** Whether the read says 404 within the timeout; anything else is no evidence of a missing page. */
async function answersNotFound(read: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answer = read().then(
    () => false,
    (error: unknown) => error instanceof ApiError && error.status === 404,
  );
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const missing = (path: string, why: string): PrePublishWarning => ({
  id: 'link-missing',
  message: `A link goes to ${path}, ${why}.`,
  hint: 'Check the address (a post is at /details/its-slug), or remove the link.',
});

/** A warning for each distinct site address in `links` that leads to no page. */
export async function missingSiteLinks(links: BodyLink[], siteOrigin: string, reads: LinkReads, timeoutMs = LINK_CHECK_TIMEOUT_MS): Promise<PrePublishWarning[]> {
  const paths = [...new Set(links.map((l) => sitePathOf(l.href, siteOrigin)).filter((p): p is string => p !== null))].slice(0, LINK_CHECK_MAX);
  const found = await Promise.all(
    paths.map(async (path) => {
      const read = existenceReadOf(path, reads);
      if (read === 'none') return missing(path, 'which is no page of this site');
      if (read && (await answersNotFound(read, timeoutMs))) return missing(path, 'which does not exist');
      return null;
    }),
  );
  return found.filter((w): w is PrePublishWarning => w !== null);
}
