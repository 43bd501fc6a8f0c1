// The rules behind the admin posts list's bulk actions and column sorting, apart from the screen: which
// posts a selection holds, what a bulk result says, and where a column heading's sort link goes.
import {
  ADMIN_POST_SORTS,
  adminPostOrder,
  defaultSortDirection,
  SORT_DIRECTIONS,
  type AdminPostOrder,
  type AdminPostSort,
  type BulkPostAction,
  type BulkPostResults,
  type SortDirection,
} from '../../../contracts/admin';
import type { PostSummary } from '../../../contracts/posts';
import type { Feedback } from '../../lib/use-form-submit';
import { postRefusal } from './post-actions';

// ---- sorting ----

/** The list's sort as its URL names it (an unknown value is the default, as the API would refuse it). */
export function sortOf(search: string): AdminPostOrder {
  const params = new URLSearchParams(search);
  const sort = params.get('sort');
  const dir = params.get('dir');
  return adminPostOrder(
    ADMIN_POST_SORTS.find((s) => s === sort),
    SORT_DIRECTIONS.find((d) => d === dir),
  );
}

/** The link a column heading sorts by: the other way round when it is the current sort, else its first direction; page 1, filters kept. */
export function sortHref(pathname: string, search: string, column: AdminPostSort): string {
  const current = sortOf(search);
  const dir = current.sort === column ? (current.dir === 'asc' ? 'desc' : 'asc') : defaultSortDirection(column);
  const params = new URLSearchParams(search);
  params.delete('page');
  params.set('sort', column);
  params.set('dir', dir);
  return `${pathname}?${params.toString()}`;
}

export const ariaSort = (dir: SortDirection): 'ascending' | 'descending' => (dir === 'asc' ? 'ascending' : 'descending');

// ---- selection ----

/** The selected posts still on the page (a refreshed list may have lost some), in the page's order. */
export const selectedOn = (items: readonly PostSummary[], selected: ReadonlySet<string>): PostSummary[] =>
  items.filter((p) => selected.has(p.slug));

/** "1 post", "3 posts". */
export const postCount = (n: number): string => `${n} ${n === 1 ? 'post' : 'posts'}`;

// ---- results ----

const DONE: Record<BulkPostAction, string> = { publish: 'published', unpublish: 'unpublished', delete: 'deleted', move: 'moved' };

export interface BulkOutcome extends Feedback {
  /** One line per refused post, naming it and why. */
  failures: string[];
  /** The posts that were refused, to keep selected for another try. */
  refused: string[];
}

/** What a bulk action's results say: how many were done, and each refused post with its reason. */
export function bulkOutcome(action: BulkPostAction, { results }: BulkPostResults, posts: readonly PostSummary[], categoryName?: string): BulkOutcome {
  const titleOf = (slug: string) => posts.find((p) => p.slug === slug)?.title ?? slug;
  const failures: string[] = [];
  const refused: string[] = [];
  for (const r of results) {
    if (r.ok) continue;
    refused.push(r.slug);
    failures.push(postRefusal(titleOf(r.slug), r.error));
  }
  const done = results.length - refused.length;
  const where = action === 'move' && categoryName ? ` to ${categoryName}` : '';
  if (refused.length === 0) return { kind: 'ok', text: `${postCount(done)} ${DONE[action]}${where}.`, failures, refused };
  const text =
    done === 0
      ? `No post was ${DONE[action]}${where}:`
      : `${done} of ${postCount(results.length)} ${DONE[action]}${where}; ${refused.length} ${refused.length === 1 ? 'was' : 'were'} not:`;
  return { kind: 'error', text, failures, refused };
}
