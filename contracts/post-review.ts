// The review of a contributor's post (product.md §15): an editor sends a pending post back with a note.
import { z } from 'zod';

export const RETURN_NOTE_MAX = 2000;

/** `POST /api/admin/posts/:slug/return {note}` → `{post}` back in `draft`, the note mailed to its author. */
export const PostReturnInputSchema = z.strictObject({
  note: z
    .string({ error: 'Note must be text' })
    .trim()
    .min(1, 'Write a note telling the author what to change')
    .max(RETURN_NOTE_MAX, `Note must be at most ${RETURN_NOTE_MAX.toLocaleString('en')} characters`),
});
export type PostReturnInput = z.input<typeof PostReturnInputSchema>;
