// The settings row with the saved menus: one statement, the same for every reader of either. A page render
// asks it for the site (settings), its menus (navigation) and a list's page size (posts per page); its
// gathered batch sends it once (worker/db/coalesced-reads.ts, decision 051).
import { eq, sql } from 'drizzle-orm';
import { builtOnce, type BuiltRead } from '../db/built-once';
import { categories, media, settings } from '../db/schema';

export const SETTINGS_ID = 1;

/**
 * `menus`: the saved menus as one JSON object by menu name (`{}` when none is saved). `logoWidth`/`logoHeight`:
 * the logo's stored size (media_key_unique; null when there is none or it is not known), so the header's <img>
 * has width and height (decision 067). A settings save measures the logo first, and its write moves the cache.
 */
export const siteRowRead = () =>
  builtOnce('site-row', {}, (db) =>
    db
      .select({
        s: settings,
        defaultCategory: categories.slug,
        logoWidth: media.width,
        logoHeight: media.height,
        menus: sql<string>`(SELECT json_group_object(nm.menu, json(nm.items)) FROM navigation_menus AS nm)`.as('menus'),
      })
      .from(settings)
      .leftJoin(categories, eq(categories.id, settings.defaultCategoryId))
      .leftJoin(media, eq(media.key, settings.logo))
      .where(eq(settings.id, SETTINGS_ID)),
  );

export type SiteRow = typeof siteRowRead extends () => BuiltRead<(infer R)[]> ? R : never;
