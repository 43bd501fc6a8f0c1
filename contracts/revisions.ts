// Revisions of a post: the content it had before each update of its title, excerpt or body.
// Owner and admins only; others get 404 as for someone else's draft.
import { z } from 'zod';
import { VersionSchema } from './posts';
import type { RevisionListResponseSchema, RevisionResponseSchema, RevisionSchema, RevisionSummarySchema } from './post-responses';

/** `GET /api/posts/:slug/revisions` items, newest first. `version` is the post version that content was. */
export type RevisionSummary = z.infer<typeof RevisionSummarySchema>;
export type RevisionListResponse = z.infer<typeof RevisionListResponseSchema>;
/** `GET /api/posts/:slug/revisions/:id` → `{revision}`. */
export type Revision = z.infer<typeof RevisionSchema>;
export type RevisionResponse = z.infer<typeof RevisionResponseSchema>;

export const RevisionParamSchema = z.object({
  slug: z.string().min(1).max(200),
  id: z.string().regex(/^[0-9]{1,12}$/, 'Revision id must be a whole number').transform(Number),
});

/** `POST /api/posts/:slug/revisions/:id/restore {version}` → PostResponse, restored as a new version; stale → 409. */
export const RevisionRestoreInputSchema = z.strictObject({ version: VersionSchema });
export type RevisionRestoreInput = z.input<typeof RevisionRestoreInputSchema>;
