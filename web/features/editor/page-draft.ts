// The page editor's form state as plain data, and the input a save sends. No React here.
import type { Page, PageInput, PageStatus, PageUpdateInput } from '../../../contracts/pages';
import { editSlug, followSource } from '../../lib/following-slug';
import { seoDraftOf, seoInputOf, type SeoDraft } from './seo-draft';

export interface PageDraft {
  title: string;
  /** Follows the title until edited (`slugEdited`), as a post's. */
  slug: string;
  slugEdited: boolean;
  body: string;
  seo: SeoDraft;
}

export const pageDraftOf = (page: Page | null): PageDraft => ({
  title: page?.title ?? '',
  slug: page?.slug ?? '',
  slugEdited: page !== null,
  body: page?.body ?? '',
  seo: seoDraftOf(page?.seo),
});

/** One field changed; a title change carries the slug along while the author has not set one. */
export function withPageField<K extends keyof PageDraft>(draft: PageDraft, key: K, value: PageDraft[K]): PageDraft {
  if (key === 'title') return followSource({ ...draft, title: String(value) }, String(value));
  if (key === 'slug') return editSlug(draft, String(value));
  return { ...draft, [key]: value };
}

export const samePageDraft = (a: PageDraft, b: PageDraft): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The API input of a save as `status`, from the version the editor holds; empty SEO fields clear them. */
export function pageInputFor(status: PageStatus, draft: PageDraft, page: Page | null): PageInput | PageUpdateInput {
  const slug = draft.slug.trim();
  return {
    title: draft.title,
    body: draft.body,
    status,
    ...(draft.slugEdited && slug !== page?.slug ? { slug } : {}),
    seo: seoInputOf(draft.seo),
    ...(page ? { version: page.version } : {}),
  };
}

export const pageSavedMessage = (page: Page): string => (page.status === 'published' ? 'Published.' : 'Draft saved.');
