// The mails Byline sends: plain text plus simple HTML, each naming the site. Each is a MailWriter: it is
// written from the site's configured address (SITE_URL), the only base its links may have.
import { pathTo } from '../../contracts/routes';
import type { Mail, MailWriter } from './mailer';
import type { SiteAddress } from './site-address';
import { escapeHtml } from './escape-html';

export interface Recipient {
  name: string;
  email: string;
}

/** A paragraph of a mail: plain text, or a link (its words and its address). */
type Part = string | { link: string; words: string };

/** One mail from its paragraphs (every mail of Byline is made by it): the text lists a link's address on its own line, the HTML makes it a link. */
export function composeMail(siteName: string, to: Recipient, subject: string, parts: Part[]): Mail {
  const text = [`Hello ${to.name},`, ...parts.map((p) => (typeof p === 'string' ? p : p.link)), `— ${siteName}`].join('\n\n');
  const paragraphs = [
    `Hello ${escapeHtml(to.name)},`,
    ...parts.flatMap((p) =>
      typeof p === 'string'
        ? [escapeHtml(p)]
        : [`<a href="${escapeHtml(p.link)}">${escapeHtml(p.words)}</a>`, `Or copy this address into your browser: ${escapeHtml(p.link)}`],
    ),
  ];
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; line-height: 1.5; max-width: 36rem">
<h1 style="font-size: 1.25rem">${escapeHtml(siteName)}</h1>
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
</body></html>`;
  return { to: to.email, subject, text, html };
}

const minutes = (ms: number): string => `${Math.round(ms / 60_000)} minutes`;
const hours = (ms: number): string => `${Math.round(ms / 3_600_000)} hours`;
const days = (ms: number): string => `${Math.round(ms / 86_400_000)} days`;

/** What someone who did not make a change should do: choose a new password (which ends every session). */
const notYou = (site: SiteAddress): Part[] => [
  'If this was not you, choose a new password at once (it signs everyone else out) and tell your site’s admin:',
  { link: site.link('/forgot-password'), words: 'Choose a new password' },
];

/** The password reset link (`/reset-password?token=…`), valid for `validMs`. */
export const passwordResetMail =
  (to: Recipient, token: string, validMs: number): MailWriter =>
  (site, siteName) =>
    composeMail(siteName, to, `Reset your ${siteName} password`, [
      `Someone asked to reset the password of your ${siteName} account. To choose a new password, open this link:`,
      { link: site.link(`${pathTo('reset-password')}?token=${encodeURIComponent(token)}`), words: 'Choose a new password' },
      `The link works once, for ${minutes(validMs)}. If you did not ask for it, ignore this mail: your password stays as it is.`,
    ]);

/** "Your password was changed": after a change in the profile, a reset, or an admin setting it. */
export const passwordChangedMail =
  (to: Recipient): MailWriter =>
  (site, siteName) =>
    composeMail(siteName, to, `Your ${siteName} password was changed`, [
      `The password of your ${siteName} account (${site.home}) was just changed, and every other signed-in device was signed out.`,
      ...notYou(site),
    ]);

/** To the new address: the link that makes the change (`/confirm-email?token=…`), valid for `validMs`. */
export const emailConfirmMail =
  (to: Recipient, token: string, validMs: number): MailWriter =>
  (site, siteName) =>
    composeMail(siteName, to, `Confirm your new ${siteName} email address`, [
      `Someone asked to use this address (${to.email}) for their ${siteName} account. To confirm it, open this link:`,
      { link: site.link(`/confirm-email?token=${encodeURIComponent(token)}`), words: 'Confirm this address' },
      `The link works once, for ${hours(validMs)}. Until then the account keeps its old address. If you did not ask for this, ignore this mail.`,
    ]);

/** To the old address, when a change to `newEmail` is asked for: nothing has changed yet. */
export const emailChangeRequestedMail =
  (to: Recipient, newEmail: string): MailWriter =>
  (site, siteName) =>
    composeMail(siteName, to, `A change of your ${siteName} email address was asked for`, [
      `Someone signed in to your ${siteName} account asked to change its email address from ${to.email} to ${newEmail}. Nothing changes until a link mailed to ${newEmail} is opened.`,
      ...notYou(site),
    ]);

/** To the old address, once the change to `newEmail` is made. */
export const emailChangedMail =
  (to: Recipient, newEmail: string): MailWriter =>
  (site, siteName) =>
    composeMail(siteName, to, `Your ${siteName} email address was changed`, [
      `The email address of your ${siteName} account was changed from ${to.email} to ${newEmail}.`,
      ...notYou(site),
    ]);

/** The 6-digit code that lets a new device sign in while the account is under attack (decision 026). */
export const deviceCodeMail =
  (to: Recipient, code: string, validMs: number): MailWriter =>
  (site, siteName) =>
    composeMail(siteName, to, `${code} is your ${siteName} sign-in code`, [
      `Someone signed in to your ${siteName} account (${site.home}) with your password from a browser it has not seen before. Because many wrong passwords were tried for your account recently, that browser must also enter this code:`,
      code,
      `It works for ${minutes(validMs)}. If this was not you, your password is known to someone else:`,
      { link: site.link('/forgot-password'), words: 'Choose a new password' },
    ]);

/** An invite (`/invite?token=…`) to join as `role` (its label), from `inviter`, valid until `expiresAt` (decision 055). */
export const inviteMail =
  (invite: { email: string; role: string; inviter: string; token: string; expiresAt: Date; validMs: number }): MailWriter =>
  (site, siteName) => {
    const as = /^[AEIOU]/.test(invite.role) ? `an ${invite.role.toLowerCase()}` : `a ${invite.role.toLowerCase()}`;
    const until = `${invite.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    return composeMail(siteName, { name: 'there', email: invite.email }, `You're invited to ${siteName}`, [
      `${invite.inviter} invited you to join ${siteName} (${site.home}) as ${as}. To accept, choose your username, name and password here:`,
      { link: site.link(`${pathTo('invite')}?token=${encodeURIComponent(invite.token)}`), words: 'Accept the invite' },
      `The link works once, for ${days(invite.validMs)} (until ${until}). If you did not expect this invite, ignore this mail: nothing happens without the link.`,
    ]);
  };
