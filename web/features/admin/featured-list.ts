// The featured list's rules, apart from the screen: moving, adding and removing posts, what each change
// announces to screen readers, and whether the list differs from the saved one.
import { canBeFeatured } from '../../../contracts/post-status';
import { FEATURED_MAX, type PostSummary } from '../../../contracts/posts';

type Item = Pick<PostSummary, 'slug' | 'title' | 'status'>;

export interface Change<T> {
  items: T[];
  /** What a screen reader hears about the change. */
  announce: string;
}

/** `list` with the item at `from` moved to `to`, named by `nameOf` in the announcement; null when that is no move (out of range or in place). Any reorderable admin list's rule. */
export function moveItem<T>(list: readonly T[], from: number, to: number, nameOf: (item: T) => string): Change<T> | null {
  if (to < 0 || to >= list.length || from === to) return null;
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item === undefined) return null;
  next.splice(to, 0, item);
  return { items: next, announce: `“${nameOf(item)}” moved to position ${to + 1} of ${list.length}.` };
}

export const move = <T extends Item>(list: readonly T[], from: number, to: number): Change<T> | null => moveItem(list, from, to, (p) => p.title);

/** Why `post` cannot be added now, or null when it can. */
export function cannotAdd(list: readonly Item[], post: Item): 'draft' | 'featured' | 'full' | null {
  if (!canBeFeatured(post)) return 'draft';
  if (list.some((p) => p.slug === post.slug)) return 'featured';
  return list.length >= FEATURED_MAX ? 'full' : null;
}

export function add<T extends Item>(list: readonly T[], post: T): Change<T> | null {
  if (cannotAdd(list, post)) return null;
  return { items: [...list, post], announce: `“${post.title}” added at position ${list.length + 1}.` };
}

export function removeAt<T extends Item>(list: readonly T[], index: number): Change<T> | null {
  const post = list[index];
  if (!post) return null;
  return { items: list.filter((_, i) => i !== index), announce: `“${post.title}” removed.` };
}

/** True when the two lists hold the same posts in the same order. */
export const sameOrder = (a: readonly Item[], b: readonly Item[]): boolean =>
  a.length === b.length && a.every((p, i) => p.slug === b[i]?.slug);

/**
 * Which Move button keeps focus after a move to `to`: the same one, unless the post reached the end it
 * was moving towards, where that button is disabled — then the other one.
 */
export const buttonAfterMove = (to: number, length: number, direction: 'up' | 'down'): 'up' | 'down' =>
  direction === 'up' ? (to === 0 ? 'down' : 'up') : to === length - 1 ? 'up' : 'down';
