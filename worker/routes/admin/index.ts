// The admin API (contracts/admin.ts), mounted once at /api/admin by app.ts. Each area sits behind the
// capability of the permission table that covers it (lib/admin-areas.ts), mounted here once in front of
// every call of the area: no handler checks a role itself, and an area cannot be mounted without naming its
// capability. Every answer is `private, no-store` by the one caching rule in middleware/load-session.ts.
import { ADMIN_AREA_CAPABILITIES, type AdminArea } from '../../lib/admin-areas';
import { ApiRouter } from '../../lib/api-router';
import { requireCan } from '../../middleware/require-user';
import { adminCategoryRoutes } from './categories';
import { adminFeaturedRoutes } from './featured';
import { adminInviteRoutes } from './invites';
import { adminExportRoutes, adminImportRoutes } from './import';
import { adminMailFailureRoutes } from './mail-failures';
import { adminPageRoutes } from './pages';
import { adminNavigationRoutes } from './navigation';
import { adminPostRoutes } from './posts';
import { adminSettingsRoutes } from './settings';
import { adminRedirectRoutes } from './redirects';
import { adminStatsRoutes } from './stats';
import { adminSubscriberExportRoutes, adminSubscriberRoutes } from './subscribers';
import { adminTagRoutes } from './tags';
import { adminAuthorRoutes, adminUserRoutes } from './users';

const AREA_ROUTES: Record<AdminArea, ApiRouter> = {
  stats: adminStatsRoutes,
  posts: adminPostRoutes,
  authors: adminAuthorRoutes,
  categories: adminCategoryRoutes,
  tags: adminTagRoutes,
  featured: adminFeaturedRoutes,
  pages: adminPageRoutes,
  navigation: adminNavigationRoutes,
  users: adminUserRoutes,
  invites: adminInviteRoutes,
  settings: adminSettingsRoutes,
  redirects: adminRedirectRoutes,
  import: adminImportRoutes,
  export: adminExportRoutes,
  'mail-failures': adminMailFailureRoutes,
  subscribers: adminSubscriberRoutes,
  'subscribers.csv': adminSubscriberExportRoutes,
};

export const adminRoutes = new ApiRouter();
for (const [area, routes] of Object.entries(AREA_ROUTES) as [AdminArea, ApiRouter][]) {
  const capability = ADMIN_AREA_CAPABILITIES[area];
  // `/<area>/*` matches `/<area>` itself too (Hono), so the guard stands in front of every call of the area.
  adminRoutes.guard(`/${area}/*`, requireCan(capability)).route(`/${area}`, routes.withCapability(capability));
}
