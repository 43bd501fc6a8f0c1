// `GET /api/admin/stats`: the dashboard's counts, weekly chart and latest posts and sign-ups.
import type { AdminStats } from '../../../contracts/admin';
import { AdminStatsSchema } from '../../../contracts/admin-responses';
import { apiRoute, ApiRouter } from '../../lib/api-router';
import { readDashboard } from '../../services/admin-reads';
import { readContextOf } from '../../services/read-context';

const statsRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: "The dashboard: counts, posts published a week over 12 weeks, the latest posts and sign-ups",
  tags: ['admin'],
  access: 'admin',
  responses: { 200: AdminStatsSchema },
});

export const adminStatsRoutes = new ApiRouter().endpoint(statsRoute, async (c) => c.json<AdminStats>(await readDashboard(readContextOf(c))));
