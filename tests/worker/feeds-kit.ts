// The rules a feed must keep, as the tests check them: RSS 2.0 (the RSS Advisory Board's spec, what the W3C
// validator checks), Atom 1.0 (RFC 4287) and JSON Feed 1.1 (https://jsonfeed.org/version/1.1) as a zod schema.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { expect } from 'vitest';
import { z } from 'zod';

/** RFC 822 as RSS 2.0 dates it (four-digit year, as RFC 1123 and the validator want): `Wed, 02 Oct 2002 13:00:00 GMT`. */
export const RFC_822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|[+-]\d{4})$/;
/** RFC 3339 (Atom's and JSON Feed's dates): `2002-10-02T15:00:00Z` or with an offset. */
export const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const ALWAYS_LISTS = new Set(['rss.channel.item', 'rss.channel.item.category', 'rss.channel.atom:link', 'feed.link', 'feed.entry', 'feed.entry.link', 'feed.entry.category']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  parseTagValue: false,
  isArray: (_name, jpath) => ALWAYS_LISTS.has(String(jpath)),
});

type Node = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'object' && value !== null ? String((value as Node)['#text'] ?? '') : String(value ?? ''));
const list = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]) : []);

function parseXml(xml: string): Node {
  expect(XMLValidator.validate(xml), 'well-formed XML').toBe(true);
  return parser.parse(xml) as Node;
}

function expectUnique(values: string[], what: string): void {
  expect(new Set(values).size, `${what} are unique`).toBe(values.length);
}

export interface CheckedItem {
  link: string;
  title: string;
  content: string | null;
}

/** Checks an RSS 2.0 document against the spec's rules and answers its items; `selfUrl` is where it was asked for. */
export function checkRss(xml: string, selfUrl: string): { channel: Node; items: CheckedItem[] } {
  const rss = parseXml(xml).rss as Node;
  expect(rss['@version']).toBe('2.0');
  const channel = rss.channel as Node;
  for (const required of ['title', 'link', 'description']) expect(text(channel[required]), `channel <${required}>`).not.toBe('');
  expect(text(channel.lastBuildDate)).toMatch(RFC_822);
  const self = list(channel['atom:link']).filter((l) => l['@rel'] === 'self');
  expect(self.map((l) => l['@href'])).toEqual([selfUrl]);
  const items = list(channel.item);
  for (const item of items) {
    expect(text(item.title) || text(item.description), 'an item has a title or a description').not.toBe('');
    expect(text(item.pubDate)).toMatch(RFC_822);
    expect((item.guid as Node)['@isPermaLink']).toBe('true');
  }
  expectUnique(items.map((i) => text(i.guid)), 'guids');
  return { channel, items: items.map((i) => ({ link: text(i.link), title: text(i.title), content: i['content:encoded'] === undefined ? null : text(i['content:encoded']) })) };
}

/** Checks an Atom 1.0 document against RFC 4287's rules and answers its entries. */
export function checkAtom(xml: string, selfUrl: string): { feed: Node; items: CheckedItem[] } {
  const feed = parseXml(xml).feed as Node;
  expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
  expect(text(feed.id)).not.toBe('');
  expect(text(feed.title)).not.toBe('');
  expect(text(feed.updated)).toMatch(RFC_3339);
  const links = list(feed.link);
  expect(links.filter((l) => l['@rel'] === 'self').map((l) => l['@href'])).toEqual([selfUrl]);
  const entries = list(feed.entry);
  for (const entry of entries) {
    expect(text(entry.id)).not.toBe('');
    expect(text(entry.title)).not.toBe('');
    expect(text(entry.updated)).toMatch(RFC_3339);
    expect(text(entry.published)).toMatch(RFC_3339);
    // No feed-level author: every entry must carry one (RFC 4287 §4.1.1).
    expect(text((entry.author as Node | undefined)?.name)).not.toBe('');
    expect(list(entry.link).filter((l) => (l['@rel'] ?? 'alternate') === 'alternate')).toHaveLength(1);
    if (entry.content !== undefined) expect((entry.content as Node)['@type']).toBe('html');
  }
  expectUnique(entries.map((e) => text(e.id)), 'entry ids');
  const items = entries.map((e) => ({
    link: String(list(e.link)[0]?.['@href']),
    title: text(e.title),
    content: e.content === undefined ? null : text(e.content),
  }));
  return { feed, items };
}

const Rfc3339 = z.string().regex(RFC_3339, 'an RFC 3339 date');
const JsonFeedAuthor = z
  .strictObject({ name: z.string().optional(), url: z.url().optional(), avatar: z.url().optional() })
  .refine((a) => a.name !== undefined || a.url !== undefined || a.avatar !== undefined, 'an author has a name, url or avatar');
const JsonFeedItem = z
  .strictObject({
    id: z.string().min(1),
    url: z.url().optional(),
    external_url: z.url().optional(),
    title: z.string().optional(),
    content_html: z.string().optional(),
    content_text: z.string().optional(),
    summary: z.string().optional(),
    image: z.url().optional(),
    banner_image: z.url().optional(),
    date_published: Rfc3339.optional(),
    date_modified: Rfc3339.optional(),
    authors: z.array(JsonFeedAuthor).optional(),
    tags: z.array(z.string()).optional(),
    language: z.string().optional(),
  })
  .refine((i) => i.content_html !== undefined || i.content_text !== undefined, 'an item has content_html or content_text');
/** JSON Feed 1.1's top level and items, no key outside the spec (extensions would start with `_`; Byline has none). */
export const JsonFeedSchema = z.strictObject({
  version: z.literal('https://jsonfeed.org/version/1.1'),
  title: z.string().min(1),
  home_page_url: z.url().optional(),
  feed_url: z.url().optional(),
  description: z.string().optional(),
  user_comment: z.string().optional(),
  next_url: z.url().optional(),
  icon: z.url().optional(),
  favicon: z.url().optional(),
  authors: z.array(JsonFeedAuthor).optional(),
  language: z.string().optional(),
  expired: z.boolean().optional(),
  items: z.array(JsonFeedItem),
});
export type JsonFeed = z.infer<typeof JsonFeedSchema>;

/** Checks a JSON Feed 1.1 document against the schema (every item dated) and answers its items. */
export function checkJsonFeed(body: string, selfUrl: string): { feed: JsonFeed; items: CheckedItem[] } {
  const parsed = JsonFeedSchema.safeParse(JSON.parse(body));
  expect(parsed.error?.issues ?? [], 'JSON Feed 1.1 schema').toEqual([]);
  const feed = parsed.data!;
  expect(feed.feed_url).toBe(selfUrl);
  for (const item of feed.items) expect(item.date_published).toMatch(RFC_3339);
  expectUnique(feed.items.map((i) => i.id), 'item ids');
  return { feed, items: feed.items.map((i) => ({ link: i.url ?? '', title: i.title ?? '', content: i.content_html ?? null })) };
}

export const FEED_FILES = { rss: 'rss.xml', atom: 'atom.xml', json: 'feed.json' } as const;

/** Checks the feed document at `selfUrl` in its format. */
export function checkFeed(format: keyof typeof FEED_FILES, body: string, selfUrl: string): CheckedItem[] {
  if (format === 'rss') return checkRss(body, selfUrl).items;
  if (format === 'atom') return checkAtom(body, selfUrl).items;
  return checkJsonFeed(body, selfUrl).items;
}
