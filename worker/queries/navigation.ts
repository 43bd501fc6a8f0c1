// Data access for the header and footer menus (migration 0018): the saved menus, and replacing both at once.
import { sql } from 'drizzle-orm';
import type { NavigationItem, NavigationMenu } from '../../contracts/navigation';
import { NOW_MS, navigationMenus } from '../db/schema';
import type { Db } from '../env';

/** The saved menus by name; a menu never saved has no entry. */
export async function findSavedMenus(db: Db): Promise<Partial<Record<NavigationMenu, NavigationItem[]>>> {
  const rows = await db.select({ menu: navigationMenus.menu, items: navigationMenus.items }).from(navigationMenus);
  return Object.fromEntries(rows.map((r) => [r.menu, JSON.parse(r.items) as NavigationItem[]]));
}

/** Saves both menus in one batch (atomic: both or neither). */
export async function saveMenus(db: Db, menus: Record<NavigationMenu, NavigationItem[]>): Promise<void> {
  const upsert = (menu: NavigationMenu) =>
    db
      .insert(navigationMenus)
      .values({ menu, items: JSON.stringify(menus[menu]) })
      .onConflictDoUpdate({ target: navigationMenus.menu, set: { items: sql`excluded.items`, updatedAt: NOW_MS } });
  await db.batch([upsert('header'), upsert('footer')]);
}

/** Forgets both saved menus: the header lists the categories again, the footer nothing. */
export async function deleteMenus(db: Db): Promise<void> {
  await db.delete(navigationMenus);
}
