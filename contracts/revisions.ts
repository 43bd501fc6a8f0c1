// Revisions of a post: the content it had before each update of its title, excerpt or body.
// Owner and admins only; others get 404 as for someone else's draft.
import { z } from 'zod';
import { VersionSchema } from './posts';

/** `GET /api/posts/:slug/revisions` items, newest first. `version` is the post version that content was. */
export interface RevisionSummary {
  id: number;
  version: number;
  title: string;
  createdAt: string;
  /** Who wrote that version; null when the account is gone. */
  author: { username: string; name: string } | null;
}

export interface RevisionListResponse {
  items: RevisionSummary[];
}

/** `GET /api/posts/:slug/revisions/:id` → `{revision}`. */
export interface Revision extends RevisionSummary {
  excerpt: string;
  body: string;
}

export interface RevisionResponse {
  revision: Revision;
}

export const RevisionParamSchema = z.object({
  slug: z.string().min(1).max(200),
  id: z.string().regex(/^[0-9]{1,12}$/, 'Revision id must be a whole number').transform(Number),
});

/** `POST /api/posts/:slug/revisions/:id/restore {version}` → PostResponse, restored as a new version; stale → 409. */
export const RevisionRestoreInputSchema = z.strictObject({ version: VersionSchema });
export type RevisionRestoreInput = z.input<typeof RevisionRestoreInputSchema>;
