// Public author pages: the profile and a page of their visible published posts.
import { Hono } from 'hono';
import { PageQuerySchema, PUBLIC_PAGE_SIZE } from '../../contracts/lists';
import { UsernameParamSchema, type AuthorPageResponse } from '../../contracts/profile';
import type { AppEnv } from '../env';
import { notFound } from '../lib/http-error';
import { validate } from '../lib/validate';
import { listPublishedPosts } from '../queries/posts';
import { findPublicUser, toPublicUser } from '../queries/profile';

export const userRoutes = new Hono<AppEnv>().get(
  '/users/:username',
  validate('param', UsernameParamSchema),
  validate('query', PageQuerySchema),
  async (c) => {
    const user = await findPublicUser(c.var.db, c.req.valid('param').username);
    if (!user) throw notFound('No such author');
    const { page } = c.req.valid('query');
    const posts = await listPublishedPosts(c.var.db, { now: Date.now(), page, pageSize: PUBLIC_PAGE_SIZE, authorId: user.id });
    return c.json<AuthorPageResponse>({ user: toPublicUser(user), posts });
  },
);
