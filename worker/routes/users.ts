// Public author pages: the profile and a page of their visible published posts.
import { Hono } from 'hono';
import { PageQuerySchema } from '../../contracts/lists';
import { UsernameParamSchema, type AuthorPageResponse } from '../../contracts/profile';
import type { AppEnv } from '../env';
import { validate } from '../lib/validate';
import { readAuthor } from '../services/content-reads';
import { readContextOf } from '../services/read-context';

export const userRoutes = new Hono<AppEnv>().get(
  '/users/:username',
  validate('param', UsernameParamSchema),
  validate('query', PageQuerySchema),
  async (c) => c.json<AuthorPageResponse>(await readAuthor(readContextOf(c), c.req.valid('param'), c.req.valid('query'))),
);
