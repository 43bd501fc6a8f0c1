// `/accent/v1/<rrggbb>.css`: the accent colour's shades for both themes (contracts/accent.ts). The address
// names the colour, so the answer depends on nothing else (no database, no session) and is kept a year;
// a page links the one its settings name (render/document.ts). Only `/accent/<a>/<b>` is answered here (a
// page may still be called `accent`); such an address naming no colour is a 404.
import { Hono } from 'hono';
import { accentOfStylesheetPath, accentStylesheet } from '../../contracts/accent';
import type { AppEnv } from '../env';

export const accentStylesheetRoutes = new Hono<AppEnv>().get('/:version/:file', (c) => {
  const accent = accentOfStylesheetPath(c.req.path);
  if (accent === null) return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
  return c.body(accentStylesheet(accent), 200, {
    'Content-Type': 'text/css; charset=utf-8',
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
});
