// `/api/admin/tags`: every tag with its counts, one tag; rename, delete, merge (behind requireAdmin, mounted once).
import { Hono } from 'hono';
import { PageQuerySchema, type ListPage } from '../../../contracts/lists';
import {
  TagMergeInputSchema,
  TagParamSchema,
  TagUpdateInputSchema,
  type AdminTag,
  type AdminTagResponse,
  type TagResponse,
} from '../../../contracts/tags';
import type { AppEnv } from '../../env';
import { validate } from '../../lib/validate';
import { findAdminTag } from '../../queries/tags';
import { readAdminTags } from '../../services/admin-reads';
import { readContextOf } from '../../services/read-context';
import { notFound } from '../../lib/http-error';
import { mergeTag, removeTag, renameTag } from '../../services/tag-writes';

export const adminTagRoutes = new Hono<AppEnv>()
  .get('/', validate('query', PageQuerySchema), async (c) => {
    return c.json<ListPage<AdminTag>>(await readAdminTags(readContextOf(c), c.req.valid('query')));
  })

  .get('/:slug', validate('param', TagParamSchema), async (c) => {
    const tag = await findAdminTag(c.var.db, c.req.valid('param').slug, Date.now());
    if (!tag) throw notFound('No such tag');
    return c.json<AdminTagResponse>({ tag });
  })

  .patch('/:slug', validate('param', TagParamSchema), validate('json', TagUpdateInputSchema), async (c) =>
    c.json<TagResponse>(await renameTag(c.var.db, c.req.valid('param').slug, c.req.valid('json'), Date.now())),
  )

  .delete('/:slug', validate('param', TagParamSchema), async (c) => {
    await removeTag(c.var.db, c.req.valid('param').slug, Date.now());
    return c.body(null, 204);
  })

  .post('/:slug/merge', validate('param', TagParamSchema), validate('json', TagMergeInputSchema), async (c) =>
    c.json<TagResponse>(await mergeTag(c.var.db, c.req.valid('param').slug, c.req.valid('json').into, Date.now())),
  );
