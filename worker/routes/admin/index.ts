// The admin API (contracts/admin.ts). app.ts mounts this router once at /api/admin,
// behind requireAdmin: no handler here checks the role itself. Every answer is `private, no-store`
// by the one caching rule in middleware/load-session.ts.
import { ApiRouter } from '../../lib/api-router';
import { adminCategoryRoutes } from './categories';
import { adminFeaturedRoutes } from './featured';
import { adminInviteRoutes } from './invites';
import { adminExportRoutes, adminImportRoutes } from './import';
import { adminPageRoutes } from './pages';
import { adminNavigationRoutes } from './navigation';
import { adminPostRoutes } from './posts';
import { adminSettingsRoutes } from './settings';
import { adminRedirectRoutes } from './redirects';
import { adminStatsRoutes } from './stats';
import { adminTagRoutes } from './tags';
import { adminAuthorRoutes, adminUserRoutes } from './users';

export const adminRoutes = new ApiRouter()
  .route('/stats', adminStatsRoutes)
  .route('/posts', adminPostRoutes)
  .route('/categories', adminCategoryRoutes)
  .route('/tags', adminTagRoutes)
  .route('/featured', adminFeaturedRoutes)
  .route('/users', adminUserRoutes)
  .route('/invites', adminInviteRoutes)
  .route('/authors', adminAuthorRoutes)
  .route('/import', adminImportRoutes)
  .route('/export', adminExportRoutes)
  .route('/settings', adminSettingsRoutes)
  .route('/redirects', adminRedirectRoutes)
  .route('/pages', adminPageRoutes)
  .route('/navigation', adminNavigationRoutes);
