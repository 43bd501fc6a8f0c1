// The featured list as readers see it: visible published posts in the admin's order.
import { Hono } from 'hono';
import type { FeaturedResponse } from '../../contracts/posts';
import type { AppEnv } from '../env';
import { listFeaturedPosts } from '../queries/featured';

export const featuredRoutes = new Hono<AppEnv>().get('/featured', async (c) =>
  c.json<FeaturedResponse>({ items: await listFeaturedPosts(c.var.db, Date.now()) }),
);
