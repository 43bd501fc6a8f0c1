// `PUT /api/admin/navigation`: both menus replaced at once (shown on every page at once: the write raises
// the edge cache's generation through the triggers of migration 0018).
import { NavigationInputSchema, NavigationSchema, type Navigation } from '../../../contracts/navigation';
import { apiRoute, ApiRouter } from '../../lib/api-router';
import { changeNavigation, resetNavigation } from '../../services/navigation';

const navigationReplaceRoute = apiRoute({
  method: 'put',
  path: '/',
  summary: 'Replace the header and footer menus: at most 30 items each, a label and a site path or https URL; every item is checked before anything is saved',
  tags: ['admin'],
  access: 'admin',
  json: NavigationInputSchema,
  responses: { 200: NavigationSchema },
});

const navigationResetRoute = apiRoute({
  method: 'delete',
  path: '/',
  summary: "Forget both saved menus: the header lists the site's categories again (as a new site's does), the footer nothing",
  tags: ['admin'],
  access: 'admin',
  responses: { 204: null },
});

export const adminNavigationRoutes = new ApiRouter()
  .endpoint(navigationReplaceRoute, async (c) => c.json<Navigation>(await changeNavigation(c.var.db, c.req.valid('json'))))
  .endpoint(navigationResetRoute, async (c) => {
    await resetNavigation(c.var.db);
    return c.body(null, 204);
  });
