// `GET /confirm-email?token=…`: the link mailed to a new address (product.md §11). A page address, not the
// API: it is opened from a mail, makes the change and sends the browser on with a 303 (contracts/profile.ts).
import { Hono } from 'hono';
import { EMAIL_CHANGE_TOKEN, EMAIL_CONFIRMED, EMAIL_LINK_INVALID } from '../../contracts/profile';
import type { AppEnv } from '../env';
import { emailChangedMail } from '../lib/mail-messages';
import { hashToken } from '../lib/session-token';
import { PRIVATE_NO_STORE } from '../middleware/load-session';
import { confirmEmailChange } from '../queries/email-changes';
import { mailAfterResponse } from '../services/site-mail';

export const confirmEmailRoutes = new Hono<AppEnv>().get('/confirm-email', async (c) => {
  c.header('Cache-Control', PRIVATE_NO_STORE);
  // Hono answers HEAD with the GET route: a mail scanner's HEAD must not use up the link.
  if (c.req.method === 'HEAD') return c.body(null, 200);
  const token = c.req.query('token') ?? '';
  const changed = EMAIL_CHANGE_TOKEN.test(token) ? await confirmEmailChange(c.var.db, { tokenHash: await hashToken(token), now: Date.now() }) : null;
  if (changed) {
    mailAfterResponse(c, emailChangedMail({ name: changed.name, email: changed.oldEmail }, changed.newEmail));
  }
  // Signed in or not, the token decides; only where the browser goes next depends on the session.
  const page = changed && !c.var.user ? '/login' : '/profile';
  return c.redirect(`${page}?email=${changed ? EMAIL_CONFIRMED : EMAIL_LINK_INVALID}`, 303);
});
