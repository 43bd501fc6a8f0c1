// The site's settings in the web app: the root route's loader reads them once (reads.site()), every page's
// head and the layout's header and footer take them from there.
import { useRevalidator, useRouteLoaderData } from 'react-router-dom';
import { EMPTY_NAVIGATION, type Navigation } from '../../contracts/navigation-menus';
import type { PublicSettings } from '../../contracts/settings';

export const ROOT_ROUTE_ID = 'root';

/** The product's own name: only what a page shows when even the settings could not be read (an error page). */
const FALLBACK_SITE: Pick<PublicSettings, 'title' | 'description' | 'language'> = { title: 'Byline', description: '', language: 'en' };

export type SiteInfo = Pick<PublicSettings, 'title' | 'description' | 'language'> & Partial<PublicSettings>;

/** What the root route's loader answers: the settings, and the header and footer menus (decision 047). */
export type RootData = PublicSettings & { navigation: Navigation };

/** The settings among a render's route matches (the root's data), or the fallback. */
export function siteOf(matches: readonly { id?: string; data?: unknown }[]): SiteInfo {
  const root = matches.find((m) => m.id === ROOT_ROUTE_ID)?.data as RootData | undefined;
  return root ?? FALLBACK_SITE;
}

const useRootData = () => useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined;

/** The settings in a component under the root route. */
export const useSite = (): SiteInfo => useRootData() ?? FALLBACK_SITE;

/** The header and footer menus in a component under the root route (none on an error page without them). */
export const useSiteNavigation = (): Navigation => useRootData()?.navigation ?? EMPTY_NAVIGATION;

/** After the settings or menus changed: every loader on the page runs again, the root's included (its
 * shouldRevalidate lets a revalidation through), so the header, the title, the language and the accent show the
 * change at once, without a reload. */
export function useRereadSite(): () => Promise<void> {
  const revalidator = useRevalidator();
  return () => revalidator.revalidate();
}
