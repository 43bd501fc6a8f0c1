// The social cards (product.md §16, §19): `/details/:slug/card.png` and `/:slug/card.png`, a 1200×630 PNG for a
// published post or page without a social image of its own, which its og:image and twitter:image name. A post
// or page readers cannot see answers the 404 its page would. Cached for visitors like the page, under its tags.
import { Hono, type Context } from 'hono';
import { DOCUMENT_ROUTES, pathTo, type DocumentRoute } from '../../contracts/routes';
import { PageSlugParamSchema } from '../../contracts/pages';
import { PostSlugParamSchema } from '../../contracts/posts';
import type { AppEnv } from '../env';
import { notFound } from '../lib/http-error';
import { readPost } from '../services/content-reads';
import { readPage } from '../services/page-writes';
import { readContextOf, type ReadContext } from '../services/read-context';
import { storedImageAt } from '../services/media-store';
import { readPublicSettings } from '../services/settings';

type CardContext = Context<AppEnv>;
/** The card's words: the title and, for a post, its author. */
type Subject = { title: string; author: string | null };

/** What a visitor sees, whoever asks: the card is cached for everyone, so a draft is a 404 even for its author. */
const anonymous = (c: CardContext): ReadContext => ({ ...readContextOf(c), user: null });

function slugOf(c: CardContext, schema: typeof PostSlugParamSchema | typeof PageSlugParamSchema): string {
  const parsed = schema.safeParse({ slug: c.req.param('slug') });
  if (!parsed.success) throw notFound('No such address');
  return parsed.data.slug;
}

async function postSubject(c: CardContext): Promise<Subject> {
  const read = await readPost(anonymous(c), { slug: slugOf(c, PostSlugParamSchema) });
  if ('movedTo' in read) throw notFound('No such post');
  return { title: read.post.post.title, author: read.post.post.author.name };
}

async function pageSubject(c: CardContext): Promise<Subject> {
  const read = await readPage(anonymous(c), { slug: slugOf(c, PageSlugParamSchema) });
  return { title: read.page.title, author: null };
}

/** The site's logo as a data: URL the SVG can hold (the rasteriser fetches nothing), or null. */
async function logoDataUrl(c: CardContext, logo: string | null): Promise<string | null> {
  const object = await storedImageAt(c.env.MEDIA, logo);
  if (!object) return null;
  const bytes = new Uint8Array(await object.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:${object.httpMetadata?.contentType ?? 'image/png'};base64,${btoa(binary)}`;
}

/** The card's SVG as a PNG (Images binding); null when the binding answers something else (it may pass an SVG through). */
async function rasterised(images: ImagesBinding, svg: string): Promise<ArrayBuffer | null> {
  const result = await images.input(new Blob([svg], { type: 'image/svg+xml' }).stream()).output({ format: 'image/png' });
  const png = await result.response().arrayBuffer();
  return png.byteLength > 0 && result.contentType() === 'image/png' ? png : null;
}

const cardAnswer = (subjectOf: (c: CardContext) => Promise<Subject>) => async (c: CardContext) => {
  const subject = await subjectOf(c);
  const settings = await readPublicSettings(c.var);
  // Loaded only here: no other answer pays for the card's code.
  const { socialCardSvg } = await import('../lib/social-card-svg');
  const svg = socialCardSvg({ ...subject, siteTitle: settings.title, accent: settings.accentColor, logo: await logoDataUrl(c, settings.logo) });
  const png = await rasterised(c.env.IMAGES, svg).catch((err: unknown) => {
    console.error(`[${c.var.requestId}] the social card of ${c.req.path} could not be rasterised`, err);
    return null;
  });
  // Never a broken preview: without a card, the site's icon is the next best picture.
  if (!png) return c.redirect(pathTo('icon-512'), 302);
  return c.body(png, 200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-cache' });
};

function withCards(app: Hono<AppEnv>): Hono<AppEnv> {
  const documents: readonly DocumentRoute[] = DOCUMENT_ROUTES;
  for (const route of documents) {
    if (route.kind === 'card') app.get(route.pattern, cardAnswer(route.of === 'post' ? postSubject : pageSubject));
  }
  return app;
}

export const socialCardRoutes = withCards(new Hono<AppEnv>());
