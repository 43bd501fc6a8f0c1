// `GET /api/pages/:slug`: a standalone page (About, Contact) as readers see it; a draft only to those who
// manage pages (never cached), 404 to everyone else.
import { PageSchema, PageSlugParamSchema, type Page } from '../../contracts/pages';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { readContextOf } from '../services/read-context';
import { readPage } from '../services/page-writes';

const pageRoute = apiRoute({
  method: 'get',
  path: '/pages/:slug',
  summary: 'One standalone page (About, Contact): published ones to everyone, drafts to admins',
  tags: ['pages'],
  params: PageSlugParamSchema,
  responses: { 200: PageSchema },
  errors: { 404: 'No such page, or a draft the caller may not see: `not_found`' },
});

export const pageRoutes = new ApiRouter().endpoint(pageRoute, async (c) => {
  const read = await readPage(readContextOf(c), c.req.valid('param'));
  if (!read.public) c.header('Cache-Control', 'private, no-store');
  return c.json<Page>(read.page);
});
