// What every feed holds, whatever its format: the channel of the site, a category, a tag or an author, and
// its latest visible published posts as items (full text by default). lib/feed-documents.ts writes them.
import { pathTo, routeOf, type PageRoute } from '../../contracts/routes';
import type { PostSummary } from '../../contracts/posts';
import type { Db } from '../env';
import type { FeedChannel, FeedItem } from '../lib/feed-documents';
import { MARKDOWN_RULES_VERSION } from '../lib/markdown';
import { absoluteOnSite, type SiteAddress } from '../lib/site-address';
import { findCategoryBySlug } from '../queries/categories';
import { listBodyHtml, listLatestPublished } from '../queries/posts';
import { findPublicUser } from '../queries/profile';
import { findTagBySlug } from '../queries/tags';
import { bodyHtmlOf } from './body-html';
import { readAdminSettings } from './settings';

/** Items per feed. */
export const FEED_ITEMS = 20;

/** The pages a feed can be the feed of. */
export type FeedScope = 'home' | 'category' | 'tag' | 'author';

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

/** What the feed of `scope` lists when its param is `value`: the filter a found scope has (findScope). */
function filterOf(scope: FeedScope, value: string): ScopeFound['filter'] {
  if (scope === 'category') return { categorySlug: value };
  if (scope === 'tag') return { tagSlug: value };
  return scope === 'author' ? { authorUsername: value } : {};
}

const sameFilter = (a: ScopeFound['filter'], b: ScopeFound['filter']): boolean =>
  a.categorySlug === b.categorySlug && a.tagSlug === b.tagSlug && a.authorUsername === b.authorUsername;

/** The scope `value` (a param its route rule accepts) names, or null. */
async function findScope(db: Db, scope: FeedScope, value: string, now: number): Promise<ScopeFound | null> {
  if (scope === 'home') return { name: null, pagePath: pathTo('home'), filter: {} };
  if (scope === 'author') {
    const user = await findPublicUser(db, value);
    return user && { name: user.name, pagePath: pathTo('author', { username: user.username }), filter: { authorUsername: user.username } };
  }
  const found = await (scope === 'category' ? findCategoryBySlug : findTagBySlug)(db, value, now);
  if (!found) return null;
  return { name: found.name, pagePath: pathTo(scope, { slug: found.slug }), filter: filterOf(scope, found.slug) };
}

/** Each post's HTML as stored at write time; a row stored by older rules is rendered and stored once (services/body-html.ts). */
async function bodiesOf(db: Db, posts: PostSummary[]): Promise<Map<string, string>> {
  const rows = await listBodyHtml(db, posts.map((p) => p.slug), MARKDOWN_RULES_VERSION);
  return new Map(await Promise.all(rows.map(async (r) => [r.slug, await bodyHtmlOf(db, r)] as const)));
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
  input: { scope: FeedScope; raw: string; selfPath: string; site: SiteAddress; now: number },
): Promise<{ channel: FeedChannel; items: FeedItem[] } | null> {
  const { site, now } = input;
  const value = input.scope === 'home' ? '' : scopeParam(input.scope, input.raw);
  if (value === null) return null;
  // The settings (the channel's title, language, full text or excerpts: product.md §14), the scope and its latest
  // posts by the param itself are asked together: on a render's db (db/coalesced-reads.ts) one round trip. A
  // scope found under another slug than the param's lists its own.
  const guess = filterOf(input.scope, value);
  const [settings, found, guessed] = await Promise.all([
    readAdminSettings({ db }),
    findScope(db, input.scope, value, now),
    listLatestPublished(db, { now, limit: FEED_ITEMS, ...guess }),
  ]);
  if (!found) return null;
  const posts = sameFilter(found.filter, guess) ? guessed : await listLatestPublished(db, { now, limit: FEED_ITEMS, ...found.filter });
  const bodies = settings.feedFullText ? await bodiesOf(db, posts) : null;
  const items = posts.map((p) => toFeedItem(site, p, bodies ? (bodies.get(p.slug) ?? '') : null));
  const newest = Math.max(0, ...items.map((i) => i.updated.getTime()));
  const channel: FeedChannel = {
    title: found.name === null ? settings.title : `${found.name} — ${settings.title}`,
    description: settings.description,
    language: settings.language,
    pageUrl: site.link(found.pagePath),
    selfUrl: site.link(input.selfPath),
    updated: new Date(newest || now),
  };
  return { channel, items };
}
