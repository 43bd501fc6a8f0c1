// The areas of the admin API (`/api/admin/<area>`) and the capability of the permission table
// (contracts/permissions.ts) that opens each: routes/admin/index.ts mounts each area's router behind it, and
// the page renderer's admin reads (render/service-reads.ts) ask the same one as the route of the same read.
import type { Capability } from '../../contracts/permissions';

export const ADMIN_AREA_CAPABILITIES = {
  stats: 'admin.dashboard',
  // The admin post list and its bulk actions act on anyone's posts; the authors are that list's filter.
  posts: 'posts.editAny',
  authors: 'posts.editAny',
  categories: 'categories.manage',
  tags: 'tags.manage',
  featured: 'featured.manage',
  pages: 'pages.manage',
  navigation: 'navigation.manage',
  users: 'users.manage',
  // Editors invite too (authors and contributors: invitableRoles); the role check is the route's.
  invites: 'invites.send',
  settings: 'settings.manage',
  redirects: 'redirects.manage',
  import: 'importExport',
  export: 'importExport',
  'mail-failures': 'mail.failures',
  // The newsletter's subscribers and their CSV export (`/api/admin/subscribers.csv`, an area of its own path).
  subscribers: 'subscribers.manage',
  'subscribers.csv': 'subscribers.manage',
} as const satisfies Record<string, Capability>;

export type AdminArea = keyof typeof ADMIN_AREA_CAPABILITIES;
