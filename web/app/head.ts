// Title, description, canonical and Open Graph for the current route: one function for server and client.
import { isRouteErrorResponse } from 'react-router-dom';
import { SITE_DESCRIPTION, SITE_NAME } from '../../contracts/site';
import type { HeadInfo, RouteHandle } from '../lib/route-kit';

interface MatchLike {
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
    if (handle?.head) return handle.head(m.data, m.params);
  }
  return { title: SITE_NAME, description: SITE_DESCRIPTION };
}

export const fullTitle = (head: HeadInfo): string => (head.title === SITE_NAME ? SITE_NAME : `${head.title} — ${SITE_NAME}`);
