// `GET /api/navigation`: the header and footer menus (cached for visitors like the pages).
import { NavigationSchema, type Navigation } from '../../contracts/navigation';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { readCategories } from '../services/content-reads';
import { readNavigation } from '../services/navigation';
import { readContextOf } from '../services/read-context';

const navigationRoute = apiRoute({
  method: 'get',
  path: '/navigation',
  summary: "The site's header and footer menus, in order (a header never saved lists the categories)",
  tags: ['site'],
  responses: { 200: NavigationSchema },
});

export const navigationRoutes = new ApiRouter().endpoint(navigationRoute, async (c) => {
  const ctx = readContextOf(c);
  return c.json<Navigation>(await readNavigation(ctx.db, () => readCategories(ctx, { page: 1 })));
});
