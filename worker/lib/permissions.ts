// Who may see and change what: the one place handlers ask, so the rules are never pasted.
import { isVisibleToReaders, type PostStatus } from '../../contracts/post-status';
import { can, type Capability } from '../../contracts/permissions';
import { canEditPost, mayGiveStatus, seesUnpublishedPost } from '../../contracts/post-permissions';
import type { SessionUser } from '../env';
import { forbidden, notFound, unauthenticated } from './http-error';

/** The signed-in user, or 401: the rule of requireUser, and of a private read called without a route. */
export function requireSignedIn(user: SessionUser | null): SessionUser {
  if (!user) throw unauthenticated();
  return user;
}

/** Someone whose role may do `capability` (contracts/permissions.ts), or 401 (a visitor) / 403 (anyone else). */
export function requireCapability(user: SessionUser | null, capability: Capability): SessionUser {
  const signedIn = requireSignedIn(user);
  if (!can(signedIn, capability)) throw forbidden('Your role may not do that');
  return signedIn;
}

/** Whether `user` may see a page's draft (to everyone else it does not exist): whoever manages pages. */
export const seesPageDrafts = (user: SessionUser | null): boolean => can(user, 'pages.manage');

/** The signed-in user on a route mounted behind requireUser (the guard has already answered 401). */
export const signedInUser = (c: { var: { user: SessionUser | null } }): SessionUser => requireSignedIn(c.var.user);

interface PostAccess {
  authorId: number;
  status: PostStatus;
  publishedAt: Date | null;
}

// The rule lives in contracts (the web's pages ask it too); handlers find it here with the others.
export { isVisibleToReaders };

/** Sees the post even when readers do not: its author, or someone who may change any post (editors, admins). */
const seesPost = (user: SessionUser | null, post: PostAccess): boolean => seesUnpublishedPost(user, user?.id === post.authorId);

/** Drafts, pending and scheduled posts exist only for their author, editors and admins; for everyone else they are 404. */
export function requireVisiblePost(user: SessionUser | null, post: PostAccess, now: number): void {
  if (!isVisibleToReaders(post, now) && !seesPost(user, post)) throw notFound('No such post');
}

/**
 * Changing or deleting a post (contracts/post-permissions.ts `canEditPost`): its author or an editor, and a
 * contributor's own post only before it is published; others get 403 (after requireVisiblePost has hidden drafts).
 */
export function requirePostWriter(user: SessionUser | null, post: PostAccess): void {
  if (!user) throw unauthenticated();
  if (canEditPost(user, post, user.id === post.authorId)) return;
  if (user.id === post.authorId) throw forbidden('This post is published: only an editor or an admin can change it now');
  throw forbidden('Only the author, an editor or an admin may change this post');
}

/** Giving a post `status`: a contributor may send `draft` or `pending` only (403 otherwise, nothing changes). */
export function requireStatusAllowed(user: SessionUser, status: PostStatus): void {
  if (!mayGiveStatus(user, status)) {
    throw forbidden('Your role cannot publish or schedule: save it as a draft, or submit it for review (status pending)');
  }
}

/** A post's private parts (revisions): its author, editors and admins; for anyone else it does not exist (404, as a draft). */
export function requireEditablePost(user: SessionUser, post: PostAccess): void {
  if (!seesPost(user, post)) throw notFound('No such post');
}
