// Public author pages: the profile and a page of their visible published posts.
import { PageQuerySchema } from '../../contracts/lists';
import { UsernameParamSchema, type AuthorPageResponse } from '../../contracts/profile';
import { AuthorPageResponseSchema } from '../../contracts/user-responses';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { readAuthor } from '../services/content-reads';
import { readContextOf } from '../services/read-context';

const authorPageRoute = apiRoute({
  method: 'get',
  path: '/users/:username',
  summary: "An author's public profile and a page of their visible published posts",
  tags: ['users'],
  params: UsernameParamSchema,
  query: PageQuerySchema,
  responses: { 200: AuthorPageResponseSchema },
  errors: { 404: 'No such author: `not_found`' },
});

export const userRoutes = new ApiRouter().endpoint(
  authorPageRoute,
  async (c) => c.json<AuthorPageResponse>(await readAuthor(readContextOf(c), c.req.valid('param'), c.req.valid('query'))),
);
