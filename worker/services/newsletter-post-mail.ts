// A post as a newsletter mail (decision 069): email-safe HTML (inline styles, every link and image absolute on
// SITE_URL), the Markdown body as its plain-text part, and RFC 8058's List-Unsubscribe headers with the
// subscriber's own signed link. The post's part is written once per batch; each subscriber adds only a link.
import { pathTo } from '../../contracts/routes';
import { escapeHtml } from '../lib/escape-html';
import type { Mail } from '../lib/mailer';
import type { SiteAddress } from '../lib/site-address';

export interface NewsletterPost {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  bodyHtml: string;
  authorName: string;
}

/** A URL attribute's value made absolute: a site path (`/…`, not `//…`) on SITE_URL; anything else as it is. */
const absolute = (site: SiteAddress, url: string): string => (url.startsWith('/') && !url.startsWith('//') ? site.link(url) : url);

/** href, src and srcset values of the post's HTML made absolute (the Worker's sanitised HTML quotes them with "). */
export function absoluteUrls(site: SiteAddress, html: string): string {
  return html
    .replace(/\b(href|src)="([^"]*)"/g, (_m, name: string, url: string) => `${name}="${absolute(site, url)}"`)
    .replace(/\bsrcset="([^"]*)"/g, (_m, set: string) => {
      const candidates = set.split(',').map((c) => {
        const [url = '', ...descriptor] = c.trim().split(/\s+/);
        return [absolute(site, url), ...descriptor].join(' ');
      });
      return `srcset="${candidates.join(', ')}"`;
    });
}

// Mail clients drop <style> blocks and the site's stylesheet: each element that needs a look carries it.
const INLINE_STYLES: Record<string, string> = {
  img: 'max-width:100%;height:auto',
  pre: 'white-space:pre-wrap;background:#f4f4f5;padding:12px;border-radius:6px;font-size:14px',
  code: 'font-family:ui-monospace,Menlo,Consolas,monospace',
  blockquote: 'margin:0 0 16px;padding-left:12px;border-left:3px solid #d4d4d8;color:#52525b',
  a: 'color:#2563eb',
  h2: 'font-size:20px;margin:24px 0 8px',
  h3: 'font-size:18px;margin:20px 0 8px',
  p: 'margin:0 0 16px',
};

export function inlineStyles(html: string): string {
  return html.replace(/<(img|pre|code|blockquote|a|h2|h3|p)\b/g, (_m, tag: string) => `<${tag} style="${INLINE_STYLES[tag]}"`);
}

/** What every subscriber's mail of one post shares: written once per batch. */
export interface PostMailParts {
  subject: string;
  postUrl: string;
  /** The HTML before and after the subscriber's own footer. */
  htmlHead: string;
  htmlTail: string;
  text: string;
}

export function postMailParts(site: SiteAddress, siteName: string, post: NewsletterPost): PostMailParts {
  const postUrl = site.link(pathTo('post', { slug: post.slug }));
  const htmlHead = `<!doctype html>
<html><body style="margin:0;padding:0;background:#ffffff">
<div style="max-width:600px;margin:0 auto;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.6;color:#18181b">
<p style="margin:0 0 8px;color:#71717a;font-size:14px">${escapeHtml(siteName)}</p>
<h1 style="font-size:26px;line-height:1.25;margin:0 0 8px"><a href="${escapeHtml(postUrl)}" style="color:#18181b;text-decoration:none">${escapeHtml(post.title)}</a></h1>
<p style="margin:0 0 24px;color:#71717a;font-size:14px">By ${escapeHtml(post.authorName)}</p>
${inlineStyles(absoluteUrls(site, post.bodyHtml))}
<p style="margin:24px 0 0"><a href="${escapeHtml(postUrl)}" style="color:#2563eb">Read it on ${escapeHtml(siteName)}</a></p>
`;
  const htmlTail = `
</div>
</body></html>`;
  const text = [post.title, `By ${post.authorName}`, post.body.trim(), `Read it on ${siteName}: ${postUrl}`].join('\n\n');
  return { subject: post.title, postUrl, htmlHead, htmlTail, text };
}

/** One subscriber's mail: the shared parts, their unsubscribe link in the footer, and the RFC 8058 headers. */
export function subscriberMail(site: SiteAddress, parts: PostMailParts, to: string, unsubscribeToken: string): Mail {
  const unsubscribeUrl = site.link(`${pathTo('unsubscribe')}?token=${encodeURIComponent(unsubscribeToken)}`);
  const footer = `<p style="margin:32px 0 0;padding-top:16px;border-top:1px solid #e4e4e7;color:#71717a;font-size:13px">You get this because you subscribed with ${escapeHtml(to)}. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#71717a">Unsubscribe</a></p>`;
  return {
    to,
    subject: parts.subject,
    html: parts.htmlHead + footer + parts.htmlTail,
    text: `${parts.text}\n\n—\nYou get this because you subscribed with ${to}. Unsubscribe: ${unsubscribeUrl}`,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
