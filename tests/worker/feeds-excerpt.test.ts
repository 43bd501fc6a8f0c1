// A site that publishes excerpts only (feedFullText off, product.md §14): each format stays valid and carries
// the excerpt, never the post's HTML. Written by lib/feed-documents.ts, the one writer of every feed.
import { describe, expect, it } from 'vitest';
import { feedDocument, type FeedChannel, type FeedItem } from '../../worker/lib/feed-documents';
import { checkFeed } from './feeds-kit';

const SITE = 'https://blog.example.com';
const channel: FeedChannel = {
  title: 'Tom & Jerry’s <blog>',
  description: 'Stories',
  language: 'en',
  pageUrl: `${SITE}/`,
  selfUrl: `${SITE}/feed`,
  updated: new Date(Date.UTC(2026, 2, 3, 9)),
};
const item = (n: number, contentHtml: string | null): FeedItem => ({
  url: `${SITE}/details/post-${n}`,
  title: `Post ${n} & <friends>`,
  summary: `Excerpt ${n} with <b> & "quotes"\u0007`,
  contentHtml,
  published: new Date(Date.UTC(2026, 2, n)),
  updated: new Date(Date.UTC(2026, 2, n, 1)),
  author: { name: 'Ann', url: `${SITE}/author/ann` },
  categories: ['Tips & Tricks'],
  image: null,
});

describe('feeds in excerpt mode and full-text mode', () => {
  it('excerpt mode: valid RSS, Atom and JSON Feed with the excerpt and no post HTML', () => {
    for (const format of ['rss', 'atom', 'json'] as const) {
      const doc = feedDocument(format, channel, [item(2, null), item(1, null)]);
      const items = checkFeed(format, doc.body, `${SITE}/feed`);
      expect(items.map((i) => i.content), format).toEqual([null, null]);
      expect(doc.body, format).toContain('Excerpt 2 with');
      expect(doc.body, format).not.toContain('content:encoded');
      expect(doc.body, format).not.toContain('content_html');
      expect(doc.body, format).not.toContain('<content');
    }
    expect(JSON.parse(feedDocument('json', channel, [item(1, null)]).body).items[0].content_text).toBe('Excerpt 1 with <b> & "quotes"\u0007');
  });

  it('full-text mode: the post HTML escaped once in content:encoded, content type="html" and content_html', () => {
    const html = '<p>A <a href="https://x.test/?a=1&amp;b=2">link</a></p>';
    for (const format of ['rss', 'atom', 'json'] as const) {
      const [first] = checkFeed(format, feedDocument(format, channel, [item(1, html)]).body, `${SITE}/feed`);
      expect(first!.content, format).toBe(html);
    }
  });
});
