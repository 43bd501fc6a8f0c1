// What every feed holds, whatever its format: the channel of the site, a category, a tag or an author, and
// its latest visible published posts as items (full text by default). lib/feed-documents.ts writes them.
import { pathTo, routeOf, type PageRoute } from '../../contracts/routes';
import type { PostSummary } from '../../contracts/posts';
import type { Db } from '../env';
import type { FeedChannel, FeedItem } from '../lib/feed-documents';
import { MARKDOWN_RULES_VERSION, renderMarkdown } from '../lib/markdown';
import { absoluteOnSite, type SiteAddress } from '../lib/site-address';
import { findCategoryBySlug } from '../queries/categories';
import { listBodyHtml, listLatestPublished } from '../queries/posts';
import { findPublicUser } from '../queries/profile';
import { findTagBySlug } from '../queries/tags';

/** Items per feed. */
export const FEED_ITEMS = 20;

/** The pages a feed can be the feed of. */
export type FeedScope = 'home' | 'category' | 'tag' | 'author';

export interface FeedOptions {
  siteName: string;
  description: string;
  /** BCP 47 language of the site. */
  language: string;
  /** The post's whole HTML in each item (true, the default) or its excerpt only. */
  fullText: boolean;
}

/** What a scope's feed lists and is called: null when its param names nothing. */
interface ScopeFound {
  name: string | null;
  pagePath: string;
  filter: { categorySlug?: string; tagSlug?: string; authorUsername?: string };
}

/** The scope's param as the page's route rule accepts it (lower-cased, as the API looks slugs up), or null. */
function scopeParam(scope: Exclude<FeedScope, 'home'>, raw: string): string | null {
  const value = raw.toLowerCase();
  const rules = (routeOf(scope) as PageRoute).params ?? {};
  return Object.values(rules).every((rule) => rule(value)) ? value : null;
}

async function findScope(db: Db, scope: FeedScope, raw: string, now: number): Promise<ScopeFound | null> {
  if (scope === 'home') return { name: null, pagePath: pathTo('home'), filter: {} };
  const value = scopeParam(scope, raw);
  if (value === null) return null;
  if (scope === 'author') {
    const user = await findPublicUser(db, value);
    return user && { name: user.name, pagePath: pathTo('author', { username: user.username }), filter: { authorUsername: user.username } };
  }
  const found = await (scope === 'category' ? findCategoryBySlug : findTagBySlug)(db, value, now);
  if (!found) return null;
  const filter = scope === 'category' ? { categorySlug: found.slug } : { tagSlug: found.slug };
  return { name: found.name, pagePath: pathTo(scope, { slug: found.slug }), filter };
}

/** Each post's HTML as stored at write time; a row stored by older rules is rendered here (not stored: a read). */
async function bodiesOf(db: Db, posts: PostSummary[]): Promise<Map<string, string>> {
  const rows = await listBodyHtml(db, posts.map((p) => p.slug), MARKDOWN_RULES_VERSION);
  return new Map(rows.map((r) => [r.slug, r.bodyHtml ?? renderMarkdown(r.staleBody ?? '')]));
}

/**
 * A post's HTML with its site-relative links and images (`/media/…`, `/details/…`) made absolute on SITE_URL:
 * a feed is read away from the site, and RSS and JSON Feed have no base to resolve them against.
 */
const withAbsoluteLinks = (html: string, site: SiteAddress): string => html.replace(/(\s(?:href|src)=")\/(?!\/)/g, `$1${site.origin}/`);

function toFeedItem(site: SiteAddress, post: PostSummary, contentHtml: string | null): FeedItem {
  const url = site.link(pathTo('post', { slug: post.slug }));
  const published = new Date(post.publishedAt ?? post.createdAt);
  return {
    url,
    title: post.title,
    summary: post.excerpt,
    contentHtml: contentHtml === null ? null : withAbsoluteLinks(contentHtml, site),
    published,
    updated: new Date(Math.max(published.getTime(), Date.parse(post.updatedAt))),
    author: { name: post.author.name, url: site.link(pathTo('author', { username: post.author.username })) },
    categories: [post.category.name, ...post.tags.map((t) => t.name)],
    image: post.coverImage ? absoluteOnSite(post.coverImage, site) : null,
  };
}

/**
 * The feed of `scope` (its param `raw`, '' for the site's) at `selfPath`: its channel and latest items,
 * or null when the param names no category, tag or enabled author.
 */
export async function readFeed(
  db: Db,
  input: { scope: FeedScope; raw: string; selfPath: string; site: SiteAddress; now: number; options: FeedOptions },
): Promise<{ channel: FeedChannel; items: FeedItem[] } | null> {
  const { site, now, options } = input;
  const found = await findScope(db, input.scope, input.raw, now);
  if (!found) return null;
  const posts = await listLatestPublished(db, { now, limit: FEED_ITEMS, ...found.filter });
  const bodies = options.fullText ? await bodiesOf(db, posts) : null;
  const items = posts.map((p) => toFeedItem(site, p, bodies ? (bodies.get(p.slug) ?? '') : null));
  const newest = Math.max(0, ...items.map((i) => i.updated.getTime()));
  const channel: FeedChannel = {
    title: found.name === null ? options.siteName : `${found.name} — ${options.siteName}`,
    description: options.description,
    language: options.language,
    pageUrl: site.link(found.pagePath),
    selfUrl: site.link(input.selfPath),
    updated: new Date(newest || now),
  };
  return { channel, items };
}
