// Post status rules, free of zod so public pages can import them without pulling the validators in.
// Each rule is one exported function, called by the Worker and the web alike (docs/decisions/039).
/** `pending`: submitted for review (product.md §15), to readers no more than a draft. */
export const POST_STATUSES = ['draft', 'pending', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** A publish time as each side holds it: a Date (Worker rows), an ISO string (API JSON) or ms. */
type Moment = Date | string | number | null;

const msOf = (at: Moment): number | null => (at === null ? null : at instanceof Date ? at.getTime() : typeof at === 'string' ? Date.parse(at) : at);

interface StatusAndDate {
  status: PostStatus;
  publishedAt: Moment;
}

/**
 * Visible to readers: published, with a publish time not after `now` (ms). The rule for one post in hand;
 * queries apply the same rule in SQL (worker/queries/post-visibility.ts).
 */
export function isVisibleToReaders(post: StatusAndDate, now: number = Date.now()): boolean {
  const at = msOf(post.publishedAt);
  return post.status === 'published' && at !== null && at <= now;
}

/** A published post whose publishedAt lies in the future is scheduled: published, not yet visible. */
export function isScheduled(post: StatusAndDate, now: number = Date.now()): boolean {
  return post.status === 'published' && post.publishedAt !== null && !isVisibleToReaders(post, now);
}

/**
 * May be on the featured list: any published post — a scheduled one too, which readers see there from its
 * publish time on (product.md: "featured: published posts only"). A draft may not; becoming one drops it.
 */
export const canBeFeatured = (post: { status: PostStatus }): boolean => post.status === 'published';

/** What an author sees next to a post: Draft, Pending review, Scheduled or Published. */
export type PostState = 'draft' | 'pending' | 'scheduled' | 'published';
export function postState(post: StatusAndDate, now: number = Date.now()): PostState {
  if (post.status !== 'published') return post.status;
  return isScheduled(post, now) ? 'scheduled' : 'published';
}
