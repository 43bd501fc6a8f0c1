// The permission table (product.md §15): what each role may do, in one place. The Worker enforces it on
// every call (worker/lib/permissions.ts asks `can`); the web asks the same table only to decide what to show.
import { ROLE_ADMIN, ROLE_AUTHOR, ROLE_CONTRIBUTOR, ROLE_EDITOR, toRole, type Role } from './roles';

export const CAPABILITIES = [
  /** Write posts of one's own (every role). */
  'posts.write',
  /** Publish and schedule one's own posts (not contributors: they submit for review). */
  'posts.publish',
  /** Change, publish, schedule, return and delete anyone's post, and see every draft. */
  'posts.editAny',
  /** The review queue: see pending posts, publish or schedule them, send them back with a note. */
  'posts.review',
  /** The admin area's dashboard. */
  'admin.dashboard',
  'pages.manage',
  'categories.manage',
  'tags.manage',
  'featured.manage',
  'navigation.manage',
  'comments.moderate',
  'media.manage',
  /** Invite people (which roles: `invitableRoles`). */
  'invites.send',
  'users.manage',
  'settings.manage',
  'redirects.manage',
  'importExport',
  /** The mails the queue gave up on (/admin/mail): who they were for and why they failed. */
  'mail.failures',
  /** The newsletter's subscribers (/admin/subscribers): their addresses, CSV export and import. */
  'subscribers.manage',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** What only admins may do: people's accounts, the site's settings, redirects, import and export, failed mail, subscribers' addresses. */
const ADMIN_ONLY: readonly Capability[] = ['users.manage', 'settings.manage', 'redirects.manage', 'importExport', 'mail.failures', 'subscribers.manage'];
const EDITOR: readonly Capability[] = CAPABILITIES.filter((c) => !ADMIN_ONLY.includes(c));

/** Role → what it may do. An admin may do everything. */
export const PERMISSIONS: Readonly<Record<Role, readonly Capability[]>> = {
  [ROLE_ADMIN]: CAPABILITIES,
  [ROLE_EDITOR]: EDITOR,
  [ROLE_AUTHOR]: ['posts.write', 'posts.publish'],
  [ROLE_CONTRIBUTOR]: ['posts.write'],
};

/** Whether `user` (signed in, or not: nothing) may do `capability`. The one question every check asks. */
export const can = (user: { role: number } | null | undefined, capability: Capability): boolean =>
  user != null && PERMISSIONS[toRole(user.role)].includes(capability);

/** The roles `user` may invite: admins any, editors authors and contributors, everyone else none. */
export function invitableRoles(user: { role: number } | null | undefined): readonly Role[] {
  if (!can(user, 'invites.send')) return [];
  return can(user, 'users.manage') ? [ROLE_ADMIN, ROLE_EDITOR, ROLE_AUTHOR, ROLE_CONTRIBUTOR] : [ROLE_AUTHOR, ROLE_CONTRIBUTOR];
}
