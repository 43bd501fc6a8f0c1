// A Ghost export (Settings → Labs → Export: `{db: [{meta, data}]}`) → an ImportPlan. A post's primary
// tag (its first) becomes its category, the other public tags its tags; internal tags (#…) are left out.
import type { ImportPost } from '../../../../contracts/import';
import { BODY_MAX, EXCERPT_MAX, TAGS_MAX, TITLE_MAX } from '../../../../contracts/limits';
import { bookmarkMarkdown, convertPostHtml } from './import-html';
import { oldSiteAddress, resolveGhostImage, resolveGhostLink, resolveGhostUrlsInHtml, type GhostSite, type Resolved } from './import-ghost-urls';
import { addSourcePage } from './import-source-pages';
import { addOldAddress, categoryName, coverAltText, cut, emptyPlan, ImportFileError, leaveOutUnused, tagName, toIso, toSlug, toUsername, type ImportPlan } from './import-plan';

type Row = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const rows = (v: unknown): Row[] => (Array.isArray(v) ? v.filter((r): r is Row => typeof r === 'object' && r !== null) : []);

/** The `data` of a Ghost export, or null when `json` is not one. */
export function ghostData(json: unknown): Row | null {
  if (typeof json !== 'object' || json === null) return null;
  const o = json as Row;
  const db = Array.isArray(o.db) ? (o.db[0] as Row | undefined) : undefined;
  const data = (db?.data ?? o.data) as Row | undefined;
  return data && Array.isArray(data.posts) ? data : null;
}

/** How a body's addresses are resolved: each returns the address to use, or null to leave it out. */
interface Addresses {
  link(url: string): string | null;
  image(url: string): string | null;
}

/** Text of a Lexical document, when a post has no html: paragraphs, headings, quotes, lists, code, images, bookmarks. */
function lexicalToMarkdown(source: string, addresses: Addresses): string {
  let root: Row;
  try {
    root = (JSON.parse(source) as Row).root as Row;
  } catch {
    return '';
  }
  const inline = (n: Row): string => {
    if (n.type === 'text') return str(n.text);
    if (n.type === 'linebreak') return '\n';
    const inner = rows(n.children).map(inline).join('');
    const url = n.type === 'link' ? addresses.link(str(n.url)) : null;
    return url ? `[${inner}](${url})` : inner;
  };
  const block = (n: Row): string => {
    const inner = rows(n.children).map(inline).join('');
    switch (n.type) {
      case 'heading':
        return `${'#'.repeat(Number(str(n.tag).slice(1)) || 2)} ${inner}`;
      case 'quote':
        return `> ${inner}`;
      case 'list':
        return rows(n.children).map((li, i) => `${n.listType === 'number' ? `${i + 1}.` : '-'} ${rows(li.children).map(inline).join('')}`).join('\n');
      case 'codeblock':
        return `\`\`\`\n${str(n.code)}\n\`\`\``;
      case 'image': {
        const src = addresses.image(str(n.src));
        return src ? `![${str(n.alt)}](${src})` : '';
      }
      case 'bookmark': {
        const meta = (n.metadata ?? {}) as Row;
        return bookmarkMarkdown(addresses.link(str(n.url)) ?? '', str(meta.title), str(meta.description));
      }
      case 'markdown':
        return str(n.markdown);
      default:
        return inner;
    }
  };
  return rows(root?.children).map(block).filter((b) => b.trim() !== '').join('\n\n');
}

/** Markdown and text sections of a Mobiledoc document, when a post has no html. */
function mobiledocToMarkdown(source: string, addresses: Addresses): string {
  try {
    const doc = JSON.parse(source) as { cards?: [string, Row][]; sections?: unknown[][] };
    const parts: string[] = [];
    for (const section of doc.sections ?? []) {
      if (section[0] === 10) {
        const card = doc.cards?.[Number(section[1])];
        if (card && (card[0] === 'markdown' || card[0] === 'card-markdown')) parts.push(str(card[1].markdown));
        if (card && card[0] === 'image') {
          const src = addresses.image(str(card[1].src));
          if (src) parts.push(`![${str(card[1].alt)}](${src})`);
        }
      } else if (section[0] === 1) {
        const markers = (section[2] as unknown[][] | undefined) ?? [];
        parts.push(markers.map((m) => str(m[3])).join(''));
      }
    }
    return parts.filter((p) => p.trim() !== '').join('\n\n');
  } catch {
    return '';
  }
}

/** Options of a Ghost import: the old site's address resolves `__GHOST_URL__` images and links (import-ghost-urls.ts). */
export interface GhostOptions {
  from?: string | null;
}

/** Published, scheduled and sent (a newsletter post) are public in Ghost; the rest are drafts. */
function statusOf(p: Row): 'published' | 'draft' {
  const status = str(p.status);
  return status === 'published' || status === 'scheduled' || status === 'sent' ? 'published' : 'draft';
}

export function parseGhost(json: unknown, options: GhostOptions = {}): ImportPlan {
  const data = ghostData(json);
  if (!data) throw new ImportFileError('This JSON file is not a Ghost export (no db[0].data.posts).');
  const plan = emptyPlan('ghost');

  const users = new Map<string, string>(); // ghost user id → username
  const authorSlugs = new Map<string, string>(); // ghost user slug → username
  const pictures = new Map<string, string>(); // username → profile_image as Ghost wrote it
  for (const u of rows(data.users)) {
    const username = toUsername(str(u.slug) || str(u.name) || str(u.email), str(u.name), str(u.email).split('@')[0] ?? '');
    users.set(str(u.id), username);
    authorSlugs.set(str(u.slug), username);
    pictures.set(username, str(u.profile_image));
    plan.users.push({
      username,
      name: cut(str(u.name).trim() || username, 80),
      email: str(u.email).trim() || `${username}@import.invalid`,
      bio: cut(str(u.bio), 500),
      image: null,
    });
  }

  const tagsById = new Map<string, Row>();
  for (const t of rows(data.tags)) tagsById.set(str(t.id), t);
  const isPublic = (t: Row) => t.visibility !== 'internal' && !str(t.name).startsWith('#');
  const postTags = new Map<string, Row[]>(); // post id → public tags in order
  for (const pt of rows(data.posts_tags).sort((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0))) {
    const tag = tagsById.get(str(pt.tag_id));
    if (!tag || !isPublic(tag)) continue;
    const listed = postTags.get(str(pt.post_id)) ?? [];
    listed.push(tag);
    postTags.set(str(pt.post_id), listed);
  }
  // Ghost keeps a cover's alt text beside the post, in posts_meta.
  const coverAlts = new Map(rows(data.posts_meta).map((m) => [str(m.post_id), coverAltText(str(m.feature_image_alt))]));
  const postAuthors = new Map<string, string[]>(); // post id → author ids, primary first
  for (const pa of rows(data.posts_authors).sort((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0))) {
    postAuthors.set(str(pa.post_id), [...(postAuthors.get(str(pa.post_id)) ?? []), str(pa.author_id)]);
  }

  // First every post but its body, so that bodies can link to any post, tag or author of the import.
  const categories = new Map<string, { name: string; description: string }>();
  const tags = new Map<string, string>();
  const featured: { slug: string; at: string }[] = [];
  const pending: { post: ImportPost; label: string; source: Row }[] = [];
  // Pages: in `posts` with type `page` (Ghost 2 on, `page: true` before), or in a `pages` table of their own.
  const pages: Row[] = [...rows(data.pages)];
  for (const p of rows(data.posts)) {
    const title = str(p.title).replace(/\s+/g, ' ').trim();
    const label = title || `post ${str(p.id)}`;
    const type = str(p.type) || (p.page === true || p.page === 1 ? 'page' : 'post');
    const status = statusOf(p);
    if (type !== 'post') {
      if (type === 'page') pages.push(p);
      else plan.skipped.push({ kind: 'post', key: label, why: `A Ghost ${type || 'item'}, not a post` });
      continue;
    }
    const [primary, ...rest] = postTags.get(str(p.id)) ?? [];
    let category = primary ? toSlug(str(primary.slug) || str(primary.name)) : '';
    if (primary && category && !categories.has(category)) {
      categories.set(category, { name: categoryName(str(primary.name) || category), description: cut(str(primary.description), 300) });
    }
    if (!category) {
      category = 'uncategorized';
      if (!categories.has(category)) categories.set(category, { name: 'Uncategorized', description: '' });
    }
    const slugs: string[] = [];
    for (const t of rest) {
      const slug = toSlug(str(t.slug) || str(t.name));
      if (!slug || slugs.includes(slug)) continue;
      if (!tags.has(slug)) tags.set(slug, tagName(str(t.name) || slug));
      slugs.push(slug);
    }
    if (slugs.length > TAGS_MAX) plan.warnings.push(`“${label}” has ${slugs.length} tags; the first ${TAGS_MAX} were kept`);
    const [authorId = str(p.author_id), ...coAuthors] = postAuthors.get(str(p.id)) ?? [];
    const author = users.get(authorId);
    if (!author) {
      plan.skipped.push({ kind: 'post', key: label, why: 'Its author is not in the export' });
      continue;
    }
    if (coAuthors.length > 0) {
      const others = coAuthors.map((id) => users.get(id) ?? id).join(', ');
      plan.warnings.push(`“${label}” has ${coAuthors.length + 1} authors in Ghost; a Byline post has one, so it is ${author}'s (${others} not named)`);
    }
    const slug = toSlug(str(p.slug)) || undefined;
    const publishedAt = toIso(p.published_at);
    const post: ImportPost = {
      sourceId: `ghost:${str(p.id)}`,
      slug,
      title: cut(title || 'Untitled', TITLE_MAX),
      body: '',
      excerpt: cut(str(p.custom_excerpt).replace(/\s+/g, ' ').trim(), EXCERPT_MAX),
      status,
      publishedAt: status === 'published' ? publishedAt : null,
      createdAt: toIso(p.created_at) ?? undefined,
      updatedAt: toIso(p.updated_at) ?? undefined,
      author,
      category,
      tags: slugs.slice(0, TAGS_MAX),
      coverImage: null,
      coverAlt: '',
    };
    pending.push({ post, label, source: p });
    if ((p.featured === true || p.featured === 1) && status === 'published' && slug) featured.push({ slug, at: publishedAt ?? '' });
  }

  const site: GhostSite = {
    posts: new Set(pending.flatMap(({ post }) => (post.slug ? [post.slug] : []))),
    tags: new Set(tags.keys()),
    categories: new Set(categories.keys()),
    authors: authorSlugs,
    from: options.from ?? null,
  };
  const noted = (label: string, resolved: Resolved): string | null => {
    if (resolved.note) plan.warnings.push(`“${label}”: ${resolved.note}`);
    return resolved.url;
  };

  for (const user of plan.users) {
    const picture = pictures.get(user.username) ?? '';
    const url = picture ? noted(`${user.name} (author picture)`, resolveGhostImage(picture, site)) : null;
    user.image = url && /^https:\/\//.test(url) ? url : null;
  }

  const addressesOf = (label: string): Addresses => ({
    link: (url) => noted(label, resolveGhostLink(url, site)),
    image: (url) => noted(label, resolveGhostImage(url, site)),
  });
  /** A post's or page's body as Markdown: its HTML if the export has it, else its Lexical or Mobiledoc. */
  const bodyOf = (p: Row, label: string): string => {
    const html = str(p.html);
    if (!html) {
      const addresses = addressesOf(label);
      return p.lexical ? lexicalToMarkdown(str(p.lexical), addresses) : p.mobiledoc ? mobiledocToMarkdown(str(p.mobiledoc), addresses) : str(p.plaintext);
    }
    const notes: string[] = [];
    const converted = convertPostHtml(resolveGhostUrlsInHtml(html, site, notes));
    for (const note of notes) plan.warnings.push(`“${label}”: ${note}`);
    if (converted.failure) plan.warnings.push(`“${label}”: its HTML could not be converted to Markdown (${converted.failure}); its text was imported`);
    return converted.markdown;
  };

  for (const { post, label, source: p } of pending) {
    const addresses = addressesOf(label);
    const body = bodyOf(p, label);
    if (body.length > BODY_MAX) {
      plan.skipped.push({ kind: 'post', key: label, why: `Its body is longer than ${BODY_MAX.toLocaleString('en')} characters of Markdown` });
      continue;
    }
    post.body = body;
    const cover = str(p.feature_image);
    const coverUrl = cover ? addresses.image(cover) : null;
    post.coverImage = coverUrl && /^https?:\/\//.test(coverUrl) ? coverUrl : null;
    if (coverUrl && !post.coverImage) plan.warnings.push(`“${label}”: the cover ${cover} is not a full address and was left out`);
    post.coverAlt = post.coverImage ? (coverAlts.get(str(p.id)) ?? '') : '';
    plan.posts.push(post);
  }
  const base = oldBasePath(options.from ?? null);
  for (const p of pages) {
    const title = str(p.title).replace(/\s+/g, ' ').trim();
    const publishedAt = toIso(p.published_at);
    addSourcePage(plan, {
      sourceId: `ghost:${str(p.id)}`,
      title,
      body: bodyOf(p, title || `page ${str(p.id)}`),
      status: statusOf(p),
      slug: toSlug(str(p.slug)) || undefined,
      publishedAt,
      createdAt: toIso(p.created_at),
      updatedAt: toIso(p.updated_at),
      author: users.get((postAuthors.get(str(p.id)) ?? [str(p.author_id)])[0] ?? '') ?? null,
      oldAddress: str(p.slug) ? `${base}/${str(p.slug)}/` : null,
    });
  }
  const imported = new Set(plan.posts.map((p) => p.slug));
  plan.categories = [...categories].map(([slug, c]) => ({ slug, ...c }));
  plan.tags = [...tags].map(([slug, name]) => ({ slug, name }));
  leaveOutUnused(plan);
  // Ghost lists featured posts newest first.
  plan.featured = featured.filter((f) => imported.has(f.slug)).sort((a, b) => b.at.localeCompare(a.at)).map((f) => f.slug);
  addOldAddresses(plan, data, authorSlugs, options.from ?? null);
  return plan;
}

/** The old site's folder (`https://old.example/blog/` → `/blog`; '' at the domain's root or unknown). */
function oldBasePath(from: string | null): string {
  const site = from ? oldSiteAddress(from) : null;
  return site ? new URL(site).pathname.replace(/\/+$/, '') : '';
}

/**
 * The old site's addresses of what the import brings (decision 049), under its own path when `from` has one:
 * each published post's `/slug/` (Ghost's default permalink), a primary tag's `/tag/…/` (now a category), and
 * each author's `/author/…/`.
 */
function addOldAddresses(plan: ImportPlan, data: Row, authorSlugs: Map<string, string>, from: string | null): void {
  const base = oldBasePath(from);
  const bySource = new Map(plan.posts.map((p) => [p.sourceId, p]));
  for (const p of rows(data.posts)) {
    const post = bySource.get(`ghost:${str(p.id)}`);
    if (post?.slug && post.status === 'published' && str(p.slug)) addOldAddress(plan, `${base}/${str(p.slug)}/`, `/details/${post.slug}`);
  }
  const categories = new Set(plan.categories.map((c) => c.slug));
  const tags = new Set(plan.tags.map((t) => t.slug));
  for (const t of rows(data.tags)) {
    const raw = str(t.slug);
    const slug = toSlug(raw || str(t.name));
    if (!raw || !slug) continue;
    if (tags.has(slug)) addOldAddress(plan, `${base}/tag/${raw}/`, `/tag/${slug}`);
    else if (categories.has(slug)) addOldAddress(plan, `${base}/tag/${raw}/`, `/category/${slug}`);
  }
  const people = new Set(plan.users.map((u) => u.username));
  for (const [raw, username] of authorSlugs) if (raw && people.has(username)) addOldAddress(plan, `${base}/author/${raw}/`, `/author/${username}`);
}
