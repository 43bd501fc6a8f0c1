// The mails Byline sends: plain text plus simple HTML, each naming the site.
import type { Mail } from './mailer';
import { escapeHtml } from './escape-html';

interface Recipient {
  name: string;
  email: string;
}

function htmlBody(siteName: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('\n');
  return `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; line-height: 1.5; max-width: 36rem">
<h1 style="font-size: 1.25rem">${escapeHtml(siteName)}</h1>
${body}
</body></html>`;
}

/** The password reset link, valid for `validMinutes`. */
export function passwordResetMail(siteName: string, to: Recipient, link: string, validMinutes: number): Mail {
  const text = [
    `Hello ${to.name},`,
    '',
    `Someone asked to reset the password of your ${siteName} account. To choose a new password, open this link:`,
    '',
    link,
    '',
    `The link works once, for ${validMinutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
    '',
    `— ${siteName}`,
  ].join('\n');
  const html = htmlBody(siteName, [
    `Hello ${escapeHtml(to.name)},`,
    `Someone asked to reset the password of your ${escapeHtml(siteName)} account.`,
    `<a href="${escapeHtml(link)}">Choose a new password</a>`,
    `Or copy this address into your browser: ${escapeHtml(link)}`,
    `The link works once, for ${validMinutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
  ]);
  return { to: to.email, subject: `Reset your ${siteName} password`, text, html };
}

/** The notice to the old address after the account's email changed. */
export function emailChangedMail(siteName: string, to: Recipient, newEmail: string, siteUrl: string): Mail {
  const text = [
    `Hello ${to.name},`,
    '',
    `The email address of your ${siteName} account was changed from ${to.email} to ${newEmail}.`,
    '',
    `If you did not make this change, reply to your site's admin at once, or reset your password at ${siteUrl}.`,
    '',
    `— ${siteName}`,
  ].join('\n');
  const html = htmlBody(siteName, [
    `Hello ${escapeHtml(to.name)},`,
    `The email address of your ${escapeHtml(siteName)} account was changed from ${escapeHtml(to.email)} to ${escapeHtml(newEmail)}.`,
    `If you did not make this change, contact your site's admin at once, or reset your password at <a href="${escapeHtml(siteUrl)}">${escapeHtml(siteUrl)}</a>.`,
  ]);
  return { to: to.email, subject: `Your ${siteName} email address was changed`, text, html };
}
