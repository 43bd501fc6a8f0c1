// The home page's posts in one call: its featured section and the latest posts less those (contracts/home.ts).
import { HomeQuerySchema, type HomeResponse } from '../../contracts/home';
import { HomeResponseSchema } from '../../contracts/post-responses';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { readHome } from '../services/content-reads';
import { readContextOf } from '../services/read-context';

const homeRoute = apiRoute({
  method: 'get',
  path: '/home',
  summary: "The home page's posts: its featured section (page 1 only) and the latest posts less those",
  tags: ['posts'],
  query: HomeQuerySchema,
  responses: { 200: HomeResponseSchema },
});

export const homeRoutes = new ApiRouter().endpoint(homeRoute, async (c) =>
  c.json<HomeResponse>(await readHome(readContextOf(c), c.req.valid('query'))),
);
