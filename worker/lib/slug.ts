// Slugs for the Worker: the shared slugify rule (contracts/slugify.ts) and the numbered variants that
// make a slug unique.
import { SLUG_MAX } from '../../contracts/slug';
import { cutToLength, slugify } from '../../contracts/slugify';

export { SLUG_MAX, slugify };

/** The n-th slug of `root`: `root` itself for n = 1, else `root-n` with root cut so the whole stays within SLUG_MAX. */
export function slugWithSuffix(root: string, n: number): string {
  if (n === 1) return root;
  const suffix = `-${n}`;
  return cutToLength(root, SLUG_MAX - suffix.length).replace(/-+$/g, '') + suffix;
}

/** `base`, or the first of `base-2`, `base-3`, … that `taken` does not contain, kept within 80 characters. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  const root = base || 'untitled';
  for (let n = 1; ; n++) {
    const candidate = slugWithSuffix(root, n);
    if (!taken.has(candidate)) return candidate;
  }
}
