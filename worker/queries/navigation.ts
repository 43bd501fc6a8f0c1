// Data access for the header and footer menus (migration 0018): the saved menus, and replacing both at once.
import { sql } from 'drizzle-orm';
import type { NavigationItem, NavigationMenu } from '../../contracts/navigation';
import { runBuilt } from '../db/built-once';
import { NOW_MS, navigationMenus } from '../db/schema';
import type { Db } from '../env';
import { siteRowRead } from './site-row';

/** The saved menus by name; a menu never saved has no entry. Read with the settings row (site-row.ts). */
export async function findSavedMenus(db: Db): Promise<Partial<Record<NavigationMenu, NavigationItem[]>>> {
  const [row] = await runBuilt(db, siteRowRead());
  return row ? (JSON.parse(row.menus) as Partial<Record<NavigationMenu, NavigationItem[]>>) : {};
}

/** Saves the menus given (both, or one an import carries) in one batch: all or none. */
export async function saveMenus(db: Db, menus: Partial<Record<NavigationMenu, NavigationItem[]>>): Promise<void> {
  const [first, ...rest] = (Object.keys(menus) as NavigationMenu[]).map((menu) =>
    db
      .insert(navigationMenus)
      .values({ menu, items: JSON.stringify(menus[menu]) })
      .onConflictDoUpdate({ target: navigationMenus.menu, set: { items: sql`excluded.items`, updatedAt: NOW_MS } }),
  );
  if (first) await db.batch([first, ...rest]);
}

/** Forgets both saved menus: the header lists the categories again, the footer nothing. */
export async function deleteMenus(db: Db): Promise<void> {
  await db.delete(navigationMenus);
}
