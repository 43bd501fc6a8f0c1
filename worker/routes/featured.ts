// The featured list as readers see it: visible published posts in the admin's order.
import { Hono } from 'hono';
import type { FeaturedResponse } from '../../contracts/posts';
import type { AppEnv } from '../env';
import { readFeatured } from '../services/content-reads';
import { readContextOf } from '../services/read-context';

export const featuredRoutes = new Hono<AppEnv>().get('/featured', async (c) => c.json<FeaturedResponse>(await readFeatured(readContextOf(c))));
