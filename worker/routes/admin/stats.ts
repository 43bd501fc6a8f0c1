// `GET /api/admin/stats`: the dashboard's counts, weekly chart and latest posts and sign-ups.
import { Hono } from 'hono';
import type { AdminStats } from '../../../contracts/admin';
import type { AppEnv } from '../../env';
import { readAdminStats } from '../../queries/admin-stats';

export const adminStatsRoutes = new Hono<AppEnv>().get('/', async (c) => c.json<AdminStats>(await readAdminStats(c.var.db, Date.now())));
