// The mail queue's consumer (byline-mail in wrangler.toml, decision 059): each queued mail is handed to MAIL;
// a failure is tried again after a growing delay, and after the last attempt it is recorded in mail_failures
// for the admins' list (/admin/mail) instead of being lost.
import { MAIL_SEND_ATTEMPTS } from '../../contracts/mail-failures';
import { createDb } from '../db/client';
import { deliverMail, recordMailFailure, type QueuedMail } from '../lib/mailer';
import { deliverNewsletterBatch, isNewsletterBatch, type NewsletterBatch } from '../services/newsletter-send';


/** The wait before attempt `attempts + 1`: 30 s, 1, 2, 4 and 8 minutes (about a quarter of an hour in all). */
export const retryDelaySeconds = (attempts: number): number => 30 * 2 ** (attempts - 1);

/** A newsletter batch (decision 069): its failed mails are tried again with the message, until the last attempt. */
async function consumeNewsletterBatch(message: Message<NewsletterBatch>, env: Env): Promise<void> {
  try {
    const { failed } = await deliverNewsletterBatch(env, message);
    if (failed > 0 && message.attempts < MAIL_SEND_ATTEMPTS) message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    else message.ack();
  } catch (err) {
    console.error(`[${message.body.requestId}] a newsletter batch failed (attempt ${message.attempts})`, err);
    if (message.attempts < MAIL_SEND_ATTEMPTS) message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    else message.ack();
  }
}

export async function consumeMailBatch(batch: MessageBatch<QueuedMail | NewsletterBatch>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    if (isNewsletterBatch(message.body)) {
      await consumeNewsletterBatch(message as Message<NewsletterBatch>, env);
      continue;
    }
    const { mail, requestId } = message.body;
    try {
      await deliverMail(env, message.body);
      message.ack();
    } catch (err) {
      if (message.attempts < MAIL_SEND_ATTEMPTS) {
        console.warn(`[${requestId}] a mail failed (attempt ${message.attempts} of ${MAIL_SEND_ATTEMPTS}); trying again`, err);
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
        continue;
      }
      console.error(`[${requestId}] a mail failed ${message.attempts} times; given up and listed on /admin/mail`, err);
      await recordMailFailure(createDb(env.DB), { mail, error: err, attempts: message.attempts });
      message.ack();
    }
  }
}
