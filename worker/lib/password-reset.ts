// Reset links: the token, the link that carries it and the mail, shared by the public request and the
// admin's "send a reset link".
import type { Context } from 'hono';
import { PASSWORD_RESET_TTL_MS } from '../../contracts/password-reset';
import type { AppEnv } from '../env';
import { passwordResetMail } from './mail-messages';
import { sendMailAfterResponse } from './mailer';
import { newHashedToken } from './session-token';

export const newResetToken = () => newHashedToken('pwr_');

/** Mails the link to the account (after the answer): `/reset-password?token=…` on SITE_URL. */
export function mailResetLink<E extends AppEnv>(c: Context<E>, to: { name: string; email: string }, token: string): void {
  sendMailAfterResponse(c, passwordResetMail(c.env.SITE_NAME, to, token, PASSWORD_RESET_TTL_MS));
}
