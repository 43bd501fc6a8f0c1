// createApp(): the middleware in order, the routers mounted once, and the one error policy.
import { Hono, type ErrorHandler, type NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ErrorBody } from '../contracts/errors';
import type { AppEnv } from './env';
import { constraintFailureOf } from './db/constraint-failure';
import { outageBehind } from './db/d1-outage';
import { constraintError, errorOf, HttpError, notFound, unavailable } from './lib/http-error';
import { IMAGE_BODY_LIMIT, JSON_BODY_LIMIT, limitBody } from './middleware/body-limit';
import { checkSecrets } from './middleware/check-secrets';
import { edgeCache } from './middleware/edge-cache';
import { answerFormPosts, isFormPost, routedAsItsApiCall } from './middleware/form-posts';
import { loadSession } from './middleware/load-session';
import { originCheck } from './middleware/origin-check';
import { requestLog } from './middleware/request-log';
import { requireJsonBody } from './middleware/require-json';
import { securityHeaders } from './middleware/security-headers';
import { withDb } from './middleware/with-db';
import { renderErrorPage, renderPage, renderUnavailablePage } from './render/render-page';
import { storedRedirect } from './render/redirect-answer';
import { authRoutes } from './routes/auth';
import { confirmEmailRoutes } from './routes/confirm-email';
import { newsletterLinkRoutes, subscribeRoutes } from './routes/newsletter';
import { passwordResetRoutes } from './routes/password-reset';
import { inviteAcceptRoutes } from './routes/invite-accept';
import { categoryRoutes } from './routes/categories';
import { featuredRoutes } from './routes/featured';
import { navigationRoutes } from './routes/navigation';
import { settingsRoutes } from './routes/settings';
import { homeRoutes } from './routes/home';
import { feedRoutes } from './routes/feeds';
import { siteIconRoutes } from './routes/site-icons';
import { socialCardRoutes } from './routes/social-cards';
import { mediaFileRoutes, mediaUploadRoutes } from './routes/media';
import { mediaLibraryRoutes } from './routes/media-library';
import { pageRoutes } from './routes/pages';
import { postRoutes } from './routes/posts';
import { profileRoutes } from './routes/profile';
import { userRoutes } from './routes/users';
import { previewRoutes } from './routes/preview';
import { revisionRoutes } from './routes/revisions';
import { tagRoutes } from './routes/tags';
import { adminRoutes } from './routes/admin';
import { commentRoutes } from './routes/comments';
import { adminCommentRoutes } from './routes/comments-admin';
import { assetMissRoutes } from './routes/asset-misses';
import { accentStylesheetRoutes } from './routes/accent-stylesheet';
import { requireUser } from './middleware/require-user';
import { ApiRouter } from './lib/api-router';
import { serveApiDocument } from './routes/openapi';

function toHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  if (err instanceof HTTPException && err.status < 500) {
    // Hono's own validator throws these, e.g. for a body that is not valid JSON.
    return new HttpError(400, 'bad_request', err.status === 400 ? 'The request body is not valid JSON' : err.message);
  }
  // A write the database refused (a race lost, a row deleted meanwhile) is the client's to retry or fix.
  const constraint = constraintFailureOf(err);
  if (constraint) return constraintError(constraint);
  if (outageBehind(err)) return unavailable();
  return null;
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
/** Image uploads: multipart bodies up to the image limit instead of JSON (the import's export images too). */
const isUploadPath = (path: string) => path === '/api/media' || path === '/api/admin/import/media-file';
/** The subscribers' CSV import: a text/csv body (its route refuses any other), within the JSON body limit. */
const isCsvPath = (path: string) => path === '/api/admin/subscribers/import';

/** Every /api route, with the admin guards mounted once in front of the admin API and the JSON 404 last. */
function createApiRoutes() {
  const api = new ApiRouter();
  api.route('/api', authRoutes);
  api.route('/api', passwordResetRoutes);
  api.route('/api', inviteAcceptRoutes);
  api.route('/api', postRoutes);
  api.route('/api', categoryRoutes);
  api.route('/api', featuredRoutes);
  api.route('/api', homeRoutes);
  api.route('/api', userRoutes);
  api.route('/api', profileRoutes);
  api.route('/api', mediaUploadRoutes);
  api.route('/api', mediaLibraryRoutes);
  api.route('/api', previewRoutes);
  api.route('/api', revisionRoutes);
  api.route('/api', tagRoutes);
  api.route('/api', settingsRoutes);
  api.route('/api', pageRoutes);
  api.route('/api', navigationRoutes);
  api.route('/api', commentRoutes);
  api.route('/api', subscribeRoutes);
  // The whole admin API is for signed-in staff (401 to a visitor, an unknown admin path too); each of its areas
  // sits behind its own capability of the permission table (routes/admin/index.ts: 403 to a role without it).
  api.use('/api/admin/*', requireUser);
  // Comments are moderated by a post's author too: no one capability, the rule asked per comment (decision 068).
  api.route('/api/admin/comments', adminCommentRoutes);
  api.route('/api/admin', adminRoutes);
  serveApiDocument(api); // after every router: it documents what was mounted
  api.all('/api/*', () => {
    throw notFound('No such API endpoint');
  });
  return api;
}

const onNotFound: NotFoundHandler<AppEnv> = async (c) => {
  if (isApiPath(c.req.path)) {
    return c.json<ErrorBody>({ error: { code: 'not_found', message: 'No such API endpoint' } }, 404);
  }
  return (await storedRedirect(c.var.db, c.req.path, new URL(c.req.url).search, c.var.user !== null)) ?? renderErrorPage(c, 404);
};

/** The one error policy: known failures in the error shape, anything else a 500 without detail. */
const onError: ErrorHandler<AppEnv> = (err, c) => {
  const known = toHttpError(err);
  if (known) {
    if (known.headers) for (const [k, v] of Object.entries(known.headers)) c.header(k, v);
    if (known.code === 'unavailable') {
      console.error(`[${c.var.requestId}] D1 unavailable on ${c.req.method} ${c.req.path}`, outageBehind(err)?.cause);
      // A page (or a form posted before hydration) answers the error page, which needs nothing from D1.
      if (!isApiPath(c.req.path) || isFormPost(c)) return renderUnavailablePage(c);
    }
    return c.json<ErrorBody>({ error: errorOf(known) }, known.status);
  }
  console.error(`[${c.var.requestId}] unexpected error on ${c.req.method} ${c.req.path}`, err);
  if (!isApiPath(c.req.path) && c.req.method === 'GET') return renderErrorPage(c, 500);
  return c.json<ErrorBody>({ error: { code: 'internal', message: `Something went wrong (request ${c.var.requestId})` } }, 500);
};

export function createApp() {
  const app = new Hono<AppEnv>();
  // An HTML form can only POST: a form standing for a PATCH is routed as one (middleware/form-posts.ts).
  const route = app.fetch;
  app.fetch = (request, env, ctx) => route(routedAsItsApiCall(request), env, ctx);

  // The request's id, and its one JSON log line once answered.
  app.use('*', requestLog);
  // Uploaded images are served before the page middleware: they set their own strict headers
  // (CSP default-src 'none', nosniff, immutable caching), which securityHeaders would overwrite.
  app.route('/media', mediaFileRoutes);
  app.use('*', securityHeaders);
  app.route('/assets', assetMissRoutes);
  // The accent colour's stylesheet is named by the colour: nothing below (db, session, cache) is needed.
  app.route('/accent', accentStylesheetRoutes);
  app.use('*', checkSecrets);
  // Anonymous public reads from the edge cache, before the rest of the chain (a hit needs none of it);
  // every successful write moves its key (decision 009).
  app.use('*', edgeCache);
  app.use('*', async (c, next) => (isUploadPath(c.req.path) ? limitBody(IMAGE_BODY_LIMIT)(c, next) : limitBody(JSON_BODY_LIMIT)(c, next)));
  app.use('/api/*', async (c, next) => (isUploadPath(c.req.path) || isCsvPath(c.req.path) ? next() : requireJsonBody(c, next)));
  app.use('*', originCheck);
  app.use('*', withDb);
  app.use('*', loadSession);
  // Forms posted before hydration: the same API route as JSON, answered with a 303 or the form's page.
  app.use('/api/*', answerFormPosts(renderPage));

  app.route('/', createApiRoutes());
  app.route('/', feedRoutes);
  app.route('/', siteIconRoutes);
  app.route('/', socialCardRoutes);
  app.route('/', confirmEmailRoutes); // the link mailed to a new email address: changes it, then 303
  app.route('/', newsletterLinkRoutes); // the newsletter's confirmation link and one-click unsubscribe

  // Pages: their loaders call the read services with this request's db and session (render/service-reads.ts).
  // Made through the context, so the headers middleware prepared (a refreshed session cookie) are kept.
  app.get('*', async (c) => {
    const page = await renderPage(c);
    return c.newResponse(page.body, page);
  });

  app.notFound(onNotFound);
  app.onError(onError);
  return app;
}
