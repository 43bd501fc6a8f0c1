// An import's standalone pages and menus (issue 22). Pages go in through the pages' own insert with the page
// editor's rules (contracts/pages.ts: title, body, a slug that is never an address the site keeps, the SEO
// fields); a page whose slug a page here has is skipped and reported, never changed, so importing the same
// file again adds nothing. A Byline export's menus are judged item by item by the navigation rules and
// saved as the navigation screen saves them; a menu is replaced only when the file carries it (null there:
// never saved, so this site's stays) and differs, so a re-import changes and counts nothing.
import { emptyCounts, type ImportBatchData, type ImportBatchReport } from '../../contracts/import';
import { NAVIGATION_ITEMS_MAX, NAVIGATION_MENUS, NavigationItemSchema, type NavigationItem, type NavigationMenu } from '../../contracts/navigation';
import { isReservedPageSlug } from '../../contracts/page-slugs';
import { PageInputSchema } from '../../contracts/pages';
import type { Db, SessionUser } from '../env';
import { slugify } from '../lib/slug';
import { findPagesBySlugs, findUsersByUsernames } from '../queries/import';
import { findSavedMenus, saveMenus } from '../queries/navigation';
import { insertPage, PageSlugTakenError } from '../queries/pages';
import { valuesOf } from './page-writes';

type Issue = { path: PropertyKey[]; message: string };
const firstIssue = (issues: Issue[]) => {
  const issue = issues[0];
  if (!issue) return 'Not valid';
  return issue.path.length > 1 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
};

const newReport = (input: ImportBatchData): ImportBatchReport => ({ batch: input.batch, imported: emptyCounts(), skipped: [], warnings: [] });

export async function importPages(db: Db, input: ImportBatchData, now: number, importer: SessionUser): Promise<ImportBatchReport> {
  const report = newReport(input);
  const [authors, taken] = await Promise.all([
    findUsersByUsernames(db, input.pages.flatMap((p) => p.author ?? [])),
    findPagesBySlugs(db, input.pages.flatMap((p) => p.slug?.trim().toLowerCase() ?? [])),
  ]);
  const authorId = new Map(authors.map((a) => [a.username, a.id]));
  const takenSlugs = new Set(taken.map((p) => p.slug));
  const seen = new Set<string>();
  for (const p of input.pages) {
    const skip = (why: string) => report.skipped.push({ kind: 'page', key: p.slug ?? p.title, why });
    let status = p.status;
    if (status === 'published' && p.body.trim() === '') {
      report.warnings.push(`The page “${p.title}” has no body; it was imported as a draft`);
      status = 'draft';
    }
    const parsed = PageInputSchema.safeParse({ title: p.title, body: p.body, status, ...(p.slug !== undefined ? { slug: p.slug } : {}), ...(p.seo ? { seo: p.seo } : {}) });
    if (!parsed.success) {
      skip(firstIssue(parsed.error.issues));
      continue;
    }
    const page = parsed.data;
    if (page.slug !== undefined && (seen.has(page.slug) || takenSlugs.has(page.slug))) {
      skip(seen.has(page.slug) ? 'Appears twice in the file' : 'A page with this slug exists');
      continue;
    }
    const values = { ...valuesOf(page, null, now), publishedAt: p.publishedAt ? new Date(p.publishedAt) : page.status === 'published' ? new Date(now) : null };
    const createdAt = new Date(p.createdAt ?? p.publishedAt ?? now);
    const dates = { createdAt, updatedAt: new Date(p.updatedAt ?? createdAt) };
    const author = (p.author !== null ? authorId.get(p.author) : undefined) ?? importer.id;
    try {
      const slug = await insertPage(db, values, author, page.slug ? { handSet: page.slug } : { base: slugify(page.title) }, isReservedPageSlug, dates);
      seen.add(slug);
      report.imported.pages++;
    } catch (err) {
      if (!(err instanceof PageSlugTakenError)) throw err;
      skip('A page with this slug was created meanwhile');
    }
  }
  return report;
}

/** A menu of the file: its items that keep the navigation rules, each one that breaks them skipped with why. */
function menuOf(menu: NavigationMenu, items: unknown[], skip: (key: string, why: string) => void): NavigationItem[] {
  const kept: NavigationItem[] = [];
  items.forEach((item, i) => {
    const label = typeof item === 'object' && item !== null && typeof (item as { label?: unknown }).label === 'string' ? ` (${(item as { label: string }).label.slice(0, 60)})` : '';
    const key = `${menu} item ${i + 1}${label}`;
    const parsed = NavigationItemSchema.safeParse(item);
    if (!parsed.success) skip(key, firstIssue(parsed.error.issues));
    else if (kept.length >= NAVIGATION_ITEMS_MAX) skip(key, `The ${menu} menu takes at most ${NAVIGATION_ITEMS_MAX} items`);
    else kept.push(parsed.data);
  });
  return kept;
}

export async function importNavigation(db: Db, input: ImportBatchData): Promise<ImportBatchReport> {
  const report = newReport(input);
  const skip = (key: string, why: string) => report.skipped.push({ kind: 'menu', key, why });
  const carried = NAVIGATION_MENUS.flatMap((menu) => {
    const items = input.navigation?.[menu];
    return Array.isArray(items) ? [{ menu, items }] : [];
  });
  if (input.source !== 'byline') {
    for (const { menu } of carried) skip(menu, 'Only a Byline export carries menus');
    return report;
  }
  const saved = await findSavedMenus(db);
  const changed: Partial<Record<NavigationMenu, NavigationItem[]>> = {};
  for (const { menu, items } of carried) {
    const next = menuOf(menu, items, skip);
    if (JSON.stringify(next) !== JSON.stringify(saved[menu])) changed[menu] = next;
  }
  await saveMenus(db, changed);
  report.imported.menus = Object.keys(changed).length;
  return report;
}
