// Categories as readers see them, each with its count of visible published posts.
import { CategoryParamSchema, type Category, type CategoryResponse } from '../../contracts/categories';
import { PageQuerySchema, type ListPage } from '../../contracts/lists';
import { CategoryListSchema, CategoryResponseSchema } from '../../contracts/post-responses';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { readCategories, readCategory } from '../services/content-reads';
import { readContextOf } from '../services/read-context';

const categoryListRoute = apiRoute({
  method: 'get',
  path: '/categories',
  summary: 'Categories by name, each with its count of visible published posts',
  tags: ['categories'],
  query: PageQuerySchema,
  responses: { 200: CategoryListSchema },
});

const categoryRoute = apiRoute({
  method: 'get',
  path: '/categories/:slug',
  summary: 'One category',
  tags: ['categories'],
  params: CategoryParamSchema,
  responses: { 200: CategoryResponseSchema },
  errors: { 404: 'No such category: `not_found`' },
});

export const categoryRoutes = new ApiRouter()
  .endpoint(categoryListRoute, async (c) => c.json<ListPage<Category>>(await readCategories(readContextOf(c), c.req.valid('query'))))
  .endpoint(categoryRoute, async (c) => {
    return c.json<CategoryResponse>(await readCategory(readContextOf(c), c.req.valid('param')));
  });
