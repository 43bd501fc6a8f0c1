// Public author pages: the profile and a page of their visible published posts.
import { PageQuerySchema, PUBLIC_PAGE_SIZE } from '../../contracts/lists';
import { UsernameParamSchema, type AuthorPageResponse } from '../../contracts/profile';
import { AuthorPageResponseSchema } from '../../contracts/user-responses';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { notFound } from '../lib/http-error';
import { findAuthorPage } from '../queries/profile';

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
  async (c) => {
    const { username } = c.req.valid('param');
    const { page } = c.req.valid('query');
    const found = await findAuthorPage(c.var.db, { username, now: Date.now(), page, pageSize: PUBLIC_PAGE_SIZE });
    if (!found) throw notFound('No such author');
    return c.json<AuthorPageResponse>(found);
  },
);
