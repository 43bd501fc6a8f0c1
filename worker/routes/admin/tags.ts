// `/api/admin/tags`: every tag with its counts, one tag; rename, delete, merge (behind `tags.manage`, mounted once).
import { PageQuerySchema, type ListPage } from '../../../contracts/lists';
import {
  TagMergeInputSchema,
  TagParamSchema,
  TagUpdateInputSchema,
  type AdminTag,
  type AdminTagResponse,
  type TagResponse,
} from '../../../contracts/tags';
import { AdminTagListSchema, AdminTagResponseSchema } from '../../../contracts/admin-responses';
import { TagResponseSchema } from '../../../contracts/post-responses';
import { apiRoute, ApiRouter } from '../../lib/api-router';
import { findAdminTag } from '../../queries/tags';
import { readAdminTags } from '../../services/admin-reads';
import { readContextOf } from '../../services/read-context';
import { notFound } from '../../lib/http-error';
import { mergeTag, removeTag, renameTag } from '../../services/tag-writes';

const NO_SUCH_TAG = 'No such tag: `not_found`';

const adminTagListRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Every tag by name, with its visible and total post counts',
  tags: ['admin'],
  access: 'admin',
  query: PageQuerySchema,
  responses: { 200: AdminTagListSchema },
});

const adminTagRoute = apiRoute({
  method: 'get',
  path: '/:slug',
  summary: 'One tag with both counts',
  tags: ['admin'],
  access: 'admin',
  params: TagParamSchema,
  responses: { 200: AdminTagResponseSchema },
  errors: { 404: NO_SUCH_TAG },
});

const tagRenameRoute = apiRoute({
  method: 'patch',
  path: '/:slug',
  summary: 'Rename a tag: a new name, slug or both',
  tags: ['admin'],
  access: 'admin',
  params: TagParamSchema,
  json: TagUpdateInputSchema,
  responses: { 200: TagResponseSchema },
  errors: { 404: NO_SUCH_TAG, 409: 'The name or slug is taken: `conflict` with the field' },
});

const tagDeleteRoute = apiRoute({
  method: 'delete',
  path: '/:slug',
  summary: 'Delete a tag (its posts lose it)',
  tags: ['admin'],
  access: 'admin',
  params: TagParamSchema,
  responses: { 204: null },
  errors: { 404: NO_SUCH_TAG },
});

const tagMergeRoute = apiRoute({
  method: 'post',
  path: '/:slug/merge',
  summary: 'Merge a tag into another: its posts get `into` instead, and it is deleted',
  tags: ['admin'],
  access: 'admin',
  params: TagParamSchema,
  json: TagMergeInputSchema,
  responses: { 200: TagResponseSchema },
  errors: { 404: NO_SUCH_TAG },
});

export const adminTagRoutes = new ApiRouter()
  .endpoint(adminTagListRoute, async (c) => {
    return c.json<ListPage<AdminTag>>(await readAdminTags(readContextOf(c), c.req.valid('query')));
  })

  .endpoint(adminTagRoute, async (c) => {
    const tag = await findAdminTag(c.var.db, c.req.valid('param').slug, Date.now());
    if (!tag) throw notFound('No such tag');
    return c.json<AdminTagResponse>({ tag });
  })

  .endpoint(tagRenameRoute, async (c) =>
    c.json<TagResponse>(await renameTag(c.var.db, c.req.valid('param').slug, c.req.valid('json'), Date.now())),
  )

  .endpoint(tagDeleteRoute, async (c) => {
    await removeTag(c.var.db, c.req.valid('param').slug, Date.now());
    return c.body(null, 204);
  })

  .endpoint(tagMergeRoute, async (c) =>
    c.json<TagResponse>(await mergeTag(c.var.db, c.req.valid('param').slug, c.req.valid('json').into, Date.now())),
  );
