// `/api/admin/settings`: every setting, and changing any of them (shown on every page at once: the write
// raises the edge cache's generation through the settings trigger of migration 0015).
import { AdminSettingsSchema, SettingsPatchSchema, type AdminSettings } from '../../../contracts/settings';
import { apiRoute, ApiRouter } from '../../lib/api-router';
import { readContextOf } from '../../services/read-context';
import { changeSettings, readAdminSettings } from '../../services/settings';

const adminSettingsRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Every setting of the site, the default category, feed and device-verification policies included',
  tags: ['admin'],
  access: 'admin',
  responses: { 200: AdminSettingsSchema },
});

const settingsPatchRoute = apiRoute({
  method: 'patch',
  path: '/',
  summary: 'Change any settings; every field is checked before anything is saved',
  tags: ['admin'],
  access: 'admin',
  json: SettingsPatchSchema,
  responses: { 200: AdminSettingsSchema },
});

export const adminSettingsRoutes = new ApiRouter()
  .endpoint(adminSettingsRoute, async (c) => c.json<AdminSettings>(await readAdminSettings(readContextOf(c))))
  .endpoint(settingsPatchRoute, async (c) => c.json<AdminSettings>(await changeSettings(c.var.db, c.req.valid('json'), c.env.MEDIA)));
