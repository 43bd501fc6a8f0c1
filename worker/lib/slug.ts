// Slugs (product.md §3): lower case, diacritics folded, other runs become '-', at most 80 characters.
import { SLUG_MAX } from '../../contracts/slug';

export { SLUG_MAX };

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
}

/** `base`, or the first of `base-2`, `base-3`, … that `taken` does not contain, kept within 80 characters. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  const root = base || 'untitled';
  if (!taken.has(root)) return root;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = root.slice(0, SLUG_MAX - suffix.length).replace(/-+$/g, '') + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}
