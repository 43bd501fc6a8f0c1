// The redirects table at work (docs/decisions/042): asked only where a page would answer 404, and on the
// home page for WordPress's `/?p=ID`, so an address that answers costs no lookup.
import { redirectKeyOf } from '../../contracts/redirects';
import type { Db } from '../env';
import { findRedirectTarget } from '../queries/redirects';

/**
 * The redirect stored for this address (`path` as Hono decodes it, `search` the query), or null. Browsers
 * revalidate it like a page (`no-cache`); the edge cache keeps it for visitors until the next write.
 */
export async function storedRedirect(db: Db, path: string, search: string, signedIn: boolean): Promise<Response | null> {
  const key = redirectKeyOf(path, search);
  const target = key === null ? null : await findRedirectTarget(db, key);
  if (!target) return null;
  const location = /[^\x00-\xFF]/.test(target.to) ? encodeURI(target.to) : target.to;
  return new Response(null, {
    status: target.status,
    headers: { location, 'cache-control': signedIn ? 'private, no-store' : 'no-cache' },
  });
}

/** Whether the home page's query names a post id (`?p=ID`): only then is the home page a redirect's address. */
export const asksForPostId = (path: string, search: string): boolean => path === '/' && redirectKeyOf(path, search) !== null;
