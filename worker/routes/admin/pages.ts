// `/api/admin/pages`: every page (drafts too); create, read, change (from a version) and delete. Behind
// the `pages.manage` capability, mounted once (routes/admin/index.ts); the rules are services/page-writes.ts's.
import { createMiddleware } from 'hono/factory';
import { ADMIN_PAGE_SIZE } from '../../../contracts/list-page';
import { PageQuerySchema } from '../../../contracts/lists';
import { PageInputSchema, PageListSchema, PageSchema, PageSlugParamSchema, PageUpdateInputSchema, type Page, type PageList } from '../../../contracts/pages';
import type { AppEnv } from '../../env';
import { apiRoute, ApiRouter } from '../../lib/api-router';
import { signedInUser } from '../../lib/permissions';
import type { PageRow } from '../../queries/pages';
import { createPageAs, deletePageAt, loadPage, readPageForEditor, readPageList, updatePageAt } from '../../services/page-writes';
import { readContextOf } from '../../services/read-context';
import { pageWriteTags, touchCacheTags } from '../../lib/cache-tags';

/** Loads `:slug` before the body is read: an unknown page is 404 whatever was sent. */
const existingPage = createMiddleware<AppEnv & { Variables: { page: PageRow } }>(async (c, next) => {
  c.set('page', await loadPage(c.var.db, c.req.param('slug') ?? ''));
  await next();
});

const NO_SUCH_PAGE = 'No such page: `not_found`';
const TAKEN = 'The hand-set slug is used by another page: `conflict` with fields.slug';
const RESERVED = 'A field breaks its rule, e.g. a slug the site keeps for itself (`fields.slug`): `validation_failed`';

const pageListRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Every page, drafts too, newest change first (25 a page)',
  tags: ['admin', 'pages'],
  access: 'admin',
  query: PageQuerySchema,
  responses: { 200: PageListSchema },
});

const pageCreateRoute = apiRoute({
  method: 'post',
  path: '/',
  summary: 'Write a page (no slug: made from the title, never one the site keeps for itself)',
  tags: ['admin', 'pages'],
  access: 'admin',
  json: PageInputSchema,
  responses: { 201: PageSchema },
  errors: { 409: TAKEN, 422: RESERVED },
});

const adminPageRoute = apiRoute({
  method: 'get',
  path: '/:slug',
  summary: 'One page, any status, for its editor',
  tags: ['admin', 'pages'],
  access: 'admin',
  params: PageSlugParamSchema,
  responses: { 200: PageSchema },
  errors: { 404: NO_SUCH_PAGE },
});

const pageUpdateRoute = apiRoute({
  method: 'put',
  path: '/:slug',
  summary: 'Change a page from the version the editor loaded',
  description: "A published page's changed slug leaves a 301 from its old address (a redirect with source `slug`).",
  tags: ['admin', 'pages'],
  access: 'admin',
  params: PageSlugParamSchema,
  middleware: [existingPage],
  json: PageUpdateInputSchema,
  responses: { 200: PageSchema },
  errors: { 404: NO_SUCH_PAGE, 409: `A stale version (nothing changed), or: ${TAKEN}`, 422: RESERVED },
});

const pageDeleteRoute = apiRoute({
  method: 'delete',
  path: '/:slug',
  summary: 'Delete a page',
  tags: ['admin', 'pages'],
  access: 'admin',
  params: PageSlugParamSchema,
  middleware: [existingPage],
  responses: { 204: null },
  errors: { 404: NO_SUCH_PAGE },
});

export const adminPageRoutes = new ApiRouter()
  .endpoint(pageListRoute, async (c) =>
    c.json<PageList>(await readPageList(readContextOf(c), { page: c.req.valid('query').page, pageSize: ADMIN_PAGE_SIZE })),
  )

  .endpoint(pageCreateRoute, async (c) => {
    const page = await createPageAs(c.var.db, signedInUser(c), c.req.valid('json'), Date.now());
    touchCacheTags(c, pageWriteTags(page.slug));
    return c.json<Page>(page, 201);
  })

  .endpoint(adminPageRoute, async (c) => c.json<Page>(await readPageForEditor(readContextOf(c), c.req.valid('param'))))

  .endpoint(pageUpdateRoute, async (c) => {
    const page = await updatePageAt(c.var.db, c.var.page, c.req.valid('json'), Date.now());
    touchCacheTags(c, pageWriteTags(c.var.page.slug, page.slug));
    return c.json<Page>(page);
  })

  .endpoint(pageDeleteRoute, async (c) => {
    await deletePageAt(c.var.db, c.var.page);
    touchCacheTags(c, pageWriteTags(c.var.page.slug));
    return c.body(null, 204);
  });
