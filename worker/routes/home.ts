// The home page's posts in one call: its featured section and the latest posts less those (contracts/home.ts).
import { Hono } from 'hono';
import { HomeQuerySchema, type HomeResponse } from '../../contracts/home';
import type { AppEnv } from '../env';
import { validate } from '../lib/validate';
import { readHome } from '../services/content-reads';
import { readContextOf } from '../services/read-context';

export const homeRoutes = new Hono<AppEnv>().get('/home', validate('query', HomeQuerySchema), async (c) =>
  c.json<HomeResponse>(await readHome(readContextOf(c), c.req.valid('query'))),
);
