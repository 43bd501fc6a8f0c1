// Redirects (product.md §14, §19): an old address on this site sent on to a site path or an https URL.
// The rules for `from` and `to`, and the one normal form a request's address is looked up by.
import { z } from 'zod';
import { isExternalAddress } from './external-address';
import { listPageSchema } from './lists';
import { IsoDateSchema } from './post-responses';

export const REDIRECT_SOURCES = ['manual', 'slug', 'category', 'tag', 'import'] as const;
export type RedirectSource = (typeof REDIRECT_SOURCES)[number];
export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** Longest `from` or `to` accepted: longer than any real permalink, short enough for an index key. */
export const REDIRECT_ADDRESS_MAX = 1000;

/** WordPress's numeric permalink, honoured on the home page only: `/?p=123`. */
const POST_ID_QUERY = /^\?p=([0-9]{1,12})$/;

/** A path as Hono's `c.req.path` gives it: percent-escapes decoded as decodeURI does (reserved ones kept). */
function decodedPath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** `/a/b/` and `/a/b` are one address: trailing slashes dropped, the root kept. */
export const withoutTrailingSlash = (path: string): string => path.replace(/\/+$/, '') || '/';

/**
 * The key a request is looked up by: its path without trailing slashes; on the home page, `/?p=ID`
 * when the query names a post id (every other query is ignored). Null when nothing could match.
 */
export function redirectKeyOf(pathname: string, search: string): string | null {
  const path = withoutTrailingSlash(pathname);
  if (path !== '/') return path;
  const id = new URLSearchParams(search).get('p');
  return id !== null && /^[0-9]{1,12}$/.test(id) ? `/?p=${id}` : null;
}

/** What is wrong with `path` as an address on this site (`/…`, no host, no backslash, no spaces), or null. */
function sitePathProblem(path: string): string | null {
  if (!path.startsWith('/')) return 'Start with / (an address on this site)';
  if (path.startsWith('//')) return 'An address on this site has no host: start with a single /';
  if (/[\s\u0000-\u001f\u007f\\]/.test(path)) return 'Spaces, backslashes and control characters are not allowed';
  return null;
}

/** The normal form of a redirect's `from`: a site path, without trailing slash, or `/?p=ID`. */
export const RedirectFromSchema = z
  .string({ error: 'From is required' })
  .trim()
  .min(1, 'From is required')
  .max(REDIRECT_ADDRESS_MAX, `From may be at most ${REDIRECT_ADDRESS_MAX} characters`)
  .superRefine((from, ctx) => {
    const problem = sitePathProblem(from);
    if (problem) return void ctx.addIssue({ code: 'custom', message: problem });
    if (from.includes('#')) return void ctx.addIssue({ code: 'custom', message: 'A browser never sends the part after #' });
    const [path, query] = [from.split('?', 1)[0]!, from.includes('?') ? from.slice(from.indexOf('?')) : ''];
    if (query && (withoutTrailingSlash(path) !== '/' || !POST_ID_QUERY.test(query))) {
      return void ctx.addIssue({ code: 'custom', message: 'Only the home page takes a query, and only ?p=ID' });
    }
    if (!query && withoutTrailingSlash(path) === '/') return void ctx.addIssue({ code: 'custom', message: 'The home page always answers' });
    if (/^\/(api|assets|media)(\/|$)/.test(path)) return void ctx.addIssue({ code: 'custom', message: 'That address is never a page' });
  })
  .transform((from) => {
    const query = from.includes('?') ? from.slice(from.indexOf('?')) : '';
    return query ? `/${query}` : withoutTrailingSlash(decodedPath(from));
  });

export { isExternalAddress };

/** The lookup key of a site path `to` (its fragment dropped), or null for a URL off the site. */
export function targetKeyOf(to: string): string | null {
  if (isExternalAddress(to)) return null;
  const url = new URL(to, 'https://site.invalid');
  return redirectKeyOf(decodedPath(url.pathname), url.search);
}

/** A redirect's `to`: a site path (its query and fragment kept) or an https URL. */
export const RedirectToSchema = z
  .string({ error: 'To is required' })
  .trim()
  .min(1, 'To is required')
  .max(REDIRECT_ADDRESS_MAX, `To may be at most ${REDIRECT_ADDRESS_MAX} characters`)
  .superRefine((to, ctx) => {
    if (isExternalAddress(to)) {
      if (!URL.canParse(to) || /[\s\\]/.test(to)) ctx.addIssue({ code: 'custom', message: 'Not a valid https URL' });
      return;
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(to)) return void ctx.addIssue({ code: 'custom', message: 'Only https URLs may leave the site' });
    const problem = sitePathProblem(to);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((to) => {
    if (isExternalAddress(to)) return to;
    const at = to.search(/[?#]/);
    return at < 0 ? withoutTrailingSlash(to) : withoutTrailingSlash(to.slice(0, at)) + to.slice(at);
  });

/** `POST /api/admin/redirects {from, to, status}`; status 301 (permanent) unless 302 is sent. */
export const RedirectInputSchema = z.strictObject({
  from: RedirectFromSchema,
  to: RedirectToSchema,
  status: z.union([z.literal(301), z.literal(302)], { error: 'Status is 301 or 302' }).default(301),
});
export type RedirectInput = z.input<typeof RedirectInputSchema>;
export type RedirectFields = z.output<typeof RedirectInputSchema>;

/** `DELETE /api/admin/redirects/:id`: digits; any other id names nothing. */
export const RedirectIdParamSchema = z.object({ id: z.string().regex(/^[0-9]{1,12}$/, 'Not a redirect id').transform(Number) });

export const RedirectSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  status: z.union([z.literal(301), z.literal(302)]),
  source: z.enum(REDIRECT_SOURCES),
  createdAt: IsoDateSchema,
});
export type Redirect = z.infer<typeof RedirectSchema>;
export const RedirectResponseSchema = z.object({ redirect: RedirectSchema });
export const RedirectListSchema = listPageSchema(RedirectSchema);
