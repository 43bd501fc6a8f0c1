// The site's icons (product.md §14): /favicon.ico, /apple-touch-icon.png, the manifest's 192 and 512 pixel
// PNGs and /site.webmanifest. Made from the icon uploaded in the settings by the Images binding, or Byline's
// own (web/public/icons, drawn from favicon.svg) while none is set or it cannot be read; never a 404 or 500.
// Cached for visitors like the pages; a settings write raises the generation, so a new icon shows at once.
import { Hono, type Context } from 'hono';
import { DOCUMENT_ROUTES, pathTo, type DocumentRoute } from '../../contracts/routes';
import type { AppEnv } from '../env';
import { icoOfPngs } from '../lib/ico';
import { storedImageAt } from '../services/media-store';
import { readPublicSettings } from '../services/settings';

/** The sizes /favicon.ico holds: a tab's icon and its double for sharp screens. */
const FAVICON_SIZES = [16, 32] as const;
/** Byline's own icon at `size` pixels, committed for every size served (an SVG cannot be resized at the edge). */
const defaultIconPath = (size: number): string => `/icons/byline-${size}.png`;
const ICON_CACHE = 'no-cache';

type IconContext = Context<AppEnv>;
type Bytes = Uint8Array<ArrayBuffer>;

/** The uploaded icon's bytes, or null while none is set (or its file is gone). */
async function uploadedIcon(c: IconContext, iconUrl: string | null): Promise<ArrayBuffer | null> {
  const object = await storedImageAt(c.env.MEDIA, iconUrl);
  return object ? object.arrayBuffer() : null;
}

/** `source` as a `size`-pixel square PNG, cropped to fill it (Images binding). */
async function resized(images: ImagesBinding, source: ArrayBuffer, size: number): Promise<Bytes> {
  const result = await images
    .input(new Blob([source]).stream())
    .transform({ width: size, height: size, fit: 'cover' })
    .output({ format: 'image/png' });
  const png = new Uint8Array(await result.response().arrayBuffer());
  // A file the binding cannot decode may come back as an empty answer rather than an error.
  if (png.byteLength === 0 || result.contentType() !== 'image/png') throw new Error(`the Images binding answered no PNG (${result.contentType()})`);
  return png;
}

async function defaultIcon(c: IconContext, size: number): Promise<Bytes> {
  const res = await c.env.ASSETS.fetch(new URL(defaultIconPath(size), c.req.url));
  if (!res.ok) throw new Error(`Byline's default icon ${defaultIconPath(size)} is missing from the build (${res.status})`);
  return new Uint8Array(await res.arrayBuffer());
}

/**
 * The site icon at each of `sizes` as PNGs: the uploaded one resized, or Byline's own. An upload the
 * binding cannot read (a broken file) is logged and answered with Byline's icon rather than an error.
 */
async function iconPngs(c: IconContext, sizes: readonly number[]): Promise<Bytes[]> {
  const { icon } = await readPublicSettings(c.var);
  const source = await uploadedIcon(c, icon);
  if (source) {
    try {
      return await Promise.all(sizes.map((size) => resized(c.env.IMAGES, source, size)));
    } catch (err) {
      console.error(`[${c.var.requestId}] the site icon ${icon} could not be resized; answering Byline's own`, err);
    }
  }
  return Promise.all(sizes.map((size) => defaultIcon(c, size)));
}

const answer = (c: IconContext, body: Bytes | string, contentType: string): Response =>
  c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': ICON_CACHE });

async function faviconAnswer(c: IconContext): Promise<Response> {
  const pngs = await iconPngs(c, FAVICON_SIZES);
  return answer(c, icoOfPngs(FAVICON_SIZES.map((size, i) => ({ size, png: pngs[i]! }))), 'image/x-icon');
}

const pngAnswer = (size: number) => async (c: IconContext) => {
  const [png] = await iconPngs(c, [size]);
  return answer(c, png!, 'image/png');
};

const MANIFEST_ICONS = ['icon-192', 'icon-512'] as const;

/** The web app manifest: the site's name and accent, its icons (Byline's SVG too while none is uploaded). */
async function manifestAnswer(c: IconContext): Promise<Response> {
  const settings = await readPublicSettings(c.var);
  const documents: readonly DocumentRoute[] = DOCUMENT_ROUTES;
  const icons: { src: string; sizes: string; type: string }[] = MANIFEST_ICONS.map((id) => {
    const size = documents.find((r) => r.id === id)?.size ?? 0;
    return { src: pathTo(id), sizes: `${size}x${size}`, type: 'image/png' };
  });
  if (settings.icon === null) icons.push({ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' });
  const manifest = {
    name: settings.title,
    short_name: settings.title,
    description: settings.description,
    lang: settings.language,
    start_url: '/',
    display: 'standalone',
    theme_color: settings.accentColor,
    icons,
  };
  return answer(c, JSON.stringify(manifest), 'application/manifest+json');
}

/** Every icon route of the table (contracts/routes.ts DOCUMENT_ROUTES), each answered here. */
function withIcons(app: Hono<AppEnv>): Hono<AppEnv> {
  const documents: readonly DocumentRoute[] = DOCUMENT_ROUTES;
  for (const route of documents) {
    if (route.kind === 'favicon') app.get(route.pattern, faviconAnswer);
    if (route.kind === 'icon' && route.size) app.get(route.pattern, pngAnswer(route.size));
    if (route.kind === 'manifest') app.get(route.pattern, manifestAnswer);
  }
  return app;
}

export const siteIconRoutes = withIcons(new Hono<AppEnv>());
