// Mail under the site's name: the name is read from the settings when the mail is written, after the answer.
import type { Context } from 'hono';
import { PASSWORD_RESET_TTL_MS } from '../../contracts/password-reset';
import type { AppEnv } from '../env';
import { passwordResetMail } from '../lib/mail-messages';
import { sendMailAfterResponse, type MailWriter } from '../lib/mailer';
import { findSettings } from '../queries/settings';

/** Sends the mail `write` makes after the answer, under the title of the site's settings. */
export function mailAfterResponse<E extends AppEnv>(c: Context<E>, write: MailWriter): void {
  sendMailAfterResponse(c, write, async () => (await findSettings(c.var.db)).title);
}

/** Mails the reset link to the account (after the answer): `/reset-password?token=…` on SITE_URL. */
export function mailResetLink<E extends AppEnv>(c: Context<E>, to: { name: string; email: string }, token: string): void {
  mailAfterResponse(c, passwordResetMail(to, token, PASSWORD_RESET_TTL_MS));
}
