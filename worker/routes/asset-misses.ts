// A built file that does not exist (a page of an earlier deploy asking for its old chunks, a typo) reaches
// the Worker: the assets binding serves only files that exist (wrangler.toml's run_worker_first, decision
// 031). Its 404 must not be kept: `_headers` gives /assets/* a year's `immutable`, and a miss kept that
// long would break pages for good after a deploy race.
import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const assetMissRoutes = new Hono<AppEnv>().all('/*', (c) => c.text('Not found', 404, { 'Cache-Control': 'no-store' }));
