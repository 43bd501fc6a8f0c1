// Unit tests of worker/lib/slug.ts.
import { describe, expect, it } from 'vitest';
import { isSlug, SLUG_PATTERN, SlugSchema } from '../../contracts/slug';
import { SLUG_MAX, slugify, slugRoot, slugWithSuffix } from '../../worker/lib/slug';

describe('slugify', () => {
  it('lower-cases', () => {
    expect(slugify('Hello World')).toBe('hello-world');
    expect(slugify('ABC')).toBe('abc');
  });

  it('folds diacritics and common ligatures', () => {
    expect(slugify('Crème Brûlée à Zürich')).toBe('creme-brulee-a-zurich');
    expect(slugify('Ñandú São Paulo')).toBe('nandu-sao-paulo');
    expect(slugify('Straße')).toBe('strasse');
    expect(slugify('Æther Øre')).toBe('aether-ore');
  });

  it('turns every run of other characters into one "-", and trims them from the ends', () => {
    expect(slugify('  a -- b __ c!!  ')).toBe('a-b-c');
    expect(slugify('What?! Is "this" (really) it...')).toBe('what-is-this-really-it');
    expect(slugify('---x---')).toBe('x');
    expect(slugify('C++ & C#')).toBe('c-c');
  });

  it('keeps digits', () => {
    expect(slugify('Top 10 of 2025')).toBe('top-10-of-2025');
  });

  it('gives an empty slug when nothing is left', () => {
    expect(slugify('')).toBe('');
    expect(slugify('\u0301\u0301')).toBe('');
    expect(slugify('!!! ???')).toBe('');
    expect(slugify('🎉 🚀')).toBe('');
  });

  it('caps at 80 characters and never ends the cut with "-"', () => {
    expect(SLUG_MAX).toBe(80);
    expect(slugify('a'.repeat(200))).toBe('a'.repeat(80));
    const cutAtDash = slugify(`${'a'.repeat(79)} bcd`);
    expect(cutAtDash).toBe('a'.repeat(79));
    const words = slugify('word '.repeat(40));
    expect(words.length).toBeLessThanOrEqual(80);
    expect(words).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('its output from Latin-script text is always made of a-z, 0-9 and single inner dashes', () => {
    for (const input of ['Ünïcödé Tïtlé', '  --  ', 'tab\there', 'emoji 🎉 party', 'İstanbul', 'ﬁnance']) {
      const s = slugify(input);
      expect(s, input).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
    }
  });
});

describe('slugify in any script', () => {
  const table: [string, string][] = [
    ['Łódź', 'lodz'],
    ['Привет мир', 'privet-mir'],
    ['Straße', 'strasse'],
    ['東京', '東京'],
    ['東京 2025 — ガイド', '東京-2025-ガイド'], // kana keep their voicing marks (ガ is not カ)
    ['日本語のブログ', '日本語のブログ'],
    ['한국어 블로그', '한국어-블로그'],
    ['Ελληνικά', 'ellinika'],
    ['مرحبا بالعالم', 'mrhba-balealm'], // Arabic (RTL) has a transliteration
    ['שלום עולם', 'שלום-עולם'], // Hebrew (RTL) has none: kept
    ['नमस्ते दुनिया', 'नमस्ते-दुनिया'], // Devanagari keeps its virama and vowel signs
    ['Tiếng Việt', 'tieng-viet'],
    ['İstanbul Ankara', 'istanbul-ankara'],
    ['Crème Brûlée à Zürich', 'creme-brulee-a-zurich'],
    ['Ærøskøbing', 'aeroskobing'],
    ['Moscow Москва 東京 mix', 'moscow-moskva-東京-mix'],
    ['emoji 🎉 party', 'emoji-party'],
    ['👨‍👩‍👧 family', 'family'],
    ['ＦＵＬＬ ｗｉｄｔｈ ①', 'full-width-1'],
    ['a\u202eb\u2066c', 'a-b-c'], // bidi controls are separators
    ['🎉🚀', ''],
  ];

  it.each(table)('%s → %s', (input, slug) => {
    expect(slugify(input)).toBe(slug);
  });

  it('every output passes the one slug rule (SLUG_PATTERN), is NFC, lower case and within 80 units', () => {
    const inputs = [...table.map(([i]) => i), '𠀀'.repeat(60), `${'東'.repeat(79)} x`, 'é'.normalize('NFD').repeat(50), 'ǅ Ǆ ǆ', '\u0301abc'];
    for (const input of inputs) {
      const s = slugify(input);
      if (s === '') continue;
      expect(SLUG_PATTERN.test(s), input).toBe(true);
      expect(isSlug(s), input).toBe(true);
      expect(s).toBe(s.normalize('NFC').toLowerCase());
      expect(s.length).toBeLessThanOrEqual(SLUG_MAX);
    }
    // Astral characters are never cut in half.
    expect(slugify('𠀀'.repeat(60))).toBe('𠀀'.repeat(40));
  });

  it('a hand-set slug is normalised to NFC and lower case; emoji, spaces and upper-case-only scripts are refused', () => {
    expect(SlugSchema.parse(' Cafe\u0301 ')).toBe('caf\u00e9');
    expect(SlugSchema.parse('ПРИВЕТ')).toBe('привет');
    expect(SlugSchema.parse('東京')).toBe('東京');
    for (const bad of ['a b', 'emoji-🎉', 'a--b', '-a', 'a_b', 'a\u202eb']) expect(SlugSchema.safeParse(bad).success, bad).toBe(false);
  });
});

describe('slugWithSuffix', () => {
  it('is the root for n = 1, else root-n', () => {
    expect(slugWithSuffix('hello', 1)).toBe('hello');
    expect(slugWithSuffix('hello', 2)).toBe('hello-2');
    expect(slugWithSuffix('hello', 12)).toBe('hello-12');
  });

  it('stays within 80 characters when the root is already 80', () => {
    const root = 'a'.repeat(80);
    expect(slugWithSuffix(root, 2)).toBe(`${'a'.repeat(78)}-2`);
    // -10 needs one more character, so the root gives up one more.
    expect(slugWithSuffix(root, 10)).toBe(`${'a'.repeat(77)}-10`);
    expect(slugWithSuffix(root, 10)).toHaveLength(SLUG_MAX);
  });

  it('does not leave a double dash when the cut lands on one', () => {
    const s = slugWithSuffix(`${'a'.repeat(78)}-b`, 2);
    expect(s).toBe(`${'a'.repeat(78)}-2`);
    expect(s).not.toContain('--');
  });
});

describe('a title or name with no letter or digit', () => {
  const COMBINING_ONLY = '\u0301\u0300\u0308\u0323';
  const nothingToShow = [COMBINING_ONLY, '\u0301', '🎉🚀', '👨‍👩‍👧', '!!! ???', '—…', '\u200b\u200d', '\u00ad', '\ufe0f', '\u3164\u115f', '#\u0301 \u0301'];

  it.each(nothingToShow)('slugify(%j) is empty, never an invisible slug', (input) => {
    expect(slugify(input)).toBe('');
  });

  it('invisible characters are dropped and orphan accents removed; accents on letters are kept', () => {
    expect(slugify('co\u00adop\u200bera\u2060tive')).toBe('cooperative'); // soft hyphen, zero-width space and word joiner draw nothing
    expect(slugify('a \u0301 b')).toBe('a-b');
    expect(slugify('\u0301abc')).toBe('abc');
    expect(slugify('❤️ love')).toBe('love');
    expect(slugify('नमस्ते')).toBe('नमस्ते'); // vowel signs and virama follow their letter
    for (const input of nothingToShow) expect(isSlug(slugify(input) || 'x'), input).toBe(true);
  });

  it('a hand-set slug that would show nothing is refused', () => {
    for (const bad of ['\u0301', '\u0301abc', 'abc-\u0301', 'a\u200db', '\u3164', 'a\ufe0f', 'a\u00adb']) {
      expect(SlugSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(isSlug(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(SlugSchema.parse('cafe\u0301')).toBe('caf\u00e9');
  });

  it('is named by its kind, as Ghost does: post, category, tag', () => {
    expect(slugRoot('posts', '')).toBe('post');
    expect(slugRoot('categories', '')).toBe('category');
    expect(slugRoot('tags', '')).toBe('tag');
    expect(slugRoot('posts', 'hello')).toBe('hello');
  });
});
