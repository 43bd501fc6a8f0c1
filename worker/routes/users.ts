// Public author pages: the profile and a page of their visible published posts.
import { Hono } from 'hono';
import { PageQuerySchema, PUBLIC_PAGE_SIZE } from '../../contracts/lists';
import { UsernameParamSchema, type AuthorPageResponse } from '../../contracts/profile';
import type { AppEnv } from '../env';
import { notFound } from '../lib/http-error';
import { validate } from '../lib/validate';
import { findAuthorPage } from '../queries/profile';

export const userRoutes = new Hono<AppEnv>().get(
  '/users/:username',
  validate('param', UsernameParamSchema),
  validate('query', PageQuerySchema),
  async (c) => {
    const { username } = c.req.valid('param');
    const { page } = c.req.valid('query');
    const found = await findAuthorPage(c.var.db, { username, now: Date.now(), page, pageSize: PUBLIC_PAGE_SIZE });
    if (!found) throw notFound('No such author');
    return c.json<AuthorPageResponse>(found);
  },
);
