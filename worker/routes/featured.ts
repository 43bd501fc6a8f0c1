// The featured list as readers see it: visible published posts in the admin's order.
import { FeaturedResponseSchema } from '../../contracts/post-responses';
import type { FeaturedResponse } from '../../contracts/posts';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { readFeatured } from '../services/content-reads';
import { readContextOf } from '../services/read-context';

const featuredRoute = apiRoute({
  method: 'get',
  path: '/featured',
  summary: "The featured posts readers see, in the admin's order",
  tags: ['posts'],
  responses: { 200: FeaturedResponseSchema },
});

export const featuredRoutes = new ApiRouter().endpoint(featuredRoute, async (c) =>
  c.json<FeaturedResponse>(await readFeatured(readContextOf(c))),
);
