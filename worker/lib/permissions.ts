// Who may see and change what: the one place handlers ask, so the rules are never pasted.
import { isVisibleToReaders } from '../../contracts/post-status';
import { can, type Capability } from '../../contracts/permissions';
import { canEditPost } from '../../contracts/roles';
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
  status: 'draft' | 'published';
  publishedAt: Date | null;
}

// The rule lives in contracts (the web's pages ask it too); handlers find it here with the others.
export { isVisibleToReaders };

const isOwnerOrAdmin = (user: SessionUser | null, post: PostAccess): boolean => canEditPost(user, user?.id === post.authorId);

/** Drafts and scheduled posts exist only for their author and admins; for everyone else they are 404. */
export function requireVisiblePost(user: SessionUser | null, post: PostAccess, now: number): void {
  if (!isVisibleToReaders(post, now) && !isOwnerOrAdmin(user, post)) throw notFound('No such post');
}

/** Changing a post: its author or an admin (others get 403 — after requireVisiblePost has hidden drafts). */
export function requireOwnerOrAdmin(user: SessionUser | null, post: PostAccess): void {
  if (!user) throw unauthenticated();
  if (!isOwnerOrAdmin(user, post)) throw forbidden('Only the author or an admin may change this post');
}

/** A post's private parts (revisions): its author or an admin; for anyone else it does not exist (404, as a draft). */
export function requireEditablePost(user: SessionUser, post: PostAccess): void {
  if (!isOwnerOrAdmin(user, post)) throw notFound('No such post');
}
