// The pre-publish check (product.md §16): what in a post would hurt readers or search, listed before it
// is published and never blocking. Pure rules over the editor's text; the body is parsed with the same
// markdown-it settings the Worker renders with, so a heading, image or link here is one on the page.
// The editor loads this module on demand (markdown-it stays out of every other chunk; decision 061).
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { SEO_DESCRIPTION_SHOWN, SEO_TITLE_SHOWN } from '../../../contracts/limits';
import { MARKDOWN_OPTIONS } from '../../../contracts/markdown-options';

/** A standalone page (the page editor): no excerpt and no cover, so only the body, title and description rules. */
export interface CheckedPage {
  title: string;
  body: string;
  seo: { title: string; description: string };
}

export interface CheckedPost extends CheckedPage {
  excerpt: string;
  cover: string;
  coverAlt: string;
  /** Decorative on purpose (decision 066): no alt text is asked for. */
  coverDecorative: boolean;
}

export type WarningId =
  | 'image-alt'
  | 'cover-alt'
  | 'heading-skip'
  | 'link-empty'
  | 'link-text'
  | 'link-missing'
  | 'summary-missing'
  | 'title-long'
  | 'description-long';

export interface PrePublishWarning {
  id: WarningId;
  message: string;
  hint: string;
}

/** A link in the body: where it goes and the words a reader sees for it. */
export interface BodyLink {
  href: string;
  text: string;
}

/** Link text that says nothing about where it goes (compared lower-cased, without end punctuation). */
export const VAGUE_LINK_TEXTS: ReadonlySet<string> = new Set(['click here', 'here', 'read more', 'more', 'this link', 'link']);

const markdown = new MarkdownIt({ ...MARKDOWN_OPTIONS });

interface BodyFacts {
  images: { src: string; alt: string }[];
  headings: number[];
  links: BodyLink[];
}

/** The text of inline tokens as a reader sees it; an image counts with its alt text. */
const plainText = (tokens: Token[]): string =>
  tokens.map((t) => (t.type === 'text' || t.type === 'code_inline' || t.type === 'image' ? t.content : '')).join('');

function inlineFacts(children: Token[], facts: BodyFacts): void {
  children.forEach((token, i) => {
    if (token.type === 'image') facts.images.push({ src: String(token.attrGet('src') ?? ''), alt: token.content });
    if (token.type !== 'link_open') return;
    const close = children.findIndex((t, j) => j > i && t.type === 'link_close' && t.level === token.level);
    facts.links.push({ href: String(token.attrGet('href') ?? ''), text: plainText(children.slice(i + 1, close === -1 ? undefined : close)) });
  });
}

export function bodyFacts(body: string): BodyFacts {
  const facts: BodyFacts = { images: [], headings: [], links: [] };
  for (const token of markdown.parse(body, {})) {
    if (token.type === 'heading_open') facts.headings.push(Number(token.tag.slice(1)));
    if (token.type === 'inline') inlineFacts(token.children ?? [], facts);
  }
  return facts;
}

const shorten = (s: string, max = 40): string => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

function imageWarnings(images: BodyFacts['images']): PrePublishWarning[] {
  return images
    .filter((image) => image.alt.trim() === '')
    .map((image) => ({
      id: 'image-alt',
      message: `An image has no alt text (${shorten(image.src || 'no address')}).`,
      hint: 'Write what it shows between the brackets: ![A red bicycle against a wall](…).',
    }));
}

function coverWarnings(post: CheckedPost): PrePublishWarning[] {
  if (post.cover.trim() === '' || post.coverDecorative || post.coverAlt.trim() !== '') return [];
  return [
    {
      id: 'cover-alt',
      message: 'The cover image has no alt text.',
      hint: 'Describe what it shows under “Alt text”, or tick “Decorative image (no alt text)” if it is only decoration.',
    },
  ];
}

/** The title is the page's h1, so the body's headings start at h2 and go down one level at a time. */
function headingWarnings(levels: number[]): PrePublishWarning[] {
  const warnings: PrePublishWarning[] = [];
  let previous = 1;
  for (const level of levels) {
    if (level > previous + 1) {
      warnings.push({
        id: 'heading-skip',
        message: `A heading skips from level ${previous} to level ${level}.`,
        hint: `Make it a level ${previous + 1} heading (${'#'.repeat(previous + 1)}); screen reader users move through a post by its headings.`,
      });
    }
    previous = level;
  }
  return warnings;
}

const normalizedLinkText = (text: string): string => text.trim().toLowerCase().replace(/[.!?:…»›→\s]+$/u, '').replace(/\s+/g, ' ');

function linkTextWarnings(links: BodyLink[]): PrePublishWarning[] {
  return links.flatMap((link): PrePublishWarning[] => {
    const text = normalizedLinkText(link.text);
    if (text === '' || link.href.trim() === '') {
      return [{ id: 'link-empty', message: `A link is empty (${text === '' ? 'no text' : `“${shorten(link.text)}” goes nowhere`}).`, hint: 'Give it words that say where it goes and an address, or remove it.' }];
    }
    if (VAGUE_LINK_TEXTS.has(text)) {
      return [{ id: 'link-text', message: `A link says only “${link.text.trim()}”.`, hint: 'Use words that say where it goes, e.g. “the 2025 reader survey”: screen readers list links by their text.' }];
    }
    return [];
  });
}

/** `excerpt` is null for a page, which has none: its description is the meta description alone. */
function summaryWarnings(doc: CheckedPage, excerpt: string | null): PrePublishWarning[] {
  const warnings: PrePublishWarning[] = [];
  const title = doc.seo.title.trim() || doc.title.trim();
  const description = doc.seo.description.trim() || (excerpt ?? '').trim();
  if (description === '') {
    warnings.push(
      excerpt === null
        ? {
            id: 'summary-missing',
            message: 'There is no meta description.',
            hint: 'Write one under “SEO and social”: search results and link previews show it instead of the first lines of the page.',
          }
        : {
            id: 'summary-missing',
            message: 'There is no excerpt or meta description.',
            hint: 'Write an excerpt (or a meta description under “SEO and social”): search results and link previews show it instead of the first lines of the body.',
          },
    );
  }
  if (title.length > SEO_TITLE_SHOWN) {
    warnings.push({
      id: 'title-long',
      message: `The title is ${title.length} characters; search results show about ${SEO_TITLE_SHOWN}.`,
      hint: 'Shorten it, or set a shorter meta title under “SEO and social”.',
    });
  }
  if (description.length > SEO_DESCRIPTION_SHOWN) {
    warnings.push({
      id: 'description-long',
      message: `The description is ${description.length} characters; search results show about ${SEO_DESCRIPTION_SHOWN}.`,
      hint: doc.seo.description.trim() || excerpt === null ? 'Shorten the meta description.' : 'Shorten the excerpt, or set a shorter meta description under “SEO and social”.',
    });
  }
  return warnings;
}

const isPost = (doc: CheckedPost | CheckedPage): doc is CheckedPost => 'cover' in doc;

/**
 * Every warning that needs no network: alt text, headings, link text, excerpt/description and lengths. A page
 * gets the same rules less those of what it does not have (cover, excerpt).
 */
export function prePublishWarnings(doc: CheckedPost | CheckedPage): PrePublishWarning[] {
  const facts = bodyFacts(doc.body);
  const post = isPost(doc) ? doc : null;
  return [
    ...(post ? coverWarnings(post) : []),
    ...imageWarnings(facts.images),
    ...headingWarnings(facts.headings),
    ...linkTextWarnings(facts.links),
    ...summaryWarnings(doc, post ? post.excerpt : null),
  ];
}
