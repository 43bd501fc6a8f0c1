// Mails the queue gave up on (product.md §17, decision 059): what `/admin/mail` lists for admins until they
// dismiss them. Never the body: its links carry tokens.
import { z } from 'zod';
import { listPageSchema } from './lists';
import { IsoDateSchema } from './post-responses';

/** Attempts before the queue gives a mail up (wrangler.toml's max_retries + 1: the platform never drops it first). */
export const MAIL_SEND_ATTEMPTS = 6;

export const MailFailureSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  /** The last attempt's error, as the mail service worded it. */
  error: z.string(),
  attempts: z.number().int().min(0),
  createdAt: IsoDateSchema,
});
export type MailFailure = z.infer<typeof MailFailureSchema>;
export const MailFailureListSchema = listPageSchema(MailFailureSchema);

/** `DELETE /api/admin/mail-failures/:id`: digits; any other id names nothing. */
export const MailFailureIdParamSchema = z.object({ id: z.string().regex(/^[0-9]{1,12}$/, 'Not a mail failure id').transform(Number) });
