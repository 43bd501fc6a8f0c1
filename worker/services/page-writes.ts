// Standalone pages: reading one as a visitor (published only) or a manager, the admin's list, and writing
// them — a made or hand-set slug that is never an address the site keeps, the body's HTML rendered once at
// write time, versioned updates (stale → 409), and a published page's old address redirecting to its new one.
import { isReservedPageSlug } from '../../contracts/page-slugs';
import type { Page, PageInputData, PageList, PageUpdateInputData } from '../../contracts/pages';
import { pathTo } from '../../contracts/routes';
import { NO_SEO, type Seo, type SeoInput } from '../../contracts/seo';
import type { Db, SessionUser } from '../env';
import { conflict, notFound } from '../lib/http-error';
import { excerptFrom, parseMarkdown } from '../lib/markdown';
import { seesPageDrafts } from '../lib/permissions';
import { slugify } from '../lib/slug';
import type { PageRequest } from '../queries/list-page';
import {
  deletePage,
  findPageBySlug,
  insertPage,
  listPages,
  PageSlugTakenError,
  seoOf,
  toPage,
  updatePageVersioned,
  type PageRow,
  type PageValues,
} from '../queries/pages';
import type { ReadContext } from './read-context';
import { addMovedRedirect } from './redirect-writes';

const SLUG_TAKEN = 'That slug is already used by another page';
const slugTaken = () => conflict(SLUG_TAKEN, { slug: SLUG_TAKEN });
const stale = () =>
  conflict('This page was changed elsewhere; reload it to see the latest version', {
    version: 'This page was changed since you opened it',
  });

/** The page at `slug`, any status; unknown → 404. */
export async function loadPage(db: Db, slug: string): Promise<PageRow> {
  const page = await findPageBySlug(db, slug);
  if (!page) throw notFound('No such page');
  return page;
}

/** `public`: any visitor may see it, so its answer may be cached. */
export interface PageRead {
  page: Page;
  public: boolean;
}

/** A page as `user` may see it: published to everyone, a draft only to those who manage pages (else 404). */
export async function readPage({ db, user }: ReadContext, { slug }: { slug: string }): Promise<PageRead> {
  const row = await loadPage(db, slug);
  if (row.status !== 'published' && !seesPageDrafts(user)) throw notFound('No such page');
  return { page: toPage(row), public: row.status === 'published' };
}

/** A page of any status, for its editor (the caller has checked who asks). */
export const readPageForEditor = async ({ db }: ReadContext, { slug }: { slug: string }): Promise<Page> => toPage(await loadPage(db, slug));

/** The admin's list: every page, drafts too, newest change first. */
export const readPageList = ({ db }: ReadContext, p: PageRequest): Promise<PageList> => listPages(db, p);

/** The SEO fields after a write: each one sent replaces the stored one ('' and null clear it), absent keeps it. */
function seoAfter(input: SeoInput | undefined, current: Seo): Seo {
  const pick = <K extends keyof Seo>(key: K): Seo[K] => (input?.[key] === undefined ? current[key] : (input[key] as Seo[K]));
  return { title: pick('title'), description: pick('description'), image: pick('image'), canonicalUrl: pick('canonicalUrl'), noindex: pick('noindex') };
}

/** What a write stores: the body parsed once for its HTML; the first publication date kept. */
export function valuesOf(input: PageInputData, existing: PageRow | null, now: number): PageValues {
  const firstPublished = existing?.publishedAt ?? null;
  const parsed = parseMarkdown(input.body);
  return {
    title: input.title,
    body: input.body,
    bodyHtml: parsed.html,
    excerpt: excerptFrom(parsed),
    status: input.status,
    seo: seoAfter(input.seo, existing ? seoOf(existing) : NO_SEO),
    publishedAt: input.status === 'published' ? (firstPublished ?? new Date(now)) : firstPublished,
  };
}

/** `POST /api/admin/pages` by `user`: the new page (a taken hand-set slug → 409 fields.slug). */
export async function createPageAs(db: Db, user: SessionUser, input: PageInputData, now: number): Promise<Page> {
  let slug: string;
  try {
    slug = await insertPage(db, valuesOf(input, null, now), user.id, input.slug ? { handSet: input.slug } : { base: slugify(input.title) }, isReservedPageSlug);
  } catch (err) {
    if (err instanceof PageSlugTakenError) throw slugTaken();
    throw err;
  }
  return toPage(await loadPage(db, slug));
}

/**
 * `PUT /api/admin/pages/:slug` from the version the editor loaded: a stale one → 409 and nothing changes.
 * A published page whose slug changes leaves a redirect from its old address (source `slug`).
 */
export async function updatePageAt(db: Db, existing: PageRow, input: PageUpdateInputData, now: number): Promise<Page> {
  if (input.version !== existing.version) throw stale();
  const slug = input.slug ?? existing.slug;
  if (slug !== existing.slug && (await findPageBySlug(db, slug))) throw slugTaken();
  let outcome;
  try {
    outcome = await updatePageVersioned(db, { id: existing.id, version: input.version, slug, values: valuesOf(input, existing, now), now });
  } catch (err) {
    if (err instanceof PageSlugTakenError) throw slugTaken();
    throw err;
  }
  if (outcome === 'gone') throw notFound('No such page');
  if (outcome === 'stale') throw stale();
  if (existing.status === 'published' && slug !== existing.slug) {
    await addMovedRedirect(db, pathTo('page', { slug: existing.slug }), pathTo('page', { slug }), 'slug');
  }
  return toPage(await loadPage(db, slug));
}

/** `DELETE /api/admin/pages/:slug`. */
export async function deletePageAt(db: Db, existing: PageRow): Promise<void> {
  if (!(await deletePage(db, existing.id))) throw notFound('No such page');
}
