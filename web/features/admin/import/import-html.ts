// HTML of an imported post (WordPress block or classic HTML, Ghost's html) → clean Markdown, with turndown.
// In the browser turndown parses with the page's DOMParser; under Node (the CLI, tests) its package
// resolves to a build that uses @mixmark-io/domino, so no DOM of ours is needed (docs/decisions/024).
// Only the admin import page and scripts/import.ts import this module: it never reaches the Worker.
import TurndownService from 'turndown';
import { tables } from 'turndown-plugin-gfm';

// Block-level tags wpautop leaves alone: a chunk that starts with one is not wrapped in <p>.
const BLOCK_START =
  /^<\/?(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|blockquote|address|p|h[1-6]|hr|fieldset|section|article|aside|header|footer|nav|figure|figcaption|details|summary|iframe|video|audio)\b/i;

/**
 * WordPress's wpautop, simplified: classic-editor content stores paragraphs as blank lines and line
 * breaks as newlines, and WordPress adds <p> and <br> only when it shows the post.
 */
export function wpautop(text: string): string {
  const pres: string[] = [];
  const held = text.replace(/\r\n?/g, '\n').replace(/<pre[\s\S]*?<\/pre>/gi, (m) => `\u0000${pres.push(m) - 1}\u0000`);
  const html = held
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk !== '')
    .map((chunk) => (BLOCK_START.test(chunk) || chunk.startsWith('\u0000') ? chunk : `<p>${chunk.replace(/\n/g, '<br>\n')}</p>`))
    .join('\n');
  return html.replace(/\u0000(\d+)\u0000/g, (_, i: string) => pres[Number(i)]!);
}

/** Block content (Gutenberg) carries its own <p>s; classic content is wpautop'd first. */
export const isBlockContent = (html: string): boolean => /<!--\s*wp:/.test(html);

/** WordPress's [caption] shortcode around an image: the image and its caption as a figure. */
function captionShortcodes(html: string): string {
  return html.replace(/\[caption[^\]]*\]([\s\S]*?)\[\/caption\]/gi, (_, inner: string) => {
    const m = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(inner);
    return m ? `<figure>${m[1]}<figcaption>${m[2]!.trim()}</figcaption></figure>` : inner;
  });
}

/** A table without a heading row would be kept as raw HTML by the gfm plugin (which Markdown then escapes): its first row becomes the heading. */
function headTables(html: string): string {
  return html.replace(/<table\b[^>]*>([\s\S]*?)<\/table>/gi, (table: string) => {
    if (/<th\b|<thead\b/i.test(table)) return table;
    return table.replace(/<tr\b[^>]*>[\s\S]*?<\/tr>/i, (row) => row.replace(/<(\/?)td\b/gi, '<$1th'));
  });
}

const hasClass = (el: HTMLElement, name: string): boolean => (el.getAttribute('class') ?? '').split(/\s+/).includes(name);

/**
 * A link shown as a card (Ghost's bookmark card, in HTML or Lexical) as Markdown: the link named by its
 * title (else its address), and its description as the same paragraph's second line.
 */
export function bookmarkMarkdown(url: string, title: string, description: string): string {
  if (!/^https?:\/\/|^\//.test(url)) return escapeMarkdown([title, description].filter(Boolean).join(' — '));
  const link = `[${escapeMarkdown(title || url)}](${url.replace(/[()\s]/g, encodeURIComponent)})`;
  return description ? `**${link}**\\\n${escapeMarkdown(description)}` : `**${link}**`;
}

let service: TurndownService | null = null;

function turndown(): TurndownService {
  if (service) return service;
  const td = new TurndownService({
    headingStyle: 'atx',
    hr: '---',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    emDelimiter: '_',
    strongDelimiter: '**',
    linkStyle: 'inlined',
    br: '\\',
  });
  td.use(tables);
  // A table without a single row (`<table></table>`, only a caption or colgroup): its caption's text,
  // if any. The gfm plugin reads the first row of every table and throws on these.
  td.addRule('rowlessTable', {
    filter: (node) => node.nodeName === 'TABLE' && !(node as HTMLTableElement).rows?.[0],
    replacement: (content) => (content.trim() ? `\n\n${content.trim()}\n\n` : ''),
  });
  td.remove(['script', 'style', 'noscript', 'form', 'button', 'input', 'select', 'textarea']);
  td.addRule('strikethrough', { filter: (node) => ['DEL', 'S', 'STRIKE'].includes(node.nodeName), replacement: (content) => `~~${content}~~` });
  // <pre> without <code> (wp:preformatted, wp:verse, classic pre): its text as a fenced block.
  td.addRule('plainPre', {
    filter: (node) => node.nodeName === 'PRE' && !(node.firstChild && node.firstChild.nodeName === 'CODE'),
    replacement: (_content, node) => `\n\n\`\`\`\n${(node.textContent ?? '').replace(/\n$/, '')}\n\`\`\`\n\n`,
  });
  // Captions under images and tables read as an italic line.
  td.addRule('figcaption', {
    filter: 'figcaption',
    replacement: (content) => (content.trim() ? `\n\n_${content.trim()}_\n\n` : ''),
  });
  // A quote's <cite> (wp:quote, wp:pullquote) as its last line.
  td.addRule('cite', { filter: 'cite', replacement: (content) => (content.trim() ? `\n\n— ${content.trim()}` : '') });
  // Ghost's bookmark card (a preview box of a link): the link with its title, then its description.
  td.addRule('ghostBookmark', {
    filter: (node) => node.nodeName === 'A' && hasClass(node as HTMLElement, 'kg-bookmark-container'),
    replacement: (_content, node) => {
      const el = node as HTMLElement;
      const part = (name: string) => (el.querySelector(`.${name}`)?.textContent ?? '').replace(/\s+/g, ' ').trim();
      return `\n\n${bookmarkMarkdown(el.getAttribute('href') ?? '', part('kg-bookmark-title'), part('kg-bookmark-description'))}\n\n`;
    },
  });
  // Embeds and media players become links to what they play; Markdown has no raw HTML.
  td.addRule('embeds', {
    filter: ['iframe', 'video', 'audio'],
    replacement: (_content, node) => {
      const el = node as HTMLElement;
      const src = el.getAttribute('src') ?? el.querySelector('source')?.getAttribute('src') ?? '';
      return /^https?:\/\//.test(src) ? `\n\n[${src}](${src})\n\n` : '';
    },
  });
  service = td;
  return td;
}

/** Post HTML → Markdown with no HTML left (no block comments, no tags). Throws where turndown does. */
export function htmlToMarkdown(html: string, opts: { classic?: boolean } = {}): string {
  if (html.trim() === '') return '';
  let source = html.replace(/<!--[\s\S]*?-->/g, '');
  if (opts.classic) source = wpautop(captionShortcodes(source));
  source = headTables(source);
  return turndown()
    .turndown(source)
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Text as Markdown shows it literally (turndown's escaping of *, _, #, [, …). */
export const escapeMarkdown = (text: string): string => turndown().escape(text);

/** The text of post HTML as Markdown paragraphs, without a DOM: what is left when conversion fails. */
function htmlToParagraphs(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>|<\/(?:p|div|h[1-6]|li|tr|blockquote|pre|figure|figcaption|table|caption|ul|ol|section|article)\s*>/gi, '\n\n')
    .replace(/<[^>]*>/g, ' ');
  return decodeEntities(text)
    .split(/\n\s*\n/)
    .map((paragraph) => escapeMarkdown(paragraph.replace(/\s+/g, ' ').trim()))
    .filter((paragraph) => paragraph !== '')
    .join('\n\n');
}

/**
 * A post's HTML → Markdown, never throwing: when the converter fails on it (turndown and its gfm plugin
 * throw on some markup, and a deeply nested page overflows the stack), its text in paragraphs, and why,
 * for the report. One post's markup never stops an import.
 */
export function convertPostHtml(html: string, opts: { classic?: boolean } = {}): { markdown: string; failure: string | null } {
  try {
    return { markdown: htmlToMarkdown(html, opts), failure: null };
  } catch (err) {
    const source = opts.classic ? wpautop(html) : html;
    return { markdown: htmlToParagraphs(source), failure: err instanceof Error ? err.message : String(err) };
  }
}

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', hellip: '…', mdash: '—', ndash: '–',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»', copy: '©', reg: '®', trade: '™',
};

/** Character references in text: numeric ones and the common named ones. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** HTML (an excerpt, a title) → one line of plain text. */
export function htmlToText(html: string): string {
  return decodeEntities(html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}
