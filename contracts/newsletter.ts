// The newsletter (product.md §18, §19; decision 069): the subscribe call the footer's form and the form after
// every post make (also before hydration), the notices of the /subscribe and /unsubscribe pages, and the admin's
// list, counts and CSV. Shared by the forms and the Worker.
import { z } from 'zod';
import { honeypotField } from './honeypot';
import { turnstileField } from './turnstile';
import { EmailSchema } from './users';

export const SUBSCRIBER_STATUSES = ['pending', 'active', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export const SUBSCRIBER_SOURCES = ['form', 'import'] as const;
export type SubscriberSource = (typeof SUBSCRIBER_SOURCES)[number];

/** How long a confirmation link works; a pending row older than that is deleted by the cron. */
export const SUBSCRIBE_CONFIRM_TTL_MS = 48 * 60 * 60 * 1000;
/** Subscribe requests one network may make an hour, and confirmation mails one address may get an hour. */
export const SUBSCRIBE_PER_NETWORK_PER_HOUR = 10;
export const SUBSCRIBE_PER_EMAIL_PER_HOUR = 3;

/** The token in a confirmation link: `sub_` and 256 random bits, base64url (only its SHA-256 is kept). */
export const SUBSCRIBE_CONFIRM_TOKEN = /^sub_[A-Za-z0-9_-]{43}$/;

/** The address as compared: one row per address whatever its case or surrounding spaces. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

/**
 * `POST /api/subscribe {email}` → 202 `SUBSCRIBE_ACCEPTED` for any well-formed address, new, pending, active or
 * unsubscribed (nothing tells which); a malformed one → 422 fields.email; too many from one network → 429.
 */
export const SubscribeInputSchema = z.strictObject({ email: EmailSchema, ...honeypotField, ...turnstileField });
export type SubscribeInput = z.input<typeof SubscribeInputSchema>;

export const SUBSCRIBE_ACCEPTED = {
  message: 'Thanks! Check your inbox: unless this address is subscribed already, a link to confirm your subscription is on its way.',
} as const;

/** What the /subscribe page says (`?notice=`): after a post before hydration, after a confirmation link. */
export const SUBSCRIBE_NOTICES = {
  sent: SUBSCRIBE_ACCEPTED.message,
  confirmed: 'You are subscribed. New posts will come to your inbox.',
  invalid: 'This confirmation link is not valid any more (it works once, for 48 hours). Subscribe again for a new one.',
} as const;
export type SubscribeNotice = keyof typeof SUBSCRIBE_NOTICES;
export const NOTICE_PARAM = 'notice';

/** What the /unsubscribe page says once its one button (or a mail client's one click) has been used. */
export const UNSUBSCRIBED_MESSAGE = 'You are unsubscribed and will get no more posts by email.';
export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid. Use the link at the bottom of one of our emails.';

/** RFC 8058: the body a mail client's one-click POST carries, and the form field that sends it from the page. */
export const ONE_CLICK_FIELD = 'List-Unsubscribe';
export const ONE_CLICK_VALUE = 'One-Click';

// ----- the admin's list (GET /api/admin/subscribers?status=&q=&page=) -----

export const SUBSCRIBERS_PAGE_SIZE = 50;

export const AdminSubscribersQuerySchema = z.strictObject({
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
  /** The start of an address (a prefix search on the index). */
  q: z.string().trim().toLowerCase().max(254, 'At most 254 characters').optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminSubscribersQuery = z.input<typeof AdminSubscribersQuerySchema>;

export const AdminSubscriberSchema = z.object({
  id: z.number(),
  email: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  source: z.enum(SUBSCRIBER_SOURCES),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type AdminSubscriber = z.infer<typeof AdminSubscriberSchema>;

export const SubscriberCountsSchema = z.object({ pending: z.number(), active: z.number(), unsubscribed: z.number() });
export type SubscriberCounts = z.infer<typeof SubscriberCountsSchema>;

export const AdminSubscribersSchema = z.object({
  items: z.array(AdminSubscriberSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  counts: SubscriberCountsSchema,
});
export type AdminSubscribers = z.infer<typeof AdminSubscribersSchema>;

/** `PATCH /api/admin/subscribers/:id {status: 'unsubscribed'}`: an admin unsubscribes someone (or deletes the row). */
export const AdminSubscriberPatchSchema = z.strictObject({ status: z.literal('unsubscribed') });

// ----- CSV import (POST /api/admin/subscribers/import, text/csv) -----

/** The largest CSV an import takes (about 20,000 addresses). */
export const SUBSCRIBER_IMPORT_MAX_BYTES = 512 * 1024;

export const SubscriberImportResultSchema = z.object({
  imported: z.number(),
  skipped: z.number(),
  /** One entry per refused row: its line number (1-based, the header included) and why. */
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
});
export type SubscriberImportResult = z.infer<typeof SubscriberImportResultSchema>;

/** What the post's admin shape adds once the post was sent by email. */
export const NewsletterStatsSchema = z.object({ sent: z.number(), failed: z.number(), unsubscribed: z.number() });
export type NewsletterStats = z.infer<typeof NewsletterStatsSchema>;

/** `GET /api/posts/:slug/newsletter` (the editor): whether to offer "Also send by email", and the send's numbers once sent. */
export const NewsletterOfferSchema = z.object({ offer: z.boolean(), stats: NewsletterStatsSchema.nullable() });
export type NewsletterOffer = z.infer<typeof NewsletterOfferSchema>;

export const SubscriberIdParamSchema = z.object({ id: z.string().regex(/^[0-9]{1,12}$/, 'Not a subscriber id').transform(Number) });
