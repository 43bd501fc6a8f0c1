// `/api/admin/redirects`: list, add, remove (behind `redirects.manage`, mounted once). Rules: contracts/redirects.ts
// and services/redirect-writes.ts.
import { PageQuerySchema, type ListPage } from '../../../contracts/lists';
import {
  RedirectIdParamSchema,
  RedirectInputSchema,
  RedirectListSchema,
  RedirectResponseSchema,
  type Redirect,
} from '../../../contracts/redirects';
import { apiRoute, ApiRouter } from '../../lib/api-router';
import { notFound } from '../../lib/http-error';
import { deleteRedirect } from '../../queries/redirects';
import { readAdminRedirects } from '../../services/admin-reads';
import { readContextOf } from '../../services/read-context';
import { addRedirect } from '../../services/redirect-writes';

const redirectListRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Every redirect, newest first',
  tags: ['admin'],
  access: 'admin',
  query: PageQuerySchema,
  responses: { 200: RedirectListSchema },
});

const redirectAddRoute = apiRoute({
  method: 'post',
  path: '/',
  summary: 'Add a redirect from a site path to a site path or an https URL (301 unless 302 is sent)',
  description: 'A chain is collapsed: to an address that already redirects, the new row takes its final target, and rows that led to `from` now lead to the new target.',
  tags: ['admin'],
  access: 'admin',
  json: RedirectInputSchema,
  responses: { 201: RedirectResponseSchema },
  errors: { 409: 'There is already a redirect from that address: `conflict` with `from`' },
});

const redirectDeleteRoute = apiRoute({
  method: 'delete',
  path: '/:id',
  summary: 'Remove a redirect',
  tags: ['admin'],
  access: 'admin',
  params: RedirectIdParamSchema,
  responses: { 204: null },
  errors: { 404: 'No such redirect: `not_found`' },
});

export const adminRedirectRoutes = new ApiRouter()
  .endpoint(redirectListRoute, async (c) =>
    c.json<ListPage<Redirect>>(await readAdminRedirects(readContextOf(c), c.req.valid('query'))),
  )

  .endpoint(redirectAddRoute, async (c) => c.json({ redirect: await addRedirect(c.var.db, c.req.valid('json'), 'manual') }, 201))

  .endpoint(redirectDeleteRoute, async (c) => {
    if (!(await deleteRedirect(c.var.db, c.req.valid('param').id))) throw notFound('No such redirect');
    return c.body(null, 204);
  });
