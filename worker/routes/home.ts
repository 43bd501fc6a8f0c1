// The home page's posts in one call: its featured section and the latest posts less those (contracts/home.ts).
import { Hono } from 'hono';
import { HomeQuerySchema, type HomeResponse } from '../../contracts/home';
import { HOME_FEATURED_COUNT } from '../../contracts/posts';
import { PUBLIC_PAGE_SIZE } from '../../contracts/lists';
import type { AppEnv } from '../env';
import { validate } from '../lib/validate';
import { listFeaturedPosts } from '../queries/featured';
import { listHomeLatest } from '../queries/home';

export const homeRoutes = new Hono<AppEnv>().get('/home', validate('query', HomeQuerySchema), async (c) => {
  const { page } = c.req.valid('query');
  const now = Date.now();
  const [featured, latest] = await Promise.all([
    page === 1 ? listFeaturedPosts(c.var.db, now) : [],
    listHomeLatest(c.var.db, { now, page, pageSize: PUBLIC_PAGE_SIZE }),
  ]);
  return c.json<HomeResponse>({ featured: featured.slice(0, HOME_FEATURED_COUNT), latest });
});
