// The page editor's form state as plain data, and the input a save sends. No React here.
import type { Page, PageInput, PageStatus, PageUpdateInput } from '../../../contracts/pages';
import { editSlug, followSource } from '../../lib/following-slug';

export interface PageDraft {
  title: string;
  /** Follows the title until edited (`slugEdited`), as a post's. */
  slug: string;
  slugEdited: boolean;
  body: string;
  seoTitle: string;
  seoDescription: string;
  seoImage: string;
  canonicalUrl: string;
  noindex: boolean;
}

export const pageDraftOf = (page: Page | null): PageDraft => ({
  title: page?.title ?? '',
  slug: page?.slug ?? '',
  slugEdited: page !== null,
  body: page?.body ?? '',
  seoTitle: page?.seo.title ?? '',
  seoDescription: page?.seo.description ?? '',
  seoImage: page?.seo.image ?? '',
  canonicalUrl: page?.seo.canonicalUrl ?? '',
  noindex: page?.seo.noindex ?? false,
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
    seo: {
      title: draft.seoTitle,
      description: draft.seoDescription,
      image: draft.seoImage.trim(),
      canonicalUrl: draft.canonicalUrl,
      noindex: draft.noindex,
    },
    ...(page ? { version: page.version } : {}),
  };
}

export const pageSavedMessage = (page: Page): string => (page.status === 'published' ? 'Published.' : 'Draft saved.');
