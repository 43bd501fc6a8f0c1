// Reading what the Worker mailed: the MAIL binding is bound to a test outbox (vitest.worker.config.ts).
// Mail goes out after the answer (waitUntil), so readers wait for it a little.
import { env } from 'cloudflare:test';
import type { OutboxMail } from './env';

/** The mails sent to `address`, once at least `count` have arrived (or after `timeoutMs`). */
export async function mailsTo(address: string, count = 1, timeoutMs = 3000): Promise<OutboxMail[]> {
  // Counted in rounds, not by Date: some tests move the clock.
  for (let round = 0; ; round++) {
    const mails = await env.MAIL_OUTBOX.sentTo(address);
    if (mails.length >= count || round * 25 >= timeoutMs) return mails;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The whole link to `path` (`/reset-password`, `/confirm-email`) in a mail's plain text, e.g. `https://…/reset-password?token=…`. */
export function linkIn(mail: OutboxMail, path: string): URL {
  const m = new RegExp(`\\S+${path.replace(/[/]/g, '\\/')}\\?token=[A-Za-z0-9_%-]+`).exec(mail.text);
  if (!m) throw new Error(`no ${path} link in: ${mail.text}`);
  return new URL(m[0]);
}

/** The token of the link to `path` in a mail. */
export const tokenIn = (mail: OutboxMail, path: string): string => linkIn(mail, path).searchParams.get('token') ?? '';

/** The reset token in a mail's link (`/reset-password?token=…`), from its plain text. */
export const resetTokenIn = (mail: OutboxMail): string => tokenIn(mail, '/reset-password');
