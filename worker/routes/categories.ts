// Categories as readers see them, each with its count of visible published posts.
import { CATEGORY_PAGE_SIZE, CategoryParamSchema, type Category, type CategoryResponse } from '../../contracts/categories';
import { PageQuerySchema, type ListPage } from '../../contracts/lists';
import { CategoryListSchema, CategoryResponseSchema } from '../../contracts/post-responses';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { notFound } from '../lib/http-error';
import { findCategoryBySlug, listCategories } from '../queries/categories';

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
  .endpoint(categoryListRoute, async (c) => {
    const { page } = c.req.valid('query');
    return c.json<ListPage<Category>>(await listCategories(c.var.db, { now: Date.now(), page, pageSize: CATEGORY_PAGE_SIZE }));
  })
  .endpoint(categoryRoute, async (c) => {
    const found = await findCategoryBySlug(c.var.db, c.req.valid('param').slug, Date.now());
    if (!found) throw notFound('No such category');
    const { id: _id, ...category } = found;
    return c.json<CategoryResponse>({ category });
  });
