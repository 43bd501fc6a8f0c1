// The home page's posts in one call: its featured section and the latest posts less those (contracts/home.ts).
import { HomeQuerySchema, type HomeResponse } from '../../contracts/home';
import { HOME_FEATURED_COUNT } from '../../contracts/posts';
import { PUBLIC_PAGE_SIZE } from '../../contracts/lists';
import { HomeResponseSchema } from '../../contracts/post-responses';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { listFeaturedPosts } from '../queries/featured';
import { listHomeLatest } from '../queries/home';

const homeRoute = apiRoute({
  method: 'get',
  path: '/home',
  summary: "The home page's posts: its featured section (page 1 only) and the latest posts less those",
  tags: ['posts'],
  query: HomeQuerySchema,
  responses: { 200: HomeResponseSchema },
});

export const homeRoutes = new ApiRouter().endpoint(homeRoute, async (c) => {
  const { page } = c.req.valid('query');
  const now = Date.now();
  const [featured, latest] = await Promise.all([
    page === 1 ? listFeaturedPosts(c.var.db, now) : [],
    listHomeLatest(c.var.db, { now, page, pageSize: PUBLIC_PAGE_SIZE }),
  ]);
  return c.json<HomeResponse>({ featured: featured.slice(0, HOME_FEATURED_COUNT), latest });
});
