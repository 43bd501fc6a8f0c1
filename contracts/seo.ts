// Per-post and per-page SEO (product.md §14, §19): what an author may set to change how a post or page
// appears in search results and social cards. Posts and pages share these rules; the Worker and the
// editor both use them.
import { z } from 'zod';
import { isSingleLineText } from './text';
import { clearableImageUrl } from './users';

export const SEO_TITLE_MAX = 120;
export const SEO_DESCRIPTION_MAX = 300;
const CANONICAL_URL_MAX = 2048;

/** An optional line of text: '' or null clears it (stored as null). */
const clearableLine = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSingleLineText, `${label} must be one line without control characters`)
    .transform((s) => (s === '' ? null : s))
    .nullable();

/** An absolute https URL (a canonical address elsewhere, e.g. where the post first appeared); '' clears it. */
const clearableCanonical = z
  .string({ error: 'Canonical URL must be text' })
  .trim()
  .max(CANONICAL_URL_MAX, 'Canonical URL is too long')
  .refine((s) => s === '' || (/^https:\/\/[^\s"'<>]+$/.test(s) && URL.canParse(s)), 'Canonical URL must be an https:// URL')
  .transform((s) => (s === '' ? null : s))
  .nullable();

/** The input: every field optional (absent keeps what is stored; '' or null clears it). */
export const SeoInputSchema = z.strictObject({
  title: clearableLine('Meta title', SEO_TITLE_MAX).optional(),
  description: clearableLine('Meta description', SEO_DESCRIPTION_MAX).optional(),
  image: clearableImageUrl('Social image', 'Social image must be text').optional(),
  canonicalUrl: clearableCanonical.optional(),
  noindex: z.boolean({ error: 'noindex must be true or false' }).optional(),
});
export type SeoInput = z.output<typeof SeoInputSchema>;

/** The output: every field present, null when not set. */
export const SeoSchema = z.object({
  title: z.string().nullable(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  canonicalUrl: z.string().nullable(),
  noindex: z.boolean(),
});
export type Seo = z.infer<typeof SeoSchema>;

export const NO_SEO: Seo = { title: null, description: null, image: null, canonicalUrl: null, noindex: false };
