// Markdown → safe HTML for readers (security.md): raw HTML is escaped, only http(s), mailto and relative
// links survive, images only from http(s) or our own /media/, every link is rel="nofollow ugc noopener".
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';

const LINK_REL = 'nofollow ugc noopener';
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The URL as a browser would read its scheme: percent-decoded, without whitespace or control characters. */
function browserView(url: string): string {
  let decoded = url;
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      break;
    }
  }
  // Browsers drop tabs and newlines anywhere in a URL and strip leading controls and spaces.
  return decoded.replace(/[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g, '').toLowerCase();
}

/** The scheme of an absolute URL, '' for a relative one, or null when the first segment is not a clean scheme. */
function schemeOf(url: string): string | null {
  const firstSegment = url.split(/[/?#]/, 1)[0] ?? '';
  const colon = firstSegment.indexOf(':');
  if (colon === -1) return '';
  const scheme = firstSegment.slice(0, colon);
  return /^[a-z][a-z0-9+.-]*$/.test(scheme) ? scheme : null;
}

/** Links: http, https, mailto, or relative (path, query, fragment, protocol-relative). Nothing else. */
export function isSafeLinkUrl(url: string): boolean {
  const raw = url.trim().toLowerCase();
  const rawScheme = schemeOf(raw);
  const seenScheme = schemeOf(browserView(url));
  if (rawScheme === null || seenScheme === null) return false;
  if (rawScheme !== '' && !ALLOWED_SCHEMES.has(rawScheme)) return false;
  if (seenScheme !== '' && !ALLOWED_SCHEMES.has(seenScheme)) return false;
  return true;
}

/** Images: absolute http(s) URLs, or uploads served from our own /media/. */
export function isSafeImageUrl(url: string): boolean {
  if (!isSafeLinkUrl(url)) return false;
  const u = url.trim().toLowerCase();
  return u.startsWith('https://') || u.startsWith('http://') || /^\/media\/[a-z0-9._-]+$/.test(u);
}

function createRenderer() {
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
  md.validateLink = isSafeLinkUrl;

  // With html:false these tokens never appear; if they ever did, they are shown as text, not markup.
  md.renderer.rules.html_block = (tokens, idx) => escapeHtml(tokens[idx]?.content ?? '');
  md.renderer.rules.html_inline = (tokens, idx) => escapeHtml(tokens[idx]?.content ?? '');

  md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
    const token = tokens[idx] as Token;
    token.attrSet('rel', LINK_REL);
    return self.renderToken(tokens, idx, options);
  };

  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx] as Token;
    const alt = self.renderInlineAsText(token.children ?? [], options, env);
    const src = String(token.attrGet('src') ?? '');
    if (!isSafeImageUrl(src)) return escapeHtml(alt); // an image we will not load reads as its alt text
    token.attrSet('alt', alt);
    token.attrSet('loading', 'lazy');
    token.attrSet('decoding', 'async');
    token.attrSet('referrerpolicy', 'no-referrer');
    return self.renderToken(tokens, idx, options);
  };
  return md;
}

// A parser configuration, the same for every request (no request state), so it may live in module scope.
const md = createRenderer();

/** The sanitized HTML of a Markdown body. */
export function renderMarkdown(source: string): string {
  return md.render(source);
}

function collectText(tokens: Token[], out: string[]): void {
  for (const t of tokens) {
    if (t.type === 'text' || t.type === 'code_inline') out.push(t.content);
    else if (t.type === 'code_block' || t.type === 'fence') out.push(t.content);
    else if (t.type === 'softbreak' || t.type === 'hardbreak') out.push(' ');
    else if (t.type === 'image') collectText(t.children ?? [], out);
    else if (t.type === 'inline') collectText(t.children ?? [], out);
    if (t.block && (t.nesting === -1 || t.type === 'fence' || t.type === 'code_block')) out.push(' ');
  }
}

/** The body's text without Markdown syntax, whitespace collapsed (for excerpts and reading time). */
export function plainText(source: string): string {
  const out: string[] = [];
  collectText(md.parse(source, {}), out);
  return out.join('').replace(/\s+/g, ' ').trim();
}

export const WORDS_PER_MINUTE = 220;
export const EXCERPT_LENGTH = 160;

export function readingMinutes(source: string): number {
  const text = plainText(source);
  const words = text === '' ? 0 : text.split(' ').length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** The first ~160 characters of the plain text, cut at a word boundary, with an ellipsis when cut. */
export function excerptFrom(source: string, length = EXCERPT_LENGTH): string {
  const text = plainText(source);
  if (text.length <= length) return text;
  const cut = text.slice(0, length + 1);
  const lastSpace = cut.lastIndexOf(' ');
  const head = (lastSpace > length * 0.6 ? cut.slice(0, lastSpace) : text.slice(0, length)).replace(/[\s.,;:!?-]+$/, '');
  return `${head}…`;
}
