// A WordPress or Ghost page (About, Contact) → a Byline standalone page, served at `/<slug>`: its status kept
// (published or draft), its body as Markdown, its old address redirecting there (decision 049's rules).
import type { ImportPage } from '../../../../contracts/import';
import { BODY_MAX, TITLE_MAX } from '../../../../contracts/limits';
import { addOldAddress, cut, type ImportPlan } from './import-plan';

export interface SourcePage {
  /** `wordpress:12`, `ghost:abc`. */
  sourceId: string;
  title: string;
  body: string;
  status: 'draft' | 'published';
  slug: string | undefined;
  publishedAt: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  /** A username of the import, if the page's author is one. */
  author: string | null;
  /** The page's address on the old site (a path); null when it had none. */
  oldAddress: string | null;
}

/** Adds `page` to the plan (or skips it with why); the Worker judges its slug and fields again. */
export function addSourcePage(plan: ImportPlan, page: SourcePage): void {
  const label = page.title || page.sourceId;
  if (page.body.length > BODY_MAX) {
    plan.skipped.push({ kind: 'page', key: label, why: `Its body is longer than ${BODY_MAX.toLocaleString('en')} characters of Markdown` });
    return;
  }
  const pages = (plan.pages ??= []);
  const slug = page.slug && !pages.some((p) => p.slug === page.slug) ? page.slug : undefined;
  const imported: ImportPage = {
    sourceId: page.sourceId,
    ...(slug ? { slug } : {}),
    title: cut(page.title || 'Untitled', TITLE_MAX),
    body: page.body,
    status: page.status,
    publishedAt: page.status === 'published' ? page.publishedAt : null,
    ...(page.createdAt ? { createdAt: page.createdAt } : {}),
    ...(page.updatedAt ? { updatedAt: page.updatedAt } : {}),
    author: page.author,
  };
  pages.push(imported);
  // `/` is the old home page (a `?page_id=` address keeps nothing else): never a page's.
  if (slug && page.status === 'published' && page.oldAddress && page.oldAddress !== '/') addOldAddress(plan, page.oldAddress, `/${slug}`);
}
