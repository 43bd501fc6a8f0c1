// Title, description, canonical and Open Graph for the current route: one function for server and client.
import { isRouteErrorResponse } from 'react-router-dom';
import type { HeadInfo, RouteHandle } from '../lib/route-kit';
import { siteOf, type SiteInfo } from '../lib/site';

interface MatchLike {
  id?: string;
  handle?: unknown;
  params: Record<string, string | undefined>;
  data?: unknown;
}

function errorHead(error: unknown): HeadInfo {
  if (isRouteErrorResponse(error) && error.status === 404) return { title: 'Page Not Found', noindex: true };
  if (isRouteErrorResponse(error) && error.status === 403) {
    const title = (error.data as { title?: unknown } | null)?.title;
    return { title: typeof title === 'string' ? title : 'Not allowed', noindex: true };
  }
  return { title: 'Something went wrong', noindex: true };
}

export function resolveHead(matches: MatchLike[], error?: unknown): HeadInfo {
  if (error !== undefined && error !== null) return errorHead(error);
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i] as MatchLike;
    const handle = m.handle as RouteHandle | undefined;
    if (handle?.head) return handle.head(m.data, m.params, siteOf(matches));
  }
  const site = siteOf(matches);
  return { title: site.title, description: site.description };
}

/** The page's `<title>`: an author's meta title as given, else its own title and the site's name, or the site's name alone. */
export const fullTitle = (head: HeadInfo, site: Pick<SiteInfo, 'title'>): string =>
  head.metaTitle ?? (head.title === site.title ? site.title : `${head.title} — ${site.title}`);
