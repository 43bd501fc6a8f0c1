// The admin API (contracts/admin.ts). app.ts mounts this router once at /api/admin,
// behind requireAdmin: no handler here checks the role itself. Every answer is `private, no-store`
// by the one caching rule in middleware/load-session.ts.
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { adminCategoryRoutes } from './categories';
import { adminFeaturedRoutes } from './featured';
import { adminPostRoutes } from './posts';
import { adminStatsRoutes } from './stats';
import { adminTagRoutes } from './tags';
import { adminAuthorRoutes, adminUserRoutes } from './users';

export const adminRoutes = new Hono<AppEnv>()
  .route('/stats', adminStatsRoutes)
  .route('/posts', adminPostRoutes)
  .route('/categories', adminCategoryRoutes)
  .route('/tags', adminTagRoutes)
  .route('/featured', adminFeaturedRoutes)
  .route('/users', adminUserRoutes)
  .route('/authors', adminAuthorRoutes);
