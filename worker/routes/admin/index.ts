// The admin API (product.md §4, §5; contracts/admin.ts). app.ts mounts this router once at /api/admin,
// behind requireAdmin: no handler here checks the role itself.
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env';
import { adminCategoryRoutes } from './categories';
import { adminFeaturedRoutes } from './featured';
import { adminPostRoutes } from './posts';
import { adminStatsRoutes } from './stats';
import { adminAuthorRoutes, adminUserRoutes } from './users';

// Every admin answer depends on the session and shows private data: never cached anywhere.
const privateNoStore = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header('Cache-Control', 'private, no-store');
});

export const adminRoutes = new Hono<AppEnv>()
  .use('*', privateNoStore)
  .route('/stats', adminStatsRoutes)
  .route('/posts', adminPostRoutes)
  .route('/categories', adminCategoryRoutes)
  .route('/featured', adminFeaturedRoutes)
  .route('/users', adminUserRoutes)
  .route('/authors', adminAuthorRoutes);
