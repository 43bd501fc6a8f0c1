// The social card's picture (product.md §16): a 1200×630 SVG with the title, the author and the site's name,
// logo and accent, which routes/social-cards.ts has the Images binding rasterise to PNG (decision 065).
// Text is wrapped by a character budget: the rasteriser knows the font, we do not, so lines stay well short.
import { opaqueHex, textShade } from '../../contracts/accent';
import { escapeHtml } from './escape-html';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** The most title lines drawn; a longer title ends with an ellipsis on the last. */
const TITLE_LINES = 4;
/** Characters per title line at 64 px: about 0.55 em each on average, inside the card's 1040 px of text width. */
const TITLE_LINE_CHARS = 28;
const LINE_HEIGHT = 78;

export interface CardContent {
  title: string;
  /** The author's name, or null for a standalone page. */
  author: string | null;
  siteTitle: string;
  /** The site's accent colour (settings), a CSS hex colour. */
  accent: string;
  /** The logo as a data: URL, or null when the site has none. */
  logo: string | null;
}

/** `text` split into lines of at most `width` characters at spaces; at most `max` lines, the last ending in … when cut. */
export function wrapText(text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.trim().split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word.length > width ? `${word.slice(0, width - 1)}…` : word);
  }
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${kept[max - 1]!.slice(0, width - 1)}…`;
  return kept;
}

const text = (x: number, y: number, size: number, weight: number, fill: string, content: string): string =>
  `<text x="${x}" y="${y}" font-family="sans-serif" font-size="${size}" font-weight="${weight}" fill="${escapeHtml(fill)}">${escapeHtml(content)}</text>`;

export function socialCardSvg(card: CardContent): string {
  const titleLines = wrapText(card.title, TITLE_LINE_CHARS, TITLE_LINES);
  const titleTop = 330 - ((titleLines.length - 1) * LINE_HEIGHT) / 2;
  const siteX = card.logo ? 168 : 80;
  // The bands show the accent as picked; the site's name uses its light theme's text shade, readable on the card.
  const band = opaqueHex(card.accent);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#fbfaf8"/>`,
    `<rect width="${CARD_WIDTH}" height="16" fill="${band}"/>`,
    `<rect x="0" y="${CARD_HEIGHT - 16}" width="${CARD_WIDTH}" height="16" fill="${band}"/>`,
    card.logo ? `<image x="80" y="58" width="64" height="64" href="${escapeHtml(card.logo)}" preserveAspectRatio="xMidYMid meet"/>` : '',
    text(siteX, 102, 34, 700, textShade(card.accent, 'light'), card.siteTitle),
    ...titleLines.map((line, i) => text(80, titleTop + i * LINE_HEIGHT, 64, 700, '#1a1a1a', line)),
    card.author ? text(80, 560, 34, 400, '#4a4a4a', card.author) : '',
    '</svg>',
  ].join('');
}
