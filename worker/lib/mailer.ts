// The one way mail leaves Byline: Cloudflare Email Service's `send_email` binding (MAIL), from MAIL_FROM
// under the site's name. `wrangler dev` simulates the binding (it prints To and Subject and writes the
// bodies to temporary files); with the dev var MAIL_LOG=console (npm start sets it) the whole message is
// printed too, so a reset link can be followed straight from the server's console.
//
// Every link in a mail is built from SITE_URL (product.md §11, security.md rule 7), never from the request's
// Host or X-Forwarded-* headers: a mail is written by a function of the site's configured address, and
// without a valid SITE_URL no mail is written at all — the refusal is logged as an error instead.
import type { Context } from 'hono';
import type { AppEnv } from '../env';

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
}

/** The site's configured address, the one base of every link a mail carries. */
export interface SiteAddress {
  /** `https://blog.example.com/` */
  home: string;
  /** An absolute link to a path of the site (`/reset-password?token=…`). */
  link(pathAndQuery: string): string;
}

/** What a mail is written from: the site's address (and the mail's own details, closed over by the caller). */
export type MailWriter = (site: SiteAddress) => Mail;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * SITE_URL as the site's address, or null with the reason it cannot be one: it must be an origin alone
 * (no path, query, fragment or credentials), over https — or http on a loopback host, for local use.
 */
export function siteAddress(value: string | undefined): SiteAddress | { problem: string } {
  const text = value?.trim() ?? '';
  if (text === '') return { problem: 'SITE_URL is not set' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: `SITE_URL "${text}" is not a URL` };
  }
  const httpAllowed = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !httpAllowed) return { problem: `SITE_URL "${text}" must start with https:// (http:// only for localhost)` };
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    return { problem: `SITE_URL "${text}" must be the site's origin alone, like https://blog.example.com` };
  }
  const origin = url.origin;
  return { home: `${origin}/`, link: (pathAndQuery) => new URL(pathAndQuery, origin).href };
}

function printMail(env: Env, mail: Mail): void {
  console.log(
    [
      `----- mail (MAIL_LOG=console) -----`,
      `From: ${env.SITE_NAME} <${env.MAIL_FROM}>`,
      `To: ${mail.to}`,
      `Subject: ${mail.subject}`,
      '',
      mail.text,
      `----- end of mail -----`,
    ].join('\n'),
  );
}

async function sendMail(env: Env, mail: Mail): Promise<void> {
  if (env.MAIL_LOG === 'console') printMail(env, mail);
  await env.MAIL.send({
    from: { name: env.SITE_NAME, email: env.MAIL_FROM },
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  });
}

/**
 * Writes the mail from SITE_URL and sends it after the answer has gone out (waitUntil), so how long a
 * request takes never tells whether a mail was sent; a failure is logged, never shown to the client.
 * Without a valid SITE_URL nothing is written or sent, and an error naming the fix is logged (Workers Logs,
 * `wrangler tail`, or the `npm start` terminal).
 */
export function sendMailAfterResponse<E extends AppEnv>(c: Context<E>, write: MailWriter): void {
  const site = siteAddress(c.env.SITE_URL);
  if ('problem' in site) {
    console.error(
      `[${c.var.requestId}] MAIL NOT SENT: ${site.problem}. Every link in a mail is built from SITE_URL, so no mail ` +
        'goes out without it: set SITE_URL in wrangler.toml [vars] to the site\'s address (e.g. https://blog.example.com) and deploy.',
    );
    return;
  }
  const mail = write(site);
  const sending = sendMail(c.env, mail).catch((err: unknown) => {
    console.error(`[${c.var.requestId}] mail to ${mail.to} failed`, err);
  });
  try {
    c.executionCtx.waitUntil(sending);
  } catch {
    // No execution context (app.request() in tests): the promise still runs and logs its own failure.
  }
}
