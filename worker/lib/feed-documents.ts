// The three feed formats written from one channel and its items (services/feed-items.ts builds them):
// RSS 2.0, Atom 1.0 (RFC 4287) and JSON Feed 1.1. Every URL in them is already absolute (from SITE_URL).
import { FEED_MEDIA_TYPES, type FeedFormat } from '../../contracts/routes';
import { xmlEscape } from './xml-escape';

export interface FeedChannel {
  title: string;
  description: string;
  /** BCP 47, e.g. `en`. */
  language: string;
  /** The page the feed is the feed of. */
  pageUrl: string;
  /** The feed's own address. */
  selfUrl: string;
  /** The newest change of any item, or when the feed was asked for when it has none. */
  updated: Date;
}

export interface FeedItem {
  url: string;
  title: string;
  summary: string;
  /** The post's HTML when the site publishes full text; null for excerpts only. */
  contentHtml: string | null;
  published: Date;
  updated: Date;
  author: { name: string; url: string };
  categories: string[];
  image: string | null;
}

export interface FeedDocument {
  body: string;
  contentType: string;
}

const rfc822 = (d: Date): string => d.toUTCString();
const rfc3339 = (d: Date): string => d.toISOString();
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function rss(channel: FeedChannel, items: FeedItem[]): string {
  const entries = items.map(
    (item) =>
      '<item>' +
      `<title>${xmlEscape(item.title)}</title>` +
      `<link>${xmlEscape(item.url)}</link>` +
      `<guid isPermaLink="true">${xmlEscape(item.url)}</guid>` +
      `<pubDate>${rfc822(item.published)}</pubDate>` +
      `<dc:creator>${xmlEscape(item.author.name)}</dc:creator>` +
      item.categories.map((name) => `<category>${xmlEscape(name)}</category>`).join('') +
      `<description>${xmlEscape(item.summary)}</description>` +
      (item.contentHtml === null ? '' : `<content:encoded>${xmlEscape(item.contentHtml)}</content:encoded>`) +
      '</item>',
  );
  return (
    XML_HEAD +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">' +
    '<channel>' +
    `<title>${xmlEscape(channel.title)}</title>` +
    `<link>${xmlEscape(channel.pageUrl)}</link>` +
    `<description>${xmlEscape(channel.description)}</description>` +
    `<language>${xmlEscape(channel.language)}</language>` +
    `<lastBuildDate>${rfc822(channel.updated)}</lastBuildDate>` +
    `<atom:link href="${xmlEscape(channel.selfUrl)}" rel="self" type="application/rss+xml"/>` +
    entries.join('') +
    '</channel></rss>\n'
  );
}

function atom(channel: FeedChannel, items: FeedItem[]): string {
  const entries = items.map(
    (item) =>
      '<entry>' +
      `<id>${xmlEscape(item.url)}</id>` +
      `<title type="text">${xmlEscape(item.title)}</title>` +
      `<link rel="alternate" type="text/html" href="${xmlEscape(item.url)}"/>` +
      `<published>${rfc3339(item.published)}</published>` +
      `<updated>${rfc3339(item.updated)}</updated>` +
      `<author><name>${xmlEscape(item.author.name)}</name><uri>${xmlEscape(item.author.url)}</uri></author>` +
      item.categories.map((name) => `<category term="${xmlEscape(name)}"/>`).join('') +
      (item.summary ? `<summary type="text">${xmlEscape(item.summary)}</summary>` : '') +
      (item.contentHtml === null ? '' : `<content type="html">${xmlEscape(item.contentHtml)}</content>`) +
      '</entry>',
  );
  return (
    XML_HEAD +
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xmlEscape(channel.language)}">` +
    `<id>${xmlEscape(channel.pageUrl)}</id>` +
    `<title type="text">${xmlEscape(channel.title)}</title>` +
    `<subtitle type="text">${xmlEscape(channel.description)}</subtitle>` +
    `<updated>${rfc3339(channel.updated)}</updated>` +
    `<link rel="alternate" type="text/html" href="${xmlEscape(channel.pageUrl)}"/>` +
    `<link rel="self" type="application/atom+xml" href="${xmlEscape(channel.selfUrl)}"/>` +
    '<generator>Byline</generator>' +
    entries.join('') +
    '</feed>\n'
  );
}

function jsonFeed(channel: FeedChannel, items: FeedItem[]): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: channel.title,
    home_page_url: channel.pageUrl,
    feed_url: channel.selfUrl,
    description: channel.description,
    language: channel.language,
    items: items.map((item) => ({
      id: item.url,
      url: item.url,
      title: item.title,
      ...(item.contentHtml === null ? { content_text: item.summary } : { content_html: item.contentHtml }),
      summary: item.summary,
      ...(item.image ? { image: item.image } : {}),
      date_published: rfc3339(item.published),
      date_modified: rfc3339(item.updated),
      authors: [item.author],
      tags: item.categories,
    })),
  });
}

const WRITERS: Record<FeedFormat, (channel: FeedChannel, items: FeedItem[]) => string> = { rss, atom, json: jsonFeed };

/** The feed `channel` of `items` in `format`. */
export function feedDocument(format: FeedFormat, channel: FeedChannel, items: FeedItem[]): FeedDocument {
  return { body: WRITERS[format](channel, items), contentType: `${FEED_MEDIA_TYPES[format]}; charset=utf-8` };
}
