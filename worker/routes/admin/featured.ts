// `/api/admin/featured`: the whole ordered list, and replacing it in one request.
import { FeaturedInputSchema } from '../../../contracts/admin';
import { canBeFeatured } from '../../../contracts/post-status';
import { FeaturedResponseSchema } from '../../../contracts/post-responses';
import type { FeaturedResponse } from '../../../contracts/posts';
import type { Db } from '../../env';
import { apiRoute, ApiRouter } from '../../lib/api-router';
import { conflict, validationFailed } from '../../lib/http-error';
import { findPostsBySlugs, replaceFeatured } from '../../queries/featured';
import { readAdminFeatured } from '../../services/admin-reads';
import { readContextOf } from '../../services/read-context';

const quoted = (items: string[]) => items.map((s) => `“${s}”`).join(', ');

/** The ids of `slugs` in order, or 422 fields.slugs naming every unknown slug or post that cannot be featured. */
async function featurablePostIds(db: Db, slugs: string[]): Promise<number[]> {
  const found = new Map((await findPostsBySlugs(db, slugs)).map((p) => [p.slug, p]));
  const unknown = slugs.filter((s) => !found.has(s));
  if (unknown.length > 0) {
    throw validationFailed({ slugs: `No post has the slug ${quoted(unknown)}` });
  }
  const drafts = slugs.filter((s) => !canBeFeatured(found.get(s)!));
  if (drafts.length > 0) {
    const titles = drafts.map((s) => found.get(s)?.title ?? s);
    throw validationFailed({ slugs: `Only published posts can be featured; ${quoted(titles)} ${drafts.length === 1 ? 'is a draft' : 'are drafts'}` });
  }
  return slugs.map((s) => found.get(s)!.id);
}

const adminFeaturedRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'The whole featured list in order, scheduled posts included',
  tags: ['admin'],
  access: 'admin',
  responses: { 200: FeaturedResponseSchema },
});

const featuredReplaceRoute = apiRoute({
  method: 'put',
  path: '/',
  summary: 'Replace the featured list at once: at most 12 published posts, no repeats',
  tags: ['admin'],
  access: 'admin',
  json: FeaturedInputSchema,
  responses: { 200: FeaturedResponseSchema },
  errors: { 409: 'The posts kept changing while saving: `conflict`; nothing changed' },
});

export const adminFeaturedRoutes = new ApiRouter()
  .endpoint(adminFeaturedRoute, async (c) => c.json<FeaturedResponse>(await readAdminFeatured(readContextOf(c))))

  /** Replaces the list: at most 12, no repeats, published posts only; atomic, so a refusal changes nothing. */
  .endpoint(featuredReplaceRoute, async (c) => {
    const { slugs } = c.req.valid('json');
    const db = c.var.db;
    // A post unpublished between the check and the batch makes the batch roll back; checking again names it.
    for (let attempt = 1; ; attempt++) {
      if (await replaceFeatured(db, await featurablePostIds(db, slugs))) break;
      if (attempt >= 3) throw conflict('The posts changed while saving; reload the list and try again');
    }
    return c.json<FeaturedResponse>(await readAdminFeatured(readContextOf(c)));
  });
