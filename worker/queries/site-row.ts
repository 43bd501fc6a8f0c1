// The settings row with the saved menus: one statement, the same for every reader of either. A page render
// asks it for the site (settings), its menus (navigation) and a list's page size (posts per page); its
// gathered batch sends it once (worker/db/coalesced-reads.ts, decision 051).
import { eq, sql } from 'drizzle-orm';
import { builtOnce, type BuiltRead } from '../db/built-once';
import { categories, settings } from '../db/schema';

export const SETTINGS_ID = 1;

/** `menus`: the saved menus as one JSON object by menu name (`{}` when none is saved). */
export const siteRowRead = () =>
  builtOnce('site-row', {}, (db) =>
    db
      .select({
        s: settings,
        defaultCategory: categories.slug,
        menus: sql<string>`(SELECT json_group_object(nm.menu, json(nm.items)) FROM navigation_menus AS nm)`.as('menus'),
      })
      .from(settings)
      .leftJoin(categories, eq(categories.id, settings.defaultCategoryId))
      .where(eq(settings.id, SETTINGS_ID)),
  );

export type SiteRow = typeof siteRowRead extends () => BuiltRead<(infer R)[]> ? R : never;
