// Sending a post to every active subscriber (decision 069). Publishing with `sendEmail: true` makes the post's one
// send row (a second publish, a retry or a concurrent publish finds it and sends nothing) and queues the active
// subscribers' ids on the mail queue, NEWSLETTER_BATCH a message. Each message the consumer gets claims its
// subscribers, sends each their own mail and records the outcome; a failed mail is tried again with the message.
import { MAIL_SEND_ATTEMPTS } from '../../contracts/mail-failures';
import { createDb } from '../db/client';
import type { Db } from '../env';
import { renderMarkdown } from '../lib/markdown';
import { deliverMail } from '../lib/mailer';
import { siteAddress } from '../lib/site-address';
import { activeSubscriberIds, claimSubscribers, createSend, dropSend, sendPost, settleDeliveries } from '../queries/newsletter-sends';
import { findSettings } from '../queries/settings';
import { postMailParts, subscriberMail } from './newsletter-post-mail';
import { unsubscribeToken } from './newsletter-token';

/** Subscribers a queue message carries: each costs one send_email call (a subrequest) in the consumer (decision 069). */
export const NEWSLETTER_BATCH = 40;
/** Messages one sendBatch call may carry (Queues' limit: 100 messages or 256 KB). */
const QUEUE_SEND_BATCH = 100;

/** A queue message of a send: which send, and the ids of the subscribers this message mails. */
export interface NewsletterBatch {
  kind: 'newsletter';
  sendId: number;
  subscriberIds: number[];
  requestId: string;
}

export const isNewsletterBatch = (body: unknown): body is NewsletterBatch =>
  typeof body === 'object' && body !== null && (body as { kind?: unknown }).kind === 'newsletter';

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/**
 * Starts the post's send, once ever: answers false when it was sent (or started) before. Its batches are queued
 * before the answer; if the queue refuses them the send row is dropped again so the post may be sent later.
 */
export async function startNewsletterSend(env: Env, db: Db, postId: number, requestId: string): Promise<boolean> {
  const sendId = await createSend(db, postId);
  if (sendId === null) return false;
  try {
    const messages = chunks(await activeSubscriberIds(db), NEWSLETTER_BATCH).map(
      (subscriberIds): { body: NewsletterBatch } => ({ body: { kind: 'newsletter', sendId, subscriberIds, requestId } }),
    );
    for (const group of chunks(messages, QUEUE_SEND_BATCH)) await env.MAIL_QUEUE.sendBatch(group);
  } catch (err) {
    console.error(`[${requestId}] the newsletter could not be queued; the post can be sent again`, err);
    await dropSend(db, sendId);
    throw err;
  }
  return true;
}

/** The mails of one queued batch. Failed mails throw, after the others were recorded, so the message is retried. */
export async function deliverNewsletterBatch(env: Env, message: Message<NewsletterBatch>): Promise<{ failed: number }> {
  const { sendId, subscriberIds, requestId } = message.body;
  const site = siteAddress(env.SITE_URL);
  if ('problem' in site) throw new Error(`NEWSLETTER NOT SENT: ${site.problem}`);
  const db = createDb(env.DB);
  const post = await sendPost(db, sendId);
  if (!post) return { failed: 0 }; // the post was deleted meanwhile: nothing to send
  const siteName = (await findSettings(db)).title;
  const parts = postMailParts(site, siteName, { ...post, bodyHtml: post.bodyHtml ?? renderMarkdown(post.body) });
  const recipients = await claimSubscribers(db, sendId, subscriberIds);
  const sent: number[] = [];
  const failed: number[] = [];
  for (const r of recipients) {
    try {
      const mail = subscriberMail(site, parts, r.email, await unsubscribeToken(env.SESSION_SECRET, r.id));
      await deliverMail(env, { siteName, mail, requestId });
      sent.push(r.id);
    } catch (err) {
      console.warn(`[${requestId}] a newsletter mail failed (attempt ${message.attempts} of ${MAIL_SEND_ATTEMPTS})`, err);
      failed.push(r.id);
    }
  }
  await settleDeliveries(db, sendId, { sent, failed, finalAttempt: message.attempts >= MAIL_SEND_ATTEMPTS });
  return { failed: failed.length };
}
