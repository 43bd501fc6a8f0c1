// The SEO fields (contracts/seo.ts) as the editor holds them: text as typed, turned into the API's `seo`
// input on save ('' clears a field). Posts and pages alike. No React here.
import type { Seo, SeoInput } from '../../../contracts/seo';

export interface SeoDraft {
  title: string;
  description: string;
  image: string;
  canonicalUrl: string;
  noindex: boolean;
}

export const seoDraftOf = (seo: Seo | null | undefined): SeoDraft => ({
  title: seo?.title ?? '',
  description: seo?.description ?? '',
  image: seo?.image ?? '',
  canonicalUrl: seo?.canonicalUrl ?? '',
  noindex: seo?.noindex ?? false,
});

/** Every field, so a save stores exactly what the editor shows. */
export const seoInputOf = (d: SeoDraft): SeoInput => ({
  title: d.title.trim(),
  description: d.description.trim(),
  image: d.image.trim(),
  canonicalUrl: d.canonicalUrl.trim(),
  noindex: d.noindex,
});
