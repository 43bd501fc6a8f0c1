// Tags as readers see them: the list (tags with visible posts, by name) and one tag, with visible counts.
// A tag's posts are `GET /api/posts?tag=`.
import { PageQuerySchema, type ListPage } from '../../contracts/lists';
import { TagParamSchema, type Tag, type TagResponse } from '../../contracts/tags';
import { TagListSchema, TagResponseSchema } from '../../contracts/post-responses';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { readTag, readTags } from '../services/content-reads';
import { readContextOf } from '../services/read-context';

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
  .endpoint(tagListRoute, async (c) => c.json<ListPage<Tag>>(await readTags(readContextOf(c), c.req.valid('query'))))
  .endpoint(tagRoute, async (c) => {
    return c.json<TagResponse>(await readTag(readContextOf(c), c.req.valid('param')));
  });
