// slugify: the one rule that turns a title or name into a slug, run by the Worker on every write and by
// the editor to show the slug a title will get. Transliterated to Latin where a transliteration exists,
// letters of other scripts kept, lower case, every other run of characters one '-', at most SLUG_MAX; the
// result always passes SLUG_PATTERN. @sindresorhus/transliterate (34 KB minified, 8 KB gzip, no
// dependencies) rather than `transliteration`, which turns CJK into pinyin — slugs keep CJK letters as
// they are. It is the one package besides zod that contracts/ uses (docs/decisions/020-editor.md).
import transliterate from '@sindresorhus/transliterate';
import { NON_SLUG_RUN, SLUG_MAX } from './slug-rule';

// The scripts @sindresorhus/transliterate has tables for (with the Common characters between their
// letters, e.g. punctuation and Latin-1 symbols). Only runs of these go through it: it also strips every
// \p{Diacritic} mark, which would change letters of scripts it cannot transliterate (Japanese ガ → カ,
// Devanagari virama), and those are kept as they are.
const TRANSLITERATED_RUN =
  /(?:[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Armenian}\p{Script=Georgian}\p{Script=Arabic}\p{Script=Thaana}\p{Script=Common}]\p{M}*)+/gu;

// Characters that draw nothing (zero-width joiners, soft hyphens, variation selectors, Hangul fillers):
// dropped before anything else, so they neither split a word nor make a slug that shows nothing. Bidi
// controls stand between words, so they stay separators.
const INVISIBLE = /(?!\p{Bidi_Control})\p{Default_Ignorable_Code_Point}/gu;

// Combining marks with no letter or digit before them (at the start or after a '-'), which would draw on
// nothing: a title of accents alone leaves no slug rather than an invisible one.
const ORPHAN_MARKS = /(^|-)\p{M}+/gu;

// German-style ä → ae is one language's convention; for a slug of any language the plain letter reads best.
const FOLD_UMLAUTS: [string, string][] = [
  ['ä', 'a'],
  ['ö', 'o'],
  ['ü', 'u'],
  ['Ä', 'A'],
  ['Ö', 'O'],
  ['Ü', 'U'],
];

/** The longest prefix of `text` within `max` UTF-16 units that does not split a code point. */
export function cutToLength(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  for (const ch of text) {
    if (end + ch.length > max) break;
    end += ch.length;
  }
  return text.slice(0, end);
}

/**
 * The slug a title or name gets, or '' when it has no letter or digit (only emoji, punctuation or accents):
 * the Worker then names it by its kind (worker/lib/slug.ts).
 */
export function slugify(text: string): string {
  const latin = text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(TRANSLITERATED_RUN, (run) => transliterate(run, { customReplacements: FOLD_UMLAUTS }));
  const slug = latin
    .toLowerCase()
    .normalize('NFC')
    .replace(NON_SLUG_RUN, '-')
    .replace(ORPHAN_MARKS, '$1')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  return cutToLength(slug, SLUG_MAX).replace(/-+$/g, '');
}

