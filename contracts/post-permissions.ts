// Who may see and change which post, by the permission table (product.md §15): the Worker enforces these on
// every post call (worker/lib/permissions.ts), the web asks them only to decide what to show.
import { can } from './permissions';
import type { PostStatus } from './post-status';

type Someone = { role: number } | null | undefined;

/** The statuses in which a writer who may not publish (a contributor) may still change their own post. */
const BEFORE_PUBLISHING: readonly PostStatus[] = ['draft', 'pending'];

/**
 * Whether `user` sees a post readers do not (a draft, a pending or a scheduled one): its author and whoever
 * may change any post. `isAuthor` compares whatever identity the caller holds (user id on the Worker,
 * username in the client).
 */
export const seesUnpublishedPost = (user: Someone, isAuthor: boolean): boolean =>
  user != null && (isAuthor || can(user, 'posts.editAny'));

/**
 * Whether `user` may change (and delete) the post: editors and admins any post; its author if they may
 * publish, and a contributor only while it is a draft or pending — once published it is the editors'.
 */
export function canEditPost(user: Someone, post: { status: PostStatus }, isAuthor: boolean): boolean {
  if (can(user, 'posts.editAny')) return true;
  if (!isAuthor || !can(user, 'posts.write')) return false;
  return can(user, 'posts.publish') || BEFORE_PUBLISHING.includes(post.status);
}

/** Whether `user` may give a post `status`: publishing (and so scheduling) needs `posts.publish`; a draft or pending, any writer. */
export const mayGiveStatus = (user: Someone, status: PostStatus): boolean =>
  can(user, status === 'published' ? 'posts.publish' : 'posts.write');

/** Whether `user` may publish and schedule (else they submit for review): the editor's buttons ask this. */
export const mayPublish = (user: Someone): boolean => can(user, 'posts.publish');
