// The newsletter's mails (decision 069): the confirmation link of a subscription (double opt-in). The post
// itself, sent to every active subscriber, is written by services/newsletter-post-mail.ts.
import { SUBSCRIBE_CONFIRM_TTL_MS } from '../../contracts/newsletter';
import { composeMail } from '../lib/mail-messages';
import type { MailWriter } from '../lib/mailer';

/** The path a confirmation link opens (routes/newsletter.ts): it confirms, then sends the browser to /subscribe. */
export const CONFIRM_PATH = '/subscribe/confirm';

const hours = (ms: number): string => `${Math.round(ms / 3_600_000)} hours`;

/** To an address someone subscribed: the link that confirms it (`/subscribe/confirm?token=…`). */
export const subscribeConfirmMail =
  (email: string, token: string): MailWriter =>
  (site, siteName) =>
    composeMail(siteName, { name: 'there', email }, `Confirm your subscription to ${siteName}`, [
      `Someone asked to get new posts of ${siteName} (${site.home}) by email at this address. To confirm, open this link:`,
      { link: site.link(`${CONFIRM_PATH}?token=${encodeURIComponent(token)}`), words: 'Confirm my subscription' },
      `The link works once, for ${hours(SUBSCRIBE_CONFIRM_TTL_MS)}. If you did not ask for this, ignore this mail: nothing will be sent to you.`,
    ]);
