// The header and footer menus as pages show them, without any schema code (public pages import this; the
// rules are in contracts/navigation.ts, which the Worker and the admin screen import).
import { isExternalAddress } from './external-address';

export interface NavigationLink {
  label: string;
  url: string;
}

/** `GET /api/navigation`: each menu's items in order. */
export interface Navigation {
  header: NavigationLink[];
  footer: NavigationLink[];
}

export const EMPTY_NAVIGATION: Navigation = { header: [], footer: [] };

/** Whether an item leaves the site (an https URL): a plain link that opens with rel="noopener". */
export const isExternalItem = (item: Pick<NavigationLink, 'url'>): boolean => isExternalAddress(item.url);
