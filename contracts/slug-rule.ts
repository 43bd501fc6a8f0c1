// The one slug rule: what a slug may look like, shared by inputs, route params and
// slugify. Plain code without zod: the browser's entry checks route params with it on every page.

/** At most this many UTF-16 code units (what `String.length` and zod's `.max` count). */
export const SLUG_MAX = 80;

// A slug character: a lower-case or uncased letter (Latin after transliteration, or a script without
// one such as CJK, Hebrew, Devanagari), a modifier letter (Japanese ー), a combining mark, or a digit.
const SLUG_CHAR = String.raw`[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{Nd}]`;

/** Runs of slug characters joined by single '-'; NFC and lower case (hand-set slugs are normalised to that). */
export const SLUG_PATTERN = new RegExp(`^${SLUG_CHAR}+(?:-${SLUG_CHAR}+)*$`, 'u');

/** Every character that may not appear in a slug, in runs (slugify turns each run into one '-'). */
export const NON_SLUG_RUN = new RegExp(`(?:(?!${SLUG_CHAR}).)+`, 'gsu');

export const SLUG_MESSAGE = 'Slug may use only lower-case letters, digits and single dashes between them';

/** True when `text` could be a slug: anything else names nothing (a page answers 404 without asking the data layer). */
export function isSlug(text: string): boolean {
  return text.length <= SLUG_MAX && SLUG_PATTERN.test(text);
}
