// The one slug rule: what a slug may look like, shared by inputs, route params and
// slugify. Plain code without zod: the browser's entry checks route params with it on every page.

/** At most this many UTF-16 code units (what `String.length` and zod's `.max` count). */
export const SLUG_MAX = 80;

// A slug is never invisible: every word of it starts with a letter or digit (a combining mark only follows
// one), and no Default_Ignorable_Code_Point is part of it (zero-width joiners, soft hyphens, variation
// selectors, Hangul fillers, bidi and tag characters draw nothing).
const VISIBLE = String.raw`(?!\p{Default_Ignorable_Code_Point})`;
// A word's first character: a lower-case or uncased letter (Latin after transliteration, or a script without
// one such as CJK, Hebrew, Devanagari), a modifier letter (Japanese ー) or a digit.
const SLUG_BASE = String.raw`${VISIBLE}[\p{Ll}\p{Lo}\p{Lm}\p{Nd}]`;
// Any character of a word: a base or a combining mark (accents, vowel signs, viramas).
const SLUG_CHAR = String.raw`${VISIBLE}[\p{Ll}\p{Lo}\p{Lm}\p{Nd}\p{M}]`;
const SLUG_WORD = `${SLUG_BASE}(?:${SLUG_CHAR})*`;

/** Words joined by single '-'; NFC and lower case (hand-set slugs are normalised to that). */
export const SLUG_PATTERN = new RegExp(`^${SLUG_WORD}(?:-${SLUG_WORD})*$`, 'u');

/** Every character that may not appear in a slug, in runs (slugify turns each run into one '-'). */
export const NON_SLUG_RUN = new RegExp(`(?:(?!${SLUG_CHAR}).)+`, 'gsu');

export const SLUG_MESSAGE = 'Slug may use only lower-case letters, digits and single dashes between them';

/** True when `text` could be a slug: anything else names nothing (a page answers 404 without asking the data layer). */
export function isSlug(text: string): boolean {
  return text.length <= SLUG_MAX && SLUG_PATTERN.test(text);
}
