// The rules behind the admin posts list, apart from the screen: what a schedule box starts with, which
// times it accepts, what a failed action says, and which authors the filter offers.
import type { PostAuthor } from '../../../contracts/admin';
import { instantOfWallTime, wallTimeIn } from '../../../contracts/dates';
import type { PostSummary } from '../../../contracts/posts';
import { ApiError } from '../../lib/http';

const DAY_MS = 24 * 3600 * 1000;

/** What the schedule box offers first: this time tomorrow, as a `datetime-local` value in the site's zone. */
export const defaultScheduleAt = (now: number, zone: string): string => wallTimeIn(zone, now + DAY_MS);

/** The moment a schedule box's value (a wall-clock time in the site's zone) names, or an error when it is not a time in the future. */
export function scheduleTime(value: string, now: number, zone: string): { at: Date } | { error: string } {
  const at = instantOfWallTime(zone, value);
  if (at === null || at <= now) return { error: 'Choose a date and time in the future.' };
  return { at: new Date(at) };
}

/** What a refused change of the post titled `title` says: a stale version (409) is explained, a field's rule named, others speak for themselves. */
export function postRefusal(title: string, error: { code: string; message: string; fields?: Record<string, string> }): string {
  if (error.code === 'conflict') return `“${title}” was changed elsewhere; the list has been refreshed, try again.`;
  if (error.code === 'not_found') return `“${title}” no longer exists.`;
  const field = Object.values(error.fields ?? {})[0];
  return field ? `“${title}”: ${field}.` : error.message;
}

/** What a failed action on `post` says (postRefusal for an API error). */
export function postActionError(error: unknown, post: Pick<PostSummary, 'title'>): string {
  if (error instanceof ApiError && error.status === 409) return postRefusal(post.title, error);
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong.';
}

/** The authors the filter offers; one named in the URL who has no posts any more is kept, so the filter still shows it. */
export function authorOptions(authors: readonly PostAuthor[], chosen: string | undefined): { value: string; label: string }[] {
  const options = authors.map((a) => ({ value: a.username, label: `${a.name} (@${a.username})` }));
  return chosen && !authors.some((a) => a.username === chosen) ? [{ value: chosen, label: `@${chosen}` }, ...options] : options;
}
