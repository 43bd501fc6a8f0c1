// Tags as readers see them: the list (tags with visible posts, by name) and one tag, with visible counts.
// A tag's posts are `GET /api/posts?tag=`.
import { Hono } from 'hono';
import { PageQuerySchema, type ListPage } from '../../contracts/lists';
import { TAG_PAGE_SIZE, TagParamSchema, type Tag, type TagResponse } from '../../contracts/tags';
import type { AppEnv } from '../env';
import { validate } from '../lib/validate';
import { listTags } from '../queries/tags';
import { loadTag } from '../services/tag-writes';

export const tagRoutes = new Hono<AppEnv>()
  .get('/tags', validate('query', PageQuerySchema), async (c) => {
    const { page } = c.req.valid('query');
    return c.json<ListPage<Tag>>(await listTags(c.var.db, { now: Date.now(), page, pageSize: TAG_PAGE_SIZE }));
  })
  .get('/tags/:slug', validate('param', TagParamSchema), async (c) => {
    const { id: _id, ...tag } = await loadTag(c.var.db, c.req.valid('param').slug, Date.now());
    return c.json<TagResponse>({ tag });
  });
