// The header and footer menus as every reader gets them (API, pages) and the admin's replacement of them.
// A header never saved lists the site's categories, as the header did before menus existed (decision 047).
import type { Category } from '../../contracts/categories';
import type { ListPage } from '../../contracts/list-page';
import { pathTo } from '../../contracts/routes';
import type { Navigation } from '../../contracts/navigation';
import type { Db } from '../env';
import { deleteMenus, findSavedMenus, saveMenus } from '../queries/navigation';

/** The default header: each category (the first page, by name) linked by its name. */
const categoryItems = (categories: ListPage<Category>) =>
  categories.items.map((c) => ({ label: c.name, url: pathTo('category', { slug: c.slug }) }));

/**
 * The menus. `categories` is the reader's categories read: asked at once with the menus, so on a page both
 * join the render's one D1 batch (and the home page's own categories read is the same one).
 */
export async function readNavigation(db: Db, categories: () => Promise<ListPage<Category>>): Promise<Navigation> {
  const [saved, all] = await Promise.all([findSavedMenus(db), categories()]);
  return { header: saved.header ?? categoryItems(all), footer: saved.footer ?? [] };
}

/** Replaces both menus (already checked by NavigationInputSchema) and answers them as saved. */
export async function changeNavigation(db: Db, input: Navigation): Promise<Navigation> {
  await saveMenus(db, input);
  return { header: input.header, footer: input.footer };
}

/** Back to a new site's menus: the categories in the header, an empty footer. */
export const resetNavigation = (db: Db): Promise<void> => deleteMenus(db);
