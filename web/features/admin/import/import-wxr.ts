// WordPress WXR 1.2 (Tools → Export) → an ImportPlan. fast-xml-parser reads the XML in the browser and
// under Node alike (no DOMParser needed); bodies go through import-html.ts.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { OLD_SLUGS_MAX, type ImportPost } from '../../../../contracts/import';
import { BODY_MAX, EXCERPT_MAX, TAGS_MAX, TITLE_MAX } from '../../../../contracts/limits';
import { convertPostHtml, decodeEntities, htmlToText, isBlockContent } from './import-html';
import { addSourcePage } from './import-source-pages';
import {
  addOldAddress,
  categoryName,
  coverAltText,
  cut,
  emptyPlan,
  ImportFileError,
  leaveOutUnused,
  permalinkPath,
  tagName,
  toSlug,
  toIso,
  toUsername,
  type ImportPlan,
} from './import-plan';

type Node = Record<string, unknown>;

const ARRAYS = new Set(['item', 'wp:author', 'wp:category', 'wp:tag', 'category', 'wp:postmeta']);

/** The text of an element (plain, CDATA, or `#text` beside attributes). */
function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === 'object') return text((value as Node)['#text']);
  return '';
}

const list = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]) : value ? [value as Node] : []);

/** A post's `_wp_old_slug` values as Byline slugs, without its own slug and repeats, at most OLD_SLUGS_MAX. */
function oldSlugsOf(item: Node, slug: string): string[] {
  const olds = list(item['wp:postmeta'])
    .filter((m) => text(m['wp:meta_key']) === '_wp_old_slug')
    .map((m) => toSlug(text(m['wp:meta_value'])))
    .filter((old) => old !== '' && old !== slug);
  return [...new Set(olds)].slice(0, OLD_SLUGS_MAX);
}

/** Does this look like a WXR file at all (before the strict parse)? */
export const looksLikeWxr = (xml: string): boolean => /<rss[\s>]/.test(xml.slice(0, 4096)) && xml.includes('wordpress.org/export/');

/** Whether a DOCTYPE comes before the root element (after the XML declaration, comments, processing instructions). */
export function declaresDoctype(xml: string): boolean {
  let rest = xml;
  for (;;) {
    rest = rest.trimStart();
    const close = rest.startsWith('<?') ? '?>' : rest.startsWith('<!--') ? '-->' : null;
    if (!close) return /^<!DOCTYPE/i.test(rest);
    const end = rest.indexOf(close);
    if (end < 0) return false;
    rest = rest.slice(end + close.length);
  }
}

export const DOCTYPE_REFUSED =
  'Refused: this XML file declares a DOCTYPE. WordPress exports have none, and a DOCTYPE can define entities that read other files or expand without end, so such a file is not read.';

export function parseWxr(xml: string): ImportPlan {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new ImportFileError(`The WordPress export is not complete XML (line ${valid.err.line}: ${valid.err.msg}). Export it again and import the whole file.`);
  }
  let doc: Node;
  try {
    doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      parseTagValue: false,
      parseAttributeValue: false,
      trimValues: false,
      isArray: (name) => ARRAYS.has(name),
    }).parse(xml) as Node;
  } catch (err) {
    throw new ImportFileError(`The WordPress export could not be read: ${err instanceof Error ? err.message : String(err)}.`);
  }
  const channel = (doc.rss as Node | undefined)?.channel as Node | undefined;
  if (!channel || !text(channel['wp:wxr_version'])) {
    throw new ImportFileError('This XML file is not a WordPress export (WXR): it has no rss/channel with wp:wxr_version.');
  }

  const plan = emptyPlan('wordpress');
  const usernames = new Map<string, string>(); // author_login → username
  for (const a of list(channel['wp:author'])) {
    const login = text(a['wp:author_login']).trim();
    if (!login) continue;
    const display = decodeEntities(text(a['wp:author_display_name'])).trim();
    const full = `${decodeEntities(text(a['wp:author_first_name']))} ${decodeEntities(text(a['wp:author_last_name']))}`.trim();
    const username = toUsername(login, display, full, text(a['wp:author_email']).split('@')[0] ?? '');
    usernames.set(login, username);
    plan.users.push({ username, name: cut(display || full || login, 80), email: text(a['wp:author_email']).trim() || `${username}@import.invalid` });
    if (!text(a['wp:author_email']).trim()) plan.warnings.push(`Author ${login} has no email address; they were given ${username}@import.invalid`);
  }

  const categories = new Map<string, { name: string; description: string }>();
  for (const c of list(channel['wp:category'])) {
    const slug = toSlug(text(c['wp:category_nicename']) || decodeEntities(text(c['wp:cat_name'])));
    if (!slug) continue;
    categories.set(slug, { name: categoryName(decodeEntities(text(c['wp:cat_name'])) || slug), description: cut(htmlToText(text(c['wp:category_description'])), 300) });
  }
  const tags = new Map<string, string>();
  for (const t of list(channel['wp:tag'])) {
    const slug = toSlug(text(t['wp:tag_slug']) || decodeEntities(text(t['wp:tag_name'])));
    if (slug) tags.set(slug, tagName(decodeEntities(text(t['wp:tag_name'])) || slug));
  }

  const items = list(channel.item);
  // Attachments: a post's cover is the attachment its _thumbnail_id names, its alt text that attachment's.
  const attachments = new Map<string, { url: string; alt: string }>();
  for (const item of items) {
    if (text(item['wp:post_type']) !== 'attachment') continue;
    const alt = list(item['wp:postmeta']).find((m) => text(m['wp:meta_key']) === '_wp_attachment_image_alt');
    attachments.set(text(item['wp:post_id']), { url: text(item['wp:attachment_url']).trim(), alt: coverAltText(decodeEntities(text(alt?.['wp:meta_value']))) });
  }

  const sticky: { slug: string; at: string }[] = [];
  const otherTypes = new Map<string, number>();
  const slugs = new Set<string>();
  for (const item of items) {
    const type = text(item['wp:post_type']) || 'post';
    const id = text(item['wp:post_id']);
    const title = decodeEntities(text(item.title)).replace(/\s+/g, ' ').trim();
    if (type !== 'post' && type !== 'page') {
      otherTypes.set(type, (otherTypes.get(type) ?? 0) + 1);
      continue;
    }
    const wpStatus = text(item['wp:status']);
    const label = title || `${type} ${id}`;
    if (wpStatus === 'trash' || wpStatus === 'auto-draft' || wpStatus === 'inherit') {
      plan.skipped.push({ kind: type, key: label, why: wpStatus === 'trash' ? 'In the WordPress trash' : `WordPress status "${wpStatus}"` });
      continue;
    }
    const status = wpStatus === 'publish' || wpStatus === 'future' ? 'published' : 'draft';
    if (wpStatus === 'private' || wpStatus === 'pending') plan.warnings.push(`“${label}” was ${wpStatus} in WordPress; imported as a draft`);

    const raw = text(item['content:encoded']);
    const { markdown: body, failure } = convertPostHtml(raw, { classic: !isBlockContent(raw) });
    if (failure) plan.warnings.push(`“${label}”: its HTML could not be converted to Markdown (${failure}); its text was imported`);
    if (type === 'page') {
      const date = toIso(text(item['wp:post_date_gmt']));
      const modified = toIso(text(item['wp:post_modified_gmt']));
      addSourcePage(plan, {
        sourceId: `wordpress:${id}`,
        title,
        body,
        status,
        slug: toSlug(text(item['wp:post_name'])) || undefined,
        publishedAt: date ?? modified,
        createdAt: date ?? modified,
        updatedAt: modified ?? date,
        author: usernames.get(text(item['dc:creator']).trim()) ?? null,
        oldAddress: permalinkPath(text(item.link)),
      });
      continue;
    }
    if (body.length > BODY_MAX) {
      plan.skipped.push({ kind: 'post', key: label, why: `Its body is longer than ${BODY_MAX.toLocaleString('en')} characters of Markdown` });
      continue;
    }
    if (!title) plan.warnings.push(`Post ${id} has no title; it was imported as “Untitled”`);
    if (title.length > TITLE_MAX) plan.warnings.push(`The title of “${cut(title, 60)}…” was cut to ${TITLE_MAX} characters`);

    let category: string | null = null;
    const postTags: string[] = [];
    for (const c of list(item.category)) {
      const slug = toSlug(text(c['@_nicename']) || decodeEntities(text(c)));
      if (!slug) continue;
      if (c['@_domain'] === 'category') {
        if (!categories.has(slug)) categories.set(slug, { name: categoryName(decodeEntities(text(c))) || slug, description: '' });
        category ??= slug;
      } else if (c['@_domain'] === 'post_tag' && !postTags.includes(slug)) {
        if (!tags.has(slug)) tags.set(slug, tagName(decodeEntities(text(c))) || slug);
        postTags.push(slug);
      }
    }
    if (!category) {
      category = 'uncategorized';
      if (!categories.has(category)) categories.set(category, { name: 'Uncategorized', description: '' });
    }
    if (postTags.length > TAGS_MAX) plan.warnings.push(`“${label}” has ${postTags.length} tags; the first ${TAGS_MAX} were kept`);

    const creator = text(item['dc:creator']).trim();
    let author = usernames.get(creator);
    if (!author) {
      author = toUsername(creator || 'wordpress');
      usernames.set(creator, author);
      plan.users.push({ username: author, name: creator || 'WordPress', email: `${author}@import.invalid` });
      plan.warnings.push(`Author ${creator || '(none)'} is not in the export's author list; created as ${author}`);
    }

    const thumb = list(item['wp:postmeta']).find((m) => text(m['wp:meta_key']) === '_thumbnail_id');
    const attachment = thumb ? attachments.get(text(thumb['wp:meta_value']).trim()) : undefined;
    const cover = attachment && /^https?:\/\//.test(attachment.url) ? attachment : null;
    let slug: string | undefined = toSlug(text(item['wp:post_name'])) || undefined;
    if (slug && slugs.has(slug)) slug = undefined;
    if (slug) slugs.add(slug);
    // The slugs WordPress kept when the post was renamed (and redirected, as Byline does): they keep redirecting.
    const oldSlugs = slug ? oldSlugsOf(item, slug) : [];

    const publishedAt = toIso(text(item['wp:post_date_gmt']));
    const modified = toIso(text(item['wp:post_modified_gmt']));
    const post: ImportPost = {
      sourceId: `wordpress:${id}`,
      slug,
      title: cut(title || 'Untitled', TITLE_MAX),
      body,
      excerpt: cut(htmlToText(text(item['excerpt:encoded'])), EXCERPT_MAX),
      status,
      publishedAt: status === 'published' ? (publishedAt ?? modified) : null,
      createdAt: publishedAt ?? modified ?? undefined,
      updatedAt: modified ?? publishedAt ?? undefined,
      author,
      category,
      tags: postTags.slice(0, TAGS_MAX),
      ...(oldSlugs.length > 0 ? { oldSlugs } : {}),
      coverImage: cover?.url ?? null,
      coverAlt: cover?.alt ?? '',
    };
    if (status === 'published' && !post.publishedAt) plan.warnings.push(`“${label}” has no publication date; it is published as of the import`);
    plan.posts.push(post);
    if (text(item['wp:is_sticky']) === '1' && status === 'published' && slug) sticky.push({ slug, at: post.publishedAt ?? '' });
  }
  if (otherTypes.size > 0) {
    const parts = [...otherTypes].map(([type, n]) => `${n} ${type}`);
    plan.warnings.push(`Not posts, so not imported: ${parts.join(', ')} item(s)`);
  }

  plan.categories = [...categories].map(([slug, c]) => ({ slug, ...c }));
  plan.tags = [...tags].map(([slug, name]) => ({ slug, name }));
  leaveOutUnused(plan);
  // WordPress shows sticky posts newest first.
  plan.featured = sticky.sort((a, b) => b.at.localeCompare(a.at)).map((s) => s.slug);
  addOldAddresses(plan, channel, usernames);
  return plan;
}

/** WordPress's user_nicename, made from the login as sanitize_title makes it: the `/author/…/` of the old site. */
const nicenameOf = (login: string): string => login.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');

/**
 * The old site's addresses of what the import brings (decision 049): each published post's permalink as the
 * export gives it (`<link>`), that permalink with each of its old slugs, and `/?p=ID`; each category's
 * `/category/parent/child/`, tag's `/tag/…/` and author's `/author/…/`, under the site's own path.
 */
function addOldAddresses(plan: ImportPlan, channel: Node, usernames: Map<string, string>): void {
  const base = (permalinkPath(text(channel.link)) ?? '/').replace(/\/+$/, '');
  const bySource = new Map(plan.posts.map((p) => [p.sourceId, p]));
  for (const item of list(channel.item)) {
    const id = text(item['wp:post_id']);
    const post = bySource.get(`wordpress:${id}`);
    if (!post?.slug || post.status !== 'published' || text(item['wp:post_type']) !== 'post') continue;
    const to = `/details/${post.slug}`;
    const permalink = permalinkPath(text(item.link));
    if (permalink) addOldAddress(plan, permalink, to);
    const name = text(item['wp:post_name']).trim();
    const last = permalink?.match(/\/([^/?]+)\/?$/);
    if (permalink && name && last?.[1] === name) {
      for (const m of list(item['wp:postmeta'])) {
        const old = text(m['wp:meta_key']) === '_wp_old_slug' ? text(m['wp:meta_value']).trim() : '';
        if (old && !old.includes('/')) addOldAddress(plan, permalink.slice(0, last.index) + `/${old}/`, to);
      }
    }
    if (base === '' && /^[0-9]+$/.test(id)) addOldAddress(plan, `/?p=${id}`, to);
  }
  const parents = new Map(list(channel['wp:category']).map((c) => [text(c['wp:category_nicename']).trim(), text(c['wp:category_parent']).trim()]));
  const categoryPath = (nicename: string): string => {
    const chain = [nicename];
    for (let up = parents.get(nicename); up && !chain.includes(up) && chain.length < 10; up = parents.get(up)) chain.unshift(up);
    return chain.join('/');
  };
  const kept = { category: new Set(plan.categories.map((c) => c.slug)), tag: new Set(plan.tags.map((t) => t.slug)) };
  for (const nicename of parents.keys()) {
    if (nicename && kept.category.has(toSlug(nicename))) addOldAddress(plan, `${base}/category/${categoryPath(nicename)}/`, `/category/${toSlug(nicename)}`);
  }
  for (const t of list(channel['wp:tag'])) {
    const raw = text(t['wp:tag_slug']).trim();
    if (raw && kept.tag.has(toSlug(raw))) addOldAddress(plan, `${base}/tag/${raw}/`, `/tag/${toSlug(raw)}`);
  }
  const people = new Set(plan.users.map((u) => u.username));
  for (const [login, username] of usernames) {
    if (login && people.has(username) && nicenameOf(login)) addOldAddress(plan, `${base}/author/${nicenameOf(login)}/`, `/author/${username}`);
  }
}
