// Post status helpers, free of zod so public pages can import them without pulling the validators in.
export const POST_STATUSES = ['draft', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/**
 * Visible to readers: published, with a publish time (ms) not after `now`. The rule for one post in hand;
 * queries apply the same rule in SQL (worker/queries/post-visibility.ts).
 */
export const isVisibleAt = (post: { status: PostStatus; publishedAt: number | null }, now: number): boolean =>
  post.status === 'published' && post.publishedAt !== null && post.publishedAt <= now;

/** A published post whose publishedAt lies in the future is scheduled. */
export function isScheduled(post: { status: PostStatus; publishedAt: string | null }, now: number = Date.now()): boolean {
  return post.status === 'published' && post.publishedAt !== null && Date.parse(post.publishedAt) > now;
}

/** What an author sees next to a post: Draft, Scheduled or Published. */
export type PostState = 'draft' | 'scheduled' | 'published';
export function postState(post: { status: PostStatus; publishedAt: string | null }, now: number = Date.now()): PostState {
  if (post.status === 'draft') return 'draft';
  return isScheduled(post, now) ? 'scheduled' : 'published';
}
