// Import and export (docs/decisions/024-import-export.md). One import batch is checked against the
// database first (what exists is skipped and reported, never changed) and then written in ONE D1 batch,
// all or nothing. Posts get their excerpt, reading time and HTML from the same function every post
// write uses (services/post-fields.ts). Images are copied by copyImage, one address at a time.
import type { BatchItem } from 'drizzle-orm/batch';
import {
  BYLINE_EXPORT_FORMAT,
  BYLINE_EXPORT_VERSION,
  concatBytes,
  emptyCounts,
  type BylineExport,
  type ImportBatchData,
  type ImportBatchReport,
  type ImportImageOutcome,
} from '../../contracts/import';
import { MAX_IMAGE_BYTES } from '../../contracts/media';
import { CoverAltSchema, CoverImageSchema, FEATURED_MAX, PostTitleSchema, type PostInputData } from '../../contracts/posts';
import { ROLE_ADMIN, ROLE_AUTHOR, toRole } from '../../contracts/roles';
import { isSingleLineText } from '../../contracts/text';
import { EmailSchema, ImageUrlSchema, NameSchema, RESERVED_USERNAMES, UsernameSchema } from '../../contracts/users';
import type { Db, SessionUser } from '../env';
import { SNIFF_BYTES, sniffImage } from '../lib/image-sniff';
import { unusablePasswordHash } from '../lib/password';
import { randomKeyBase, type MediaBucket } from './media-store';
import { resolvePostValues } from './post-fields';
import { slugify, slugRoot } from '../lib/slug';
import {
  featuredState,
  findCategoriesByNames,
  findCategoriesBySlugs,
  findImportedMedia,
  findPostStatesBySlugs,
  findTagsByNames,
  findTagsBySlugs,
  findUsersByEmails,
  findUsersByUsernames,
  insertCategoryStatement,
  insertFeaturedStatement,
  insertPostStatements,
  insertTagStatement,
  insertUserStatement,
  shiftFeaturedStatement,
  mediaKeyExists,
  readExport,
  recordImportedMedia,
  userIdByUsername,
} from '../queries/import';

const firstIssue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message ?? 'Not valid';

/**
 * Writes one import batch (already validated by ImportBatchSchema), or nothing if D1 refuses any of it.
 * `importer` is the admin importing: a person whose every possible username is reserved on Byline
 * (WordPress's `admin`) becomes them.
 */
export async function importBatch(db: Db, input: ImportBatchData, now: number, importer: SessionUser): Promise<ImportBatchReport> {
  const report: ImportBatchReport = { batch: input.batch, imported: emptyCounts(), skipped: [], warnings: [] };
  const statements: BatchItem<'sqlite'>[] = [];
  const newUsers = new Set<string>();
  const newCategories = new Set<string>();
  const newTags = new Set<string>();

  // People: matched by username, then by email; a match is skipped and its posts go to that account.
  if (input.users.length > 0) {
    const byName = new Map((await findUsersByUsernames(db, input.users.map((u) => u.username))).map((u) => [u.username, u]));
    const byEmail = new Map((await findUsersByEmails(db, input.users.map((u) => u.email))).map((u) => [u.email, u]));
    const emails = new Set<string>();
    for (const u of input.users) {
      if (RESERVED_USERNAMES.has(u.username)) {
        report.skipped.push({ kind: 'user', key: u.username, why: `“${u.username}” is reserved on Byline; their posts go to you (${importer.username})`, mapsTo: importer.username });
        continue;
      }
      const existing = byName.get(u.username) ?? byEmail.get(u.email);
      if (existing) {
        const why = existing.username === u.username ? 'An account with this username exists' : `The email belongs to the account ${existing.username}`;
        report.skipped.push({ kind: 'user', key: u.username, why: `${why}; its posts go to that account`, mapsTo: existing.username });
        continue;
      }
      const username = UsernameSchema.safeParse(u.username);
      const name = NameSchema.safeParse(u.name);
      const email = EmailSchema.safeParse(u.email);
      const bad = [username, name, email].find((r) => !r.success);
      if (bad) {
        report.skipped.push({ kind: 'user', key: u.username, why: firstIssue(bad) });
        continue;
      }
      if (newUsers.has(u.username) || emails.has(u.email)) {
        report.skipped.push({ kind: 'user', key: u.username, why: 'Appears twice in the file' });
        continue;
      }
      let image = u.image;
      if (image !== null && !ImageUrlSchema.safeParse(image).success) {
        report.warnings.push(`The picture of ${u.username} (${image}) is not an https:// address and was left out`);
        image = null;
      }
      // Only Byline's own export carries roles; from WordPress or Ghost everyone is an author.
      const role = input.source === 'byline' ? u.role : ROLE_AUTHOR;
      if (role === ROLE_ADMIN) report.warnings.push(`${u.username} is an admin, as in the export; they sign in after an admin sets their password or a password reset`);
      newUsers.add(u.username);
      emails.add(u.email);
      statements.push(
        insertUserStatement(db, {
          username: u.username,
          name: u.name,
          email: u.email,
          passwordHash: unusablePasswordHash(),
          bio: u.bio,
          image,
          role,
          disabledAt: u.disabled ? new Date(now) : null,
        }),
      );
      report.imported.users++;
    }
  }

  // Categories and tags: by slug; a name already used under another slug maps to that one.
  const refs = async (
    kind: 'category' | 'tag',
    items: { slug: string; name: string }[],
    bySlugs: (s: string[]) => Promise<{ slug: string; name: string }[]>,
    byNames: (n: string[]) => Promise<{ slug: string; name: string }[]>,
    fresh: Set<string>,
    insert: (item: { slug: string; name: string }) => BatchItem<'sqlite'>,
  ) => {
    if (items.length === 0) return;
    const slugs = new Set((await bySlugs(items.map((i) => i.slug))).map((r) => r.slug));
    const names = new Map((await byNames(items.map((i) => i.name))).map((r) => [r.name.toLowerCase(), r.slug]));
    const freshNames = new Set<string>();
    for (const item of items) {
      const label = kind === 'category' ? 'A category' : 'A tag';
      if (slugs.has(item.slug)) {
        report.skipped.push({ kind, key: item.slug, why: `${label} with this slug exists` });
        continue;
      }
      const named = names.get(item.name.toLowerCase());
      if (named) {
        report.skipped.push({ kind, key: item.slug, why: `${label} named “${item.name}” exists (${named}); its posts go to it`, mapsTo: named });
        continue;
      }
      if (!isSingleLineText(item.name) || fresh.has(item.slug) || freshNames.has(item.name.toLowerCase())) {
        report.skipped.push({ kind, key: item.slug, why: fresh.has(item.slug) || freshNames.has(item.name.toLowerCase()) ? 'Appears twice in the file' : 'Its name has control characters' });
        continue;
      }
      fresh.add(item.slug);
      freshNames.add(item.name.toLowerCase());
      statements.push(insert(item));
      if (kind === 'category') report.imported.categories++;
      else report.imported.tags++;
    }
  };
  const categoryDescriptions = new Map(input.categories.map((c) => [c.slug, c.description]));
  await refs('category', input.categories, (s) => findCategoriesBySlugs(db, s), (n) => findCategoriesByNames(db, n), newCategories, (c) =>
    insertCategoryStatement(db, { slug: c.slug, name: c.name, description: categoryDescriptions.get(c.slug) ?? '' }),
  );
  await refs('tag', input.tags, (s) => findTagsBySlugs(db, s), (n) => findTagsByNames(db, n), newTags, (t) => insertTagStatement(db, t));

  if (input.posts.length > 0) await planPosts(db, input, now, report, statements, { newUsers, newCategories, newTags });
  if (input.featured.length > 0) await planFeatured(db, input.featured, report, statements);

  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  return report;
}

async function planPosts(
  db: Db,
  input: ImportBatchData,
  now: number,
  report: ImportBatchReport,
  statements: BatchItem<'sqlite'>[],
  fresh: { newUsers: Set<string>; newCategories: Set<string>; newTags: Set<string> },
): Promise<void> {
  const planned = input.posts.map((p) => ({ post: p, slug: p.slug ?? slugRoot('posts', slugify(p.title)) }));
  const [authors, categories, tags, taken] = await Promise.all([
    findUsersByUsernames(db, planned.map((p) => p.post.author)),
    findCategoriesBySlugs(db, planned.map((p) => p.post.category)),
    findTagsBySlugs(db, planned.flatMap((p) => p.post.tags)),
    findPostStatesBySlugs(db, planned.map((p) => p.slug)),
  ]);
  const authorSet = new Set([...authors.map((a) => a.username), ...fresh.newUsers]);
  const categorySet = new Set([...categories.map((c) => c.slug), ...fresh.newCategories]);
  const tagSet = new Set([...tags.map((t) => t.slug), ...fresh.newTags]);
  const takenSlugs = new Set(taken.map((t) => t.slug));
  const batchSlugs = new Set<string>();

  for (const { post: p, slug } of planned) {
    const skip = (why: string) => report.skipped.push({ kind: 'post', key: slug, why });
    if (takenSlugs.has(slug)) {
      skip('A post with this slug exists');
      continue;
    }
    if (batchSlugs.has(slug)) {
      skip('Appears twice in the file');
      continue;
    }
    if (!authorSet.has(p.author)) {
      skip(`Its author ${p.author} is neither in the file nor on this site`);
      continue;
    }
    if (!categorySet.has(p.category)) {
      skip(`Its category ${p.category} is neither in the file nor on this site`);
      continue;
    }
    const title = PostTitleSchema.safeParse(p.title);
    if (!title.success) {
      skip(firstIssue(title));
      continue;
    }
    let status = p.status;
    if (status === 'published' && p.body.trim() === '') {
      report.warnings.push(`“${p.title}” has no body; it was imported as a draft`);
      status = 'draft';
    }
    let coverImage = p.coverImage;
    if (coverImage !== null && !CoverImageSchema.safeParse(coverImage).success) {
      report.warnings.push(`The cover of “${p.title}” (${coverImage}) is neither https:// nor copied into media; it was left out`);
      coverImage = null;
    }
    let coverAlt = p.coverAlt;
    if (coverImage !== null && !CoverAltSchema.safeParse(coverAlt).success) {
      report.warnings.push(`The alt text of the cover of “${p.title}” has control characters; it was left out`);
      coverAlt = '';
    }
    const postTags = p.tags.filter((t) => tagSet.has(t));
    if (postTags.length < p.tags.length) report.warnings.push(`“${p.title}”: unknown tags left out (${p.tags.filter((t) => !tagSet.has(t)).join(', ')})`);
    const postInput: PostInputData = {
      title: title.data,
      body: p.body,
      category: p.category,
      status,
      excerpt: p.excerpt === '' ? undefined : p.excerpt,
      coverImage,
      coverAlt,
      publishedAt: status === 'published' ? p.publishedAt : null,
    };
    // The same rules as every post write: excerpt made from the body when absent, reading time, body HTML.
    const values = resolvePostValues(postInput, null, { categoryId: 0, authorId: 0, editedBy: 0 }, now);
    const createdAt = new Date(p.createdAt ?? p.publishedAt ?? now);
    const updatedAt = new Date(p.updatedAt ?? p.createdAt ?? p.publishedAt ?? now);
    statements.push(...insertPostStatements(db, { slug, category: p.category, author: p.author, values, createdAt, updatedAt, tags: [...new Set(postTags)] }));
    batchSlugs.add(slug);
    report.imported.posts++;
  }
}

/**
 * The export's featured posts (WordPress's sticky posts) lead the featured list, in the export's order,
 * as they led the old site; those already featured keep their order after them.
 */
async function planFeatured(db: Db, slugs: string[], report: ImportBatchReport, statements: BatchItem<'sqlite'>[]): Promise<void> {
  const current = await featuredState(db);
  const states = new Map((await findPostStatesBySlugs(db, slugs)).map((p) => [p.slug, p.status]));
  const listed = new Set(current.slugs);
  const added: string[] = [];
  for (const slug of slugs) {
    const skip = (why: string) => report.skipped.push({ kind: 'featured', key: slug, why });
    if (listed.has(slug)) skip('Already featured');
    else if (!states.has(slug)) skip('No post has this slug');
    else if (states.get(slug) !== 'published') skip('Only published posts can be featured');
    else if (listed.size >= FEATURED_MAX) skip(`The featured list is full (${FEATURED_MAX} posts)`);
    else {
      added.push(slug);
      listed.add(slug);
    }
  }
  if (added.length === 0) return;
  if (current.slugs.length > 0) statements.push(shiftFeaturedStatement(db, added.length));
  added.forEach((slug, i) => statements.push(insertFeaturedStatement(db, slug, i + 1)));
  report.imported.featured += added.length;
}

// ---- Images ----

const PRIVATE_V4 = [/^0\./, /^10\./, /^127\./, /^169\.254\./, /^172\.(1[6-9]|2\d|3[01])\./, /^192\.168\./, /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./, /^22[4-9]\.|^2[3-5]\d\./];

/** A host the Worker must not fetch from: loopback, private, link-local, multicast, local names. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal') || !host.includes('.') && !host.includes(':')) return true;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return PRIVATE_V4.some((r) => r.test(host));
  if (host.includes(':')) return host === '::' || host === '::1' || /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(host) || host.startsWith('::ffff:');
  return false;
}

async function readCapped(res: Response, max: number): Promise<Uint8Array | null> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) return null;
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    parts.push(value);
  }
  return concatBytes(parts, size);
}

/**
 * Copies the image at `url` into media (once per address: a second import finds it in import_media).
 * http(s) only, never a private or local host, at most 5 MB, and only what its bytes show is an image.
 */
export async function copyImage(db: Db, bucket: MediaBucket, owner: SessionUser, url: string): Promise<ImportImageOutcome> {
  const known = await findImportedMedia(db, url);
  if (known) return { url, ok: true, src: `/media/${known}`, copied: false };
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { url, ok: false, why: 'not an address' };
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return { url, ok: false, why: 'not an http(s) address' };
  if (isPrivateHost(target.hostname)) return { url, ok: false, why: 'a private or local address' };
  let res: Response;
  try {
    res = await fetch(target, { redirect: 'follow', signal: AbortSignal.timeout(10_000), headers: { accept: 'image/*' } });
  } catch {
    return { url, ok: false, why: 'unreachable' };
  }
  if (res.url && isPrivateHost(new URL(res.url).hostname)) return { url, ok: false, why: 'redirected to a private or local address' };
  if (!res.ok) {
    await res.body?.cancel();
    return { url, ok: false, why: `HTTP ${res.status}` };
  }
  const bytes = await readCapped(res, MAX_IMAGE_BYTES);
  if (!bytes) return { url, ok: false, why: 'larger than 5 MB' };
  const kind = sniffImage(bytes.subarray(0, SNIFF_BYTES));
  if (!kind) return { url, ok: false, why: 'not a JPEG, PNG, WebP, GIF or AVIF image' };
  const key = `${randomKeyBase()}.${kind.extension}`;
  await bucket.put(key, bytes, { httpMetadata: { contentType: kind.contentType } });
  try {
    await recordImportedMedia(db, { key, ownerId: owner.id, contentType: kind.contentType, size: bytes.byteLength, sourceUrl: url });
  } catch (err) {
    await bucket.delete(key); // no object without its row
    // Another import copied the same address meanwhile: use that copy.
    const raced = await findImportedMedia(db, url);
    if (raced) return { url, ok: true, src: `/media/${raced}`, copied: false };
    throw err;
  }
  return { url, ok: true, src: `/media/${key}`, copied: true };
}

/**
 * Stores an image of a Byline export under its own key (so bodies and covers need no rewriting), owned
 * by `owner` if that account exists. Answers whether it was new; null when its bytes are not the image
 * its key names.
 */
export async function storeExportImage(
  db: Db,
  bucket: MediaBucket,
  admin: SessionUser,
  file: { key: string; owner: string; bytes: Uint8Array },
): Promise<{ copied: boolean } | null> {
  if (await mediaKeyExists(db, file.key)) return { copied: false };
  const kind = sniffImage(file.bytes.subarray(0, SNIFF_BYTES));
  if (!kind || !file.key.endsWith(`.${kind.extension}`)) return null;
  await bucket.put(file.key, file.bytes, { httpMetadata: { contentType: kind.contentType } });
  try {
    const ownerId = (await userIdByUsername(db, file.owner)) ?? admin.id;
    await recordImportedMedia(db, { key: file.key, ownerId, contentType: kind.contentType, size: file.bytes.byteLength, sourceUrl: null });
  } catch (err) {
    await bucket.delete(file.key); // no object without its row
    throw err;
  }
  return { copied: true };
}

// ---- Export ----

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function buildExport(db: Db, now: number): Promise<BylineExport> {
  const r = await readExport(db);
  const tagsOf = new Map<number, string[]>();
  for (const pt of r.postTagRows) tagsOf.set(pt.postId, [...(tagsOf.get(pt.postId) ?? []), pt.slug]);
  return {
    format: BYLINE_EXPORT_FORMAT,
    version: BYLINE_EXPORT_VERSION,
    exportedAt: new Date(now).toISOString(),
    users: r.userRows.map((u) => ({
      username: u.username,
      name: u.name,
      email: u.email,
      bio: u.bio,
      image: u.image,
      role: toRole(u.role),
      disabled: u.disabledAt !== null,
      createdAt: u.createdAt.toISOString(),
    })),
    categories: r.categoryRows,
    tags: r.tagRows,
    posts: r.postRows.map((p) => ({
      slug: p.slug,
      title: p.title,
      excerpt: p.excerpt,
      body: p.body,
      coverImage: p.coverImage,
      coverAlt: p.coverAlt,
      status: p.status,
      publishedAt: iso(p.publishedAt),
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
      author: p.author,
      category: p.category,
      tags: tagsOf.get(p.id) ?? [],
    })),
    featured: r.featuredRows.map((f) => f.slug),
    media: r.mediaRows.map((m) => ({ key: m.key, url: `/media/${m.key}`, contentType: m.contentType, size: m.size, owner: m.owner, createdAt: m.createdAt.toISOString() })),
  };
}
