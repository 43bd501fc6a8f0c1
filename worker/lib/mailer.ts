// The one way mail leaves Byline: a request writes the mail and queues it (MAIL_QUEUE, after the answer); the
// queue's consumer (worker/jobs/mail-queue.ts) hands it to Cloudflare Email Service's `send_email` binding
// (MAIL), from MAIL_FROM under the site's name, retrying a failure with a growing delay (decision 059).
// `wrangler dev` simulates the binding (it prints To and Subject and writes the bodies to temporary files);
// with the dev var MAIL_LOG=console (npm start sets it) the whole message is printed too, so a reset link can
// be followed straight from the server's console.
//
// Every link in a mail is built from SITE_URL (product.md §11, security.md rule 7), never from the request's
// Host or X-Forwarded-* headers: a mail is written by a function of the site's configured address, and
// without a valid SITE_URL no mail is written at all — the refusal is logged as an error instead.
import type { Context } from 'hono';
import type { AppEnv, Db } from '../env';
import { mailFailures } from '../db/schema';
import { SITE_URL_FIX, siteAddress, type SiteAddress } from './site-address';

declare global {
  namespace Cloudflare {
    interface Env {
      /** `console`: also print every mail in full (local development only; `npm start` passes it). */
      MAIL_LOG?: string;
    }
  }
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (the newsletter's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

/** What a mail is written from: the site's address and name (and the mail's own details, closed over by the caller). */
export type MailWriter = (site: SiteAddress, siteName: string) => Mail;

/** A written mail on the queue: what it says, under which name, and the request that wrote it (for the logs). */
export interface QueuedMail {
  siteName: string;
  mail: Mail;
  requestId: string;
}

function printMail(env: Env, siteName: string, mail: Mail): void {
  console.log(
    [
      `----- mail (MAIL_LOG=console) -----`,
      `From: ${siteName} <${env.MAIL_FROM}>`,
      `To: ${mail.to}`,
      `Subject: ${mail.subject}`,
      ...Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
      '',
      mail.text,
      `----- end of mail -----`,
    ].join('\n'),
  );
}

/** Hands a queued mail to the MAIL binding (the queue consumer's one call; it throws what the binding throws). */
export async function deliverMail(env: Env, { siteName, mail }: QueuedMail): Promise<void> {
  if (env.MAIL_LOG === 'console') printMail(env, siteName, mail);
  await env.MAIL.send({
    from: { name: siteName, email: env.MAIL_FROM },
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.headers ? { headers: mail.headers } : {}),
  });
}

/** The longest error kept: the start of a mail service's message says what went wrong. */
const ERROR_KEPT_CHARS = 500;

/** Lists a mail that was given up on for the admins (/admin/mail): never its body, whose links carry tokens. */
export async function recordMailFailure(db: Db, { mail, error, attempts }: { mail: Mail; error: unknown; attempts: number }): Promise<void> {
  await db.insert(mailFailures).values({ to: mail.to, subject: mail.subject, error: String(error).slice(0, ERROR_KEPT_CHARS), attempts });
}

/** Queues a written mail; a mail the queue refuses is recorded as a failure at once, for the admins' list. */
async function queueMail(env: Env, db: Db, queued: QueuedMail): Promise<void> {
  try {
    await env.MAIL_QUEUE.send(queued);
  } catch (err) {
    await recordMailFailure(db, { mail: queued.mail, error: `Not queued: ${String(err)}`, attempts: 0 });
    throw err;
  }
}

/**
 * Writes the mail from SITE_URL and queues it after the answer has gone out (waitUntil), so how long a
 * request takes never tells whether a mail was sent; a failure is logged, never shown to the client.
 * Without a valid SITE_URL nothing is written or sent, and an error naming the fix is logged (Workers Logs,
 * `wrangler tail`, or the `npm start` terminal).
 */
export function sendMailAfterResponse<E extends AppEnv>(c: Context<E>, write: MailWriter, siteName: () => Promise<string>): void {
  const site = siteAddress(c.env.SITE_URL);
  if ('problem' in site) {
    console.error(
      `[${c.var.requestId}] MAIL NOT SENT: ${site.problem}. Every link in a mail is built from SITE_URL, so no mail goes out without it: ${SITE_URL_FIX}.`,
    );
    return;
  }
  // The site's name (its settings) is read after the answer too, with the mail.
  const sending = (async () => {
    const name = await siteName();
    await queueMail(c.env, c.var.db, { siteName: name, mail: write(site, name), requestId: c.var.requestId });
  })().catch((err: unknown) => {
    console.error(`[${c.var.requestId}] a mail failed`, err);
  });
  try {
    c.executionCtx.waitUntil(sending);
  } catch {
    // No execution context (app.request() in tests): the promise still runs and logs its own failure.
  }
}
