// Markdown → safe HTML for readers: raw HTML is escaped, only http(s), mailto and relative
// links survive, images only from http(s) or our own /media/, every link is rel="nofollow ugc noopener".
import MarkdownIt from 'markdown-it';
import type { StateInline, Token } from 'markdown-it';
import { EXCERPT_MAX } from '../../contracts/limits';
import { MARKDOWN_OPTIONS } from '../../contracts/markdown-options';
import { countWords, readingMinutesFor } from '../../contracts/reading-time';
import { escapeHtml } from './escape-html';
import { IMAGE_SIZES, imageAttrPairs, imageAttrs, storedMediaKey } from '../../contracts/responsive-images';

const LINK_REL = 'nofollow ugc noopener';
/** What readers' comments link with (product.md §18): user-generated, not endorsed. */
const COMMENT_LINK_REL = 'ugc nofollow noopener';
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);

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

/**
 * The version of the rules below. Post HTML is stored at write time (docs/decisions/007); a stored
 * body_html rendered by another version is rendered again on its next read. Bump it with any change
 * to what createRenderer() produces.
 */
export const MARKDOWN_RULES_VERSION = 1;

export { MAX_NESTING } from '../../contracts/markdown-options';

/**
 * Work allowed for finding the `]` of link and image labels in one paragraph, in characters scanned per
 * character of the paragraph. An unclosed `[` makes markdown-it scan to the end of the paragraph, so a
 * 100 KB run of `[` (or `![`) is quadratic; past the budget a `[` is plain text. Real links scan their
 * label once, far below it.
 */
const LINK_LABEL_WORK_PER_CHAR = 8;

/** Caps the total label scanning per inline state (one paragraph, heading or cell) at a linear budget. */
function boundLinkLabels(md: InstanceType<typeof MarkdownIt>): void {
  const parseLinkLabel = md.helpers.parseLinkLabel;
  const spent = new WeakMap<object, number>();
  md.helpers.parseLinkLabel = (state: StateInline, start: number, disableNested?: boolean) => {
    const used = spent.get(state) ?? 0;
    if (used > LINK_LABEL_WORK_PER_CHAR * (state.posMax + 64)) return -1;
    const end = parseLinkLabel(state, start, disableNested);
    spent.set(state, used + ((end === -1 ? state.posMax : end) - start));
    return end;
  };
}

/**
 * A post's body, or a reader's comment: a subset without images, headings, tables or rules (an image reads as
 * its alt text, the rest as the text it is written with).
 */
type Flavor = 'post' | 'comment';

/** The one place where the renderer's rules are set: options, link policy, and each overridden rule. */
function createRenderer(flavor: Flavor) {
  const md = new MarkdownIt({ ...MARKDOWN_OPTIONS });
  md.validateLink = isSafeLinkUrl;
  boundLinkLabels(md);
  if (flavor === 'comment') md.disable(['heading', 'lheading', 'table', 'hr']);
  const linkRel = flavor === 'comment' ? COMMENT_LINK_REL : LINK_REL;

  // With html:false these tokens never appear; if they ever did, they are shown as text, not markup.
  md.renderer.rules.html_block = (tokens, idx) => escapeHtml(tokens[idx]?.content ?? '');
  md.renderer.rules.html_inline = (tokens, idx) => escapeHtml(tokens[idx]?.content ?? '');

  md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
    const token = tokens[idx] as Token;
    token.attrSet('rel', linkRel);
    return self.renderToken(tokens, idx, options);
  };

  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx] as Token;
    const alt = self.renderInlineAsText(token.children ?? [], options, env);
    const src = String(token.attrGet('src') ?? '');
    // An image we will not load (any, in a comment) reads as its alt text.
    if (flavor === 'comment' || !isSafeImageUrl(src)) return escapeHtml(alt);
    token.attrSet('alt', alt);
    const size = (env as MarkdownEnv).images?.get(storedMediaKey(src));
    const attrs = imageAttrs({ src, width: size?.width ?? null, height: size?.height ?? null, sizes: IMAGE_SIZES.article });
    for (const [name, value] of imageAttrPairs(attrs)) token.attrSet(name, String(value));
    token.attrSet('referrerpolicy', 'no-referrer');
    return self.renderToken(tokens, idx, options);
  };
  return md;
}

// A parser configuration, the same for every request (no request state), so it may live in module scope.
const md = createRenderer('post');
const commentMd = createRenderer('comment');

/** A reader's comment as inert HTML (decision 068): the post rules without images, headings, tables or rules. */
export const renderCommentMarkdown = (source: string): string => commentMd.render(source, {});

let parses = 0;
/** How many Markdown bodies have been parsed in this isolate: for tests that count parses per write. */
export const markdownParseCount = (): number => parses;

/**
 * One parse of a body, from which every field derived from it is read: its HTML, its plain text and, through
 * excerptFrom and readingMinutes, its excerpt and reading time. A write parses its body once (decision 039).
 */
export interface ParsedMarkdown {
  /** The sanitized HTML, rendered from the parse on first read (a body read only for its text is never rendered). */
  readonly html: string;
  /** The text without Markdown syntax, whitespace collapsed. */
  readonly plainText: string;
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

/** The stored images' dimensions by media key, for their width/height/srcset (decision 064). */
export type BodyImageSizes = ReadonlyMap<string, { width: number; height: number }>;
interface MarkdownEnv {
  images?: BodyImageSizes;
  [other: string | symbol]: unknown;
}

export function parseMarkdown(source: string, images?: BodyImageSizes): ParsedMarkdown {
  parses++;
  const env: MarkdownEnv = { images };
  const tokens = md.parse(source, env);
  // The text is read before rendering: the renderer's rules set attributes on the tokens it renders.
  const out: string[] = [];
  collectText(tokens, out);
  const plainText = out.join('').replace(/\s+/g, ' ').trim();
  let html: string | undefined;
  return {
    plainText,
    get html() {
      html ??= md.renderer.render(tokens, md.options, env);
      return html;
    },
  };
}

const parsed = (body: string | ParsedMarkdown): ParsedMarkdown => (typeof body === 'string' ? parseMarkdown(body) : body);

/** The sanitized HTML of a Markdown body. */
export function renderMarkdown(source: string, images?: BodyImageSizes): string {
  return parseMarkdown(source, images).html;
}

/** The body's text without Markdown syntax, whitespace collapsed (for excerpts and reading time). */
export function plainText(source: string): string {
  return parseMarkdown(source).plainText;
}

const EXCERPT_LENGTH = 160;

export function readingMinutes(body: string | ParsedMarkdown): number {
  return readingMinutesFor(countWords(parsed(body).plainText));
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The first `count` user-perceived characters of `text` within `maxUnits` UTF-16 units (never half an
 * emoji or a letter without its marks).
 */
function firstGraphemes(text: string, count: number, maxUnits: number): { head: string; cut: boolean } {
  let end = 0;
  let n = 0;
  // Only the first maxUnits + 1 units can matter: a boundary depends on what precedes it, and a segment
  // reaching past maxUnits is never taken. Segmenting a whole 100 KB body cost tens of milliseconds.
  for (const { segment } of graphemes.segment(text.slice(0, maxUnits + 1))) {
    if (n === count || end + segment.length > maxUnits) return { head: text.slice(0, end), cut: true };
    end += segment.length;
    n++;
  }
  return { head: text, cut: false };
}

/**
 * The first ~160 characters of the plain text — counted as graphemes, so a cut never splits a surrogate
 * pair (which D1 would store as U+FFFD) or an emoji sequence — cut at a word boundary when one is near,
 * with an ellipsis when cut.
 */
export function excerptFrom(body: string | ParsedMarkdown, length = EXCERPT_LENGTH): string {
  const text = parsed(body).plainText;
  // Within the excerpt's own limit too, so an excerpt made here is always one an author may send back.
  const { head, cut } = firstGraphemes(text, length, EXCERPT_MAX - 1);
  if (!cut) return text;
  const lastSpace = text.charAt(head.length) === ' ' ? head.length : head.lastIndexOf(' ');
  const atWord = lastSpace > head.length * 0.6 ? head.slice(0, lastSpace) : head;
  return `${atWord.replace(/[\s.,;:!?-]+$/u, '')}…`;
}
