// Slug inputs: the zod schemas built on the one slug rule of slug-rule.ts.
import { z } from 'zod';
import { SLUG_MAX, SLUG_MESSAGE, SLUG_PATTERN } from './slug-rule';

// The rule itself lives in slug-rule.ts (no zod, so the browser's entry can check paths without it).
export { isSlug, NON_SLUG_RUN, SLUG_MAX, SLUG_MESSAGE, SLUG_PATTERN } from './slug-rule';

/** Text as a slug is stored: trimmed, NFC, lower case (for hand-set slugs; slugify's output already is). */
export const SlugTextSchema = z.string({ error: 'Slug must be text' }).trim().normalize('NFC').toLowerCase();

export const SlugSchema = SlugTextSchema.min(1, 'Slug is required')
  .max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`)
  .regex(SLUG_PATTERN, SLUG_MESSAGE);
