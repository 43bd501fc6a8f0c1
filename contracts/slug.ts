// The one slug rule (product.md §3): what a slug may look like, shared by inputs, route params and slugify.
import { z } from 'zod';

export const SLUG_MAX = 80;

/** Lower-case letters and digits in runs joined by single '-'. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const SLUG_MESSAGE = 'Slug may use only a-z, 0-9 and single dashes between them';

export const SlugSchema = z
  .string({ error: 'Slug must be text' })
  .trim()
  .toLowerCase()
  .min(1, 'Slug is required')
  .max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`)
  .regex(SLUG_PATTERN, SLUG_MESSAGE);

/** True when `text` could be a slug: anything else names nothing (a page answers 404 without asking the data layer). */
export function isSlug(text: string): boolean {
  return text.length <= SLUG_MAX && SLUG_PATTERN.test(text);
}
