// `GET /api/settings`: the public part of the site's settings (cached for visitors like the pages).
import { PublicSettingsSchema, type PublicSettings } from '../../contracts/settings';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { readContextOf } from '../services/read-context';
import { readPublicSettings } from '../services/settings';

const settingsRoute = apiRoute({
  method: 'get',
  path: '/settings',
  summary: "The site's public settings: title, tagline, language, time zone, posts per page…",
  tags: ['site'],
  responses: { 200: PublicSettingsSchema },
});

export const settingsRoutes = new ApiRouter().endpoint(settingsRoute, async (c) =>
  c.json<PublicSettings>(await readPublicSettings(readContextOf(c))),
);
