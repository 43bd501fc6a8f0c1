// The menus being edited, apart from the screen: adding, removing, moving and editing items, what each
// change announces to screen readers, the address of each kind of item, and the API's errors per item.
import { NAVIGATION_ITEMS_MAX, type Navigation, type NavigationItem, type NavigationMenu } from '../../../contracts/navigation';
import { pathTo } from '../../../contracts/routes';
import type { FieldErrors } from '../../../contracts/errors';
import { moveItem, type Change } from './featured-list';

/** An item on the screen: its label and URL as typed, and a key that stays with it as it moves. */
export interface MenuItem extends NavigationItem {
  key: string;
}
export type Menus = Record<NavigationMenu, MenuItem[]>;

export const MENU_NAMES: Record<NavigationMenu, string> = { header: 'Header', footer: 'Footer' };

/** What an item can link to; `page` only where the pages API answers. */
export const ITEM_KINDS = ['page', 'category', 'tag', 'author', 'link'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];
export const KIND_NAMES: Record<ItemKind, string> = { page: 'Page', category: 'Category', tag: 'Tag', author: 'Author', link: 'Link' };

/** Something an item can link to: its slug (a username for authors) and what it is called. */
export interface Target {
  slug: string;
  name: string;
}

/** The address of a page, category, tag or author on this site. */
export function targetUrl(kind: Exclude<ItemKind, 'link'>, slug: string): string {
  switch (kind) {
    case 'page':
      return `/${encodeURIComponent(slug)}`;
    case 'category':
      return pathTo('category', { slug });
    case 'tag':
      return pathTo('tag', { slug });
    case 'author':
      return pathTo('author', { username: slug });
  }
}

let lastKey = 0;
/** A key for an item added on this screen (keys only need to be unique within the page). */
export const newItemKey = (): string => `new-${++lastKey}`;

/** The saved menus as the screen edits them; keys by position, so the server and the browser agree. */
export const editable = (nav: Navigation): Menus => ({
  header: nav.header.map((item, i) => ({ ...item, key: `header-${i}` })),
  footer: nav.footer.map((item, i) => ({ ...item, key: `footer-${i}` })),
});

/** The menus as `PUT /api/admin/navigation` takes them. */
export const navigationOf = (menus: Menus): Navigation => ({
  header: menus.header.map(({ label, url }) => ({ label, url })),
  footer: menus.footer.map(({ label, url }) => ({ label, url })),
});

export const sameNavigation = (a: Navigation, b: Navigation): boolean => JSON.stringify(a) === JSON.stringify(b);

export type MenusChange = Change<MenuItem> & { menus: Menus };

const changed = (menus: Menus, menu: NavigationMenu, change: Change<MenuItem> | null): MenusChange | null =>
  change ? { ...change, menus: { ...menus, [menu]: change.items } } : null;

const nameOf = (item: MenuItem): string => item.label.trim() || 'Untitled item';

export const moveIn = (menus: Menus, menu: NavigationMenu, from: number, to: number): MenusChange | null =>
  changed(menus, menu, moveItem(menus[menu], from, to, nameOf));

/** Whether `menu` has room for another item. */
export const hasRoom = (menus: Menus, menu: NavigationMenu): boolean => menus[menu].length < NAVIGATION_ITEMS_MAX;

export function addTo(menus: Menus, menu: NavigationMenu, item: NavigationItem): MenusChange | null {
  if (!hasRoom(menus, menu)) return null;
  const items = [...menus[menu], { ...item, key: newItemKey() }];
  return changed(menus, menu, { items, announce: `“${item.label}” added to the ${menu} menu at position ${items.length}.` });
}

export function removeFrom(menus: Menus, menu: NavigationMenu, index: number): MenusChange | null {
  const item = menus[menu][index];
  if (!item) return null;
  return changed(menus, menu, { items: menus[menu].filter((_, i) => i !== index), announce: `“${nameOf(item)}” removed from the ${menu} menu.` });
}

export function editIn(menus: Menus, menu: NavigationMenu, index: number, field: 'label' | 'url', value: string): Menus {
  return { ...menus, [menu]: menus[menu].map((item, i) => (i === index ? { ...item, [field]: value } : item)) };
}

/** The API's errors about one item (`header.2.url` → `{url}`), or about its menu as a whole (`header`). */
export function itemErrors(fields: FieldErrors, menu: NavigationMenu, index: number): { label?: string; url?: string; item?: string } {
  const at = `${menu}.${index}`;
  return { label: fields[`${at}.label`], url: fields[`${at}.url`], item: fields[at] };
}
