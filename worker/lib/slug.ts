// Slugs for the Worker: the shared slugify rule (contracts/slugify.ts), the name of what has no slug of its
// own, and the numbered variants that make a slug unique.
import { SLUG_MAX } from '../../contracts/slug';
import { cutToLength, slugify } from '../../contracts/slugify';

export { SLUG_MAX, slugify };

export type SlugTable = 'posts' | 'categories' | 'tags' | 'pages';

// A title or name with no letter or digit (🎉, '!!!', accents alone) is named by its kind, as Ghost does
// (post, tag; then post-2, …): visible, stable and readable in the address bar, and known before the insert
// (WordPress's numeric id would need a second write).
const KIND_SLUG: Readonly<Record<SlugTable, string>> = { posts: 'post', categories: 'category', tags: 'tag', pages: 'page' };

/** The slug a row of `table` starts from: `base` (slugify's output), or its kind when `base` is empty. */
export const slugRoot = (table: SlugTable, base: string): string => base || KIND_SLUG[table];

/** The n-th slug of `root`: `root` itself for n = 1, else `root-n` with root cut so the whole stays within SLUG_MAX. */
export function slugWithSuffix(root: string, n: number): string {
  if (n === 1) return root;
  const suffix = `-${n}`;
  return cutToLength(root, SLUG_MAX - suffix.length).replace(/-+$/g, '') + suffix;
}
