// `GET /api/admin/stats`: the dashboard's counts, weekly chart and latest posts and sign-ups.
import { Hono } from 'hono';
import type { AdminStats } from '../../../contracts/admin';
import type { AppEnv } from '../../env';
import { readDashboard } from '../../services/admin-reads';
import { readContextOf } from '../../services/read-context';

export const adminStatsRoutes = new Hono<AppEnv>().get('/', async (c) => c.json<AdminStats>(await readDashboard(readContextOf(c))));
