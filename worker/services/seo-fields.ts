// How SEO input (contracts/seo.ts) becomes what is stored, for posts (and pages alike): each field absent
// keeps what is stored, '' or null (already null after the schema) clears it.
import { NO_SEO, type Seo, type SeoInput } from '../../contracts/seo';

export function resolveSeo(input: SeoInput | undefined, stored: Seo | null): Seo {
  const base = stored ?? NO_SEO;
  if (input === undefined) return base;
  return {
    title: input.title === undefined ? base.title : input.title,
    description: input.description === undefined ? base.description : input.description,
    image: input.image === undefined ? base.image : input.image,
    canonicalUrl: input.canonicalUrl === undefined ? base.canonicalUrl : input.canonicalUrl,
    noindex: input.noindex ?? base.noindex,
  };
}
