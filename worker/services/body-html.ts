// A post's HTML as readers get it: stored at write time (decision 007); a row stored before body_html existed,
// or by older rules (MARKDOWN_RULES_VERSION), is rendered here once, with its images' sizes, and stored, by
// whichever read meets it first (the post's page, a feed), so no later read renders it again.
import type { Db } from '../env';
import { MARKDOWN_RULES_VERSION, renderMarkdown } from '../lib/markdown';
import { storeBodyHtml } from '../queries/posts';
import { bodyImageSizes } from './body-images';

/** What the rule reads of a post row: its stored HTML and the rules version it was rendered by. */
export interface BodyHtmlRow {
  id: number;
  version: number;
  body: string;
  bodyHtml: string | null;
  bodyHtmlVersion: number | null;
}

/** The stored HTML when the current rules made it, else null (the row is stale). */
export const currentBodyHtml = (row: Pick<BodyHtmlRow, 'bodyHtml' | 'bodyHtmlVersion'>): string | null =>
  row.bodyHtml !== null && row.bodyHtmlVersion === MARKDOWN_RULES_VERSION ? row.bodyHtml : null;

/** The row's HTML: the stored one, or rendered now and stored (for the version read: a newer edit stores its own). */
export async function bodyHtmlOf(db: Db, row: BodyHtmlRow): Promise<string> {
  const current = currentBodyHtml(row);
  if (current !== null) return current;
  const bodyHtml = renderMarkdown(row.body, await bodyImageSizes(db, row.body));
  await storeBodyHtml(db, { id: row.id, version: row.version, bodyHtml, bodyHtmlVersion: MARKDOWN_RULES_VERSION });
  return bodyHtml;
}
