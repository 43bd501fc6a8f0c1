// Reset links: the token, the link that carries it and the mail, shared by the public request and the
// admin's "send a reset link".
import type { Context } from 'hono';
import { PASSWORD_RESET_TTL_MS } from '../../contracts/password-reset';
import type { AppEnv } from '../env';
import { passwordResetMail } from './mail-messages';
import { sendMailAfterResponse } from './mailer';
import { hashToken, newRandomToken } from './session-token';

export interface ResetToken {
  token: string;
  tokenHash: string;
}

export async function newResetToken(): Promise<ResetToken> {
  const token = newRandomToken('pwr_');
  return { token, tokenHash: await hashToken(token) };
}

/** Mails the link to the account (after the answer): `/reset-password?token=…` on this site's origin. */
export function mailResetLink<E extends AppEnv>(c: Context<E>, to: { name: string; email: string }, token: string): void {
  const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, c.req.url).href;
  sendMailAfterResponse(c, passwordResetMail(c.env.SITE_NAME, to, link, PASSWORD_RESET_TTL_MS / 60_000));
}
