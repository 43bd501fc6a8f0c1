// Mails the site sent, read from `wrangler dev`'s output (MAIL_LOG=console prints each one in full).
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

/** The first match of `pattern`'s group 1 in the newest mail to `to`, once it has arrived. */
export async function fromNewestMailTo(to: string, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mails = readFileSync(inject('serverLogPath'), 'utf8').split('----- mail (MAIL_LOG=console) -----').slice(1);
    const mine = mails.filter((m) => m.includes(`\nTo: ${to}\n`)).pop();
    const found = mine ? pattern.exec(mine)?.[1] : undefined;
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} matching ${String(pattern)} in the server output`);
}

/** The reset link of the newest reset mail to `to`. */
export const resetLinkMailedTo = (to: string): Promise<string> =>
  fromNewestMailTo(to, /Subject: Reset your Byline password[\s\S]*?(http:\/\/\S+\/reset-password\?token=\S+)/);

/** The link of the newest invite mail to `to` (`/invite?token=…`). */
export const inviteLinkMailedTo = (to: string): Promise<string> =>
  fromNewestMailTo(to, /Subject: You're invited to [\s\S]*?(http:\/\/\S+\/invite\?token=\S+)/);
