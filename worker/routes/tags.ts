// Tags as readers see them: the list (tags with visible posts, by name) and one tag, with visible counts.
// A tag's posts are `GET /api/posts?tag=`.
import { PageQuerySchema, type ListPage } from '../../contracts/lists';
import { TAG_PAGE_SIZE, TagParamSchema, type Tag, type TagResponse } from '../../contracts/tags';
import { TagListSchema, TagResponseSchema } from '../../contracts/post-responses';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { listTags } from '../queries/tags';
import { loadTag } from '../services/tag-writes';

const tagListRoute = apiRoute({
  method: 'get',
  path: '/tags',
  summary: 'Tags with visible posts, by name, each with its count of them',
  tags: ['tags'],
  query: PageQuerySchema,
  responses: { 200: TagListSchema },
});

const tagRoute = apiRoute({
  method: 'get',
  path: '/tags/:slug',
  summary: "One tag (its posts are `GET /api/posts?tag=`)",
  tags: ['tags'],
  params: TagParamSchema,
  responses: { 200: TagResponseSchema },
  errors: { 404: 'No such tag: `not_found`' },
});

export const tagRoutes = new ApiRouter()
  .endpoint(tagListRoute, async (c) => {
    const { page } = c.req.valid('query');
    return c.json<ListPage<Tag>>(await listTags(c.var.db, { now: Date.now(), page, pageSize: TAG_PAGE_SIZE }));
  })
  .endpoint(tagRoute, async (c) => {
    const { id: _id, ...tag } = await loadTag(c.var.db, c.req.valid('param').slug, Date.now());
    return c.json<TagResponse>({ tag });
  });
