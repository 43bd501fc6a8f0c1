// The site's settings in the web app: the root route's loader reads them once (reads.site()), every page's
// head and the layout's header and footer take them from there.
import { useRevalidator, useRouteLoaderData } from 'react-router-dom';
import type { PublicSettings } from '../../contracts/settings';

export const ROOT_ROUTE_ID = 'root';

/** The product's own name: only what a page shows when even the settings could not be read (an error page). */
const FALLBACK_SITE: Pick<PublicSettings, 'title' | 'description' | 'language'> = { title: 'Byline', description: '', language: 'en' };

export type SiteInfo = Pick<PublicSettings, 'title' | 'description' | 'language'> & Partial<PublicSettings>;

/** The settings among a render's route matches (the root's data), or the fallback. */
export function siteOf(matches: readonly { id?: string; data?: unknown }[]): SiteInfo {
  const root = matches.find((m) => m.id === ROOT_ROUTE_ID)?.data as PublicSettings | undefined;
  return root ?? FALLBACK_SITE;
}

/** The settings in a component under the root route. */
export const useSite = (): SiteInfo => (useRouteLoaderData(ROOT_ROUTE_ID) as PublicSettings | undefined) ?? FALLBACK_SITE;

// The root keeps the settings across navigations (its shouldRevalidate); after a save they are read once more.
let siteChanged = false;

/** The root route's shouldRevalidate: only for the revalidation that follows a change of the settings. */
export function shouldRereadSite(): boolean {
  const reread = siteChanged;
  siteChanged = false;
  return reread;
}

/** After the settings changed: every loader on the page runs again, the root's included, so the header, the
 * title, the language and the accent show the new settings at once, without a reload. */
export function useRereadSite(): () => Promise<void> {
  const revalidator = useRevalidator();
  return () => {
    siteChanged = true;
    return revalidator.revalidate();
  };
}
