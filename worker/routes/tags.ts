// Tags as readers see them: the list (tags with visible posts, by name) and one tag, with visible counts.
// A tag's posts are `GET /api/posts?tag=`.
import { Hono } from 'hono';
import { PageQuerySchema, type ListPage } from '../../contracts/lists';
import { TagParamSchema, type Tag, type TagResponse } from '../../contracts/tags';
import type { AppEnv } from '../env';
import { validate } from '../lib/validate';
import { readTag, readTags } from '../services/content-reads';
import { readContextOf } from '../services/read-context';

export const tagRoutes = new Hono<AppEnv>()
  .get('/tags', validate('query', PageQuerySchema), async (c) => {
    return c.json<ListPage<Tag>>(await readTags(readContextOf(c), c.req.valid('query')));
  })
  .get('/tags/:slug', validate('param', TagParamSchema), async (c) => {
    return c.json<TagResponse>(await readTag(readContextOf(c), c.req.valid('param')));
  });
