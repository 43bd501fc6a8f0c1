// One import batch (docs/decisions/024-import-export.md, 036-import-through-services.md): checked against
// the database first (what exists is skipped and reported, never changed), then written in ONE D1 batch,
// all or nothing, through the services every other write uses — accounts by user-writes (the one
// username rule), categories and tags by their INSERTs in category-writes and tag-writes, posts by
// post-fields' values and post-writes' alongsideCreate (old slugs released and kept, tags). An item is
// counted imported only when its INSERT returned its row.
import type { BatchItem } from 'drizzle-orm/batch';
import { CategoryInputSchema } from '../../contracts/categories';
import { emptyCounts, type ImportBatchData, type ImportBatchReport, type ImportCounts, type ImportKind } from '../../contracts/import';
import { CoverAltSchema, CoverImageSchema, FEATURED_MAX, PostTitleSchema, type PostInputData } from '../../contracts/posts';
import { ROLE_ADMIN, ROLE_AUTHOR } from '../../contracts/roles';
import { SeoInputSchema } from '../../contracts/seo';
import { TagNameSchema } from '../../contracts/tags';
import { USERNAME_RESERVED, usernameIssue } from '../../contracts/username-rule';
import { ImageUrlSchema } from '../../contracts/users';
import { uniqueViolationOf } from '../db/constraint-failure';
import type { Db, SessionUser } from '../env';
import { conflict } from '../lib/http-error';
import { nameKey } from '../lib/name-key';
import { unusablePasswordHash } from '../lib/password';
import { slugify, slugRoot } from '../lib/slug';
import {
  featuredState,
  findCategoriesByNames,
  findCategoriesBySlugs,
  findPostStatesBySlugs,
  findTagsByNames,
  findTagsBySlugs,
  findUsersByEmails,
  findUsersByUsernames,
  insertFeaturedStatement,
  insertImportedPostStatement,
  postTagsBySlugsStatement,
  shiftFeaturedStatement,
} from '../queries/import';
import { newCategoryQuery } from './category-writes';
import { planRedirects } from './import-redirects';
import { importNavigation, importPages } from './import-pages';
import { importSettings } from './import-settings';
import { resolvePostValues } from './post-fields';
import { alongsideCreate } from './post-writes';
import { newTagQuery } from './tag-writes';
import { checkAccountFields, newAccountQuery } from './user-writes';

const firstIssue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message ?? 'Not valid';

type CountedKind = Exclude<ImportKind, 'image' | 'setting' | 'page' | 'menu'>;
const COUNTS: Record<CountedKind, keyof ImportCounts> = { user: 'users', category: 'categories', tag: 'tags', post: 'posts', featured: 'featured', redirect: 'redirects' };
const TAKEN_MEANWHILE: Record<CountedKind, string> = {
  user: 'An account with this username or email was created meanwhile',
  category: 'A category with this slug was created meanwhile',
  tag: 'A tag with this slug was created meanwhile',
  post: 'A post with this slug was created meanwhile',
  featured: 'Its post left the featured list meanwhile',
  redirect: 'A redirect from this address was added meanwhile',
};

/** One statement of the batch; `item` when it writes an item the report counts (once its INSERT returns a row). */
export interface Write {
  query: BatchItem<'sqlite'>;
  item?: { kind: CountedKind; key: string };
}

export interface Plan {
  report: ImportBatchReport;
  writes: Write[];
}

/**
 * Writes one import batch (already validated by ImportBatchSchema), or nothing if D1 refuses any of it.
 * `importer` is the admin importing: a person whose every possible username is reserved on Byline
 * (WordPress's `admin`) becomes them. D1's UNIQUE indexes have the last word: a username, email, name or
 * slug another write took between the check and the batch rolls the batch back, and the batch is planned
 * once more — that item is then skipped with its reason.
 */
export async function importBatch(db: Db, input: ImportBatchData, now: number, importer: SessionUser): Promise<ImportBatchReport> {
  if (input.settings) return importSettings(db, input);
  if (input.pages.length > 0) return importPages(db, input, now, importer);
  if (input.navigation) return importNavigation(db, input);
  for (let attempt = 1; ; attempt++) {
    const plan = await planBatch(db, input, now, importer);
    try {
      return await write(db, plan);
    } catch (err) {
      if (uniqueViolationOf(err) === null) throw err;
      if (attempt >= 2) throw conflict('Another write took a name or address this batch needs; import again');
    }
  }
}

async function write(db: Db, { report, writes }: Plan): Promise<ImportBatchReport> {
  const [first, ...rest] = writes;
  if (!first) return report;
  const results = await db.batch([first.query, ...rest.map((w) => w.query)]);
  writes.forEach((w, i) => {
    if (!w.item) return;
    const result = results[i] as unknown[] | { results?: unknown[] };
    const rows = Array.isArray(result) ? result : (result.results ?? []);
    if (rows.length > 0) report.imported[COUNTS[w.item.kind]]++;
    else report.skipped.push({ ...w.item, why: TAKEN_MEANWHILE[w.item.kind] });
  });
  return report;
}

async function planBatch(db: Db, input: ImportBatchData, now: number, importer: SessionUser): Promise<Plan> {
  const plan: Plan = { report: { batch: input.batch, imported: emptyCounts(), skipped: [], warnings: [] }, writes: [] };
  const fresh = {
    users: await planUsers(db, input, now, importer, plan),
    categories: await planNamed(db, 'category', input.categories, plan),
    tags: await planNamed(db, 'tag', input.tags, plan),
  };
  if (input.posts.length > 0) await planPosts(db, input, now, plan, fresh);
  if (input.featured.length > 0) await planFeatured(db, input.featured, plan);
  if (input.redirects.length > 0) await planRedirects(db, input, plan);
  return plan;
}

/** People: matched by username, then by email; a match is skipped and its posts go to that account. */
async function planUsers(db: Db, input: ImportBatchData, now: number, importer: SessionUser, { report, writes }: Plan): Promise<Set<string>> {
  const fresh = new Set<string>();
  if (input.users.length === 0) return fresh;
  const [byNameRows, byEmailRows] = await Promise.all([
    findUsersByUsernames(db, input.users.map((u) => u.username)),
    findUsersByEmails(db, input.users.map((u) => u.email)),
  ]);
  const byName = new Map(byNameRows.map((u) => [u.username, u]));
  const byEmail = new Map(byEmailRows.map((u) => [u.email, u]));
  const emails = new Set<string>();
  for (const u of input.users) {
    const skip = (why: string, mapsTo?: string) => report.skipped.push({ kind: 'user', key: u.username, why, ...(mapsTo ? { mapsTo } : {}) });
    if (usernameIssue(u.username) === USERNAME_RESERVED) {
      skip(`“${u.username}” is reserved on Byline; their posts go to you (${importer.username})`, importer.username);
      continue;
    }
    const existing = byName.get(u.username) ?? byEmail.get(u.email);
    if (existing) {
      const why = existing.username === u.username ? 'An account with this username exists' : `The email belongs to the account ${existing.username}`;
      skip(`${why}; its posts go to that account`, existing.username);
      continue;
    }
    // The rules register and the admin's create answer with (the one username rule among them).
    const checked = checkAccountFields(u);
    if (!checked.ok) {
      skip(checked.why);
      continue;
    }
    const { username, name, email } = checked.fields;
    if (fresh.has(username) || emails.has(email)) {
      skip('Appears twice in the file');
      continue;
    }
    let image = u.image;
    if (image !== null && !ImageUrlSchema.safeParse(image).success) {
      report.warnings.push(`The picture of ${username} (${image}) is not an https:// address and was left out`);
      image = null;
    }
    // Only Byline's own export carries roles; from WordPress or Ghost everyone is an author.
    const role = input.source === 'byline' ? u.role : ROLE_AUTHOR;
    if (role === ROLE_ADMIN) report.warnings.push(`${username} is an admin, as in the export; they sign in after an admin sets their password or a password reset`);
    fresh.add(username);
    emails.add(email);
    const account = { username, name, email, passwordHash: unusablePasswordHash(), bio: u.bio, image, role, disabledAt: u.disabled ? new Date(now) : null };
    writes.push({ query: newAccountQuery(db, account), item: { kind: 'user', key: username } });
  }
  return fresh;
}

const NAMED = {
  category: {
    label: 'A category',
    bySlugs: findCategoriesBySlugs,
    byNames: findCategoriesByNames,
    nameIssue: (name: string) => {
      const r = CategoryInputSchema.shape.name.safeParse(name);
      return r.success ? null : firstIssue(r);
    },
  },
  tag: {
    label: 'A tag',
    bySlugs: findTagsBySlugs,
    byNames: findTagsByNames,
    nameIssue: (name: string) => {
      const r = TagNameSchema.safeParse(name);
      return r.success ? null : firstIssue(r);
    },
  },
} as const;

/**
 * Categories and tags: by slug; a name already used under another slug (as the lower(name) index
 * compares names) maps to that one.
 */
async function planNamed(
  db: Db,
  kind: 'category' | 'tag',
  items: { slug: string; name: string; description?: string }[],
  { report, writes }: Plan,
): Promise<Set<string>> {
  const fresh = new Set<string>();
  if (items.length === 0) return fresh;
  const rules = NAMED[kind];
  const [bySlug, byName] = await Promise.all([rules.bySlugs(db, items.map((i) => i.slug)), rules.byNames(db, items.map((i) => i.name))]);
  const slugs = new Set(bySlug.map((r) => r.slug));
  const names = new Map(byName.map((r) => [nameKey(r.name), r.slug]));
  const freshNames = new Set<string>();
  for (const item of items) {
    const skip = (why: string, mapsTo?: string) => report.skipped.push({ kind, key: item.slug, why, ...(mapsTo ? { mapsTo } : {}) });
    const key = nameKey(item.name);
    const named = names.get(key);
    const bad = rules.nameIssue(item.name);
    if (slugs.has(item.slug)) skip(`${rules.label} with this slug exists`);
    else if (named) skip(`${rules.label} named “${item.name}” exists (${named}); its posts go to it`, named);
    else if (fresh.has(item.slug) || freshNames.has(key)) skip('Appears twice in the file');
    else if (bad) skip(bad);
    else {
      fresh.add(item.slug);
      freshNames.add(key);
      const query = kind === 'category' ? newCategoryQuery(db, { slug: item.slug, name: item.name, description: item.description ?? '' }) : newTagQuery(db, item);
      writes.push({ query, item: { kind, key: item.slug } });
    }
  }
  return fresh;
}

async function planPosts(db: Db, input: ImportBatchData, now: number, { report, writes }: Plan, fresh: { users: Set<string>; categories: Set<string>; tags: Set<string> }): Promise<void> {
  // A post without a slug gets the one its title makes, as a post created in the editor does.
  const planned = input.posts.map((p) => ({ post: p, slug: p.slug ?? slugRoot('posts', slugify(p.title)) }));
  const [authors, categories, tags, taken] = await Promise.all([
    findUsersByUsernames(db, planned.map((p) => p.post.author)),
    findCategoriesBySlugs(db, planned.map((p) => p.post.category)),
    findTagsBySlugs(db, planned.flatMap((p) => p.post.tags)),
    findPostStatesBySlugs(db, planned.map((p) => p.slug)),
  ]);
  const authorSet = new Set([...authors.map((a) => a.username), ...fresh.users]);
  const categorySet = new Set([...categories.map((c) => c.slug), ...fresh.categories]);
  const tagSet = new Set([...tags.map((t) => t.slug), ...fresh.tags]);
  const takenSlugs = new Set(taken.map((t) => t.slug));
  const batchSlugs = new Set<string>();

  for (const { post: p, slug } of planned) {
    const skip = (why: string) => report.skipped.push({ kind: 'post', key: slug, why });
    const title = PostTitleSchema.safeParse(p.title);
    if (takenSlugs.has(slug)) skip('A post with this slug exists');
    else if (batchSlugs.has(slug)) skip('Appears twice in the file');
    else if (!authorSet.has(p.author)) skip(`Its author ${p.author} is neither in the file nor on this site`);
    else if (!categorySet.has(p.category)) skip(`Its category ${p.category} is neither in the file nor on this site`);
    else if (!title.success) skip(firstIssue(title));
    else {
      const postInput = importedPostInput(p, title.data, report.warnings);
      const postTags = [...new Set(p.tags.filter((t) => tagSet.has(t)))];
      if (postTags.length < new Set(p.tags).size) report.warnings.push(`“${p.title}”: unknown tags left out (${p.tags.filter((t) => !tagSet.has(t)).join(', ')})`);
      // The same rules as every post write: excerpt made from the body when absent, reading time, body HTML.
      const values = resolvePostValues(postInput, null, { categoryId: 0, authorId: 0, editedBy: 0 }, now);
      const createdAt = new Date(p.createdAt ?? p.publishedAt ?? now);
      const updatedAt = new Date(p.updatedAt ?? p.createdAt ?? p.publishedAt ?? now);
      writes.push({ query: insertImportedPostStatement(db, { slug, category: p.category, author: p.author, values, createdAt, updatedAt }), item: { kind: 'post', key: slug } });
      for (const query of alongsideCreate(db, slug, (postId) => (postTags.length > 0 ? [postTagsBySlugsStatement(db, postId, postTags)] : []), p.oldSlugs)) writes.push({ query });
      batchSlugs.add(slug);
    }
  }
}

/** A post of the file as post input: what Byline cannot keep is left out, each with a warning. */
function importedPostInput(p: ImportBatchData['posts'][number], title: string, warnings: string[]): PostInputData {
  let status = p.status;
  if (status === 'published' && p.body.trim() === '') {
    warnings.push(`“${p.title}” has no body; it was imported as a draft`);
    status = 'draft';
  }
  let coverImage = p.coverImage;
  if (coverImage !== null && !CoverImageSchema.safeParse(coverImage).success) {
    warnings.push(`The cover of “${p.title}” (${coverImage}) is neither https:// nor copied into media; it was left out`);
    coverImage = null;
  }
  let coverAlt = p.coverAlt;
  if (coverImage !== null && !CoverAltSchema.safeParse(coverAlt).success) {
    warnings.push(`The alt text of the cover of “${p.title}” has control characters; it was left out`);
    coverAlt = '';
  }
  const seo = p.seo === undefined ? undefined : SeoInputSchema.safeParse(p.seo);
  if (seo && !seo.success) warnings.push(`The SEO fields of “${p.title}” break the rules (${firstIssue(seo)}); they were left out`);
  return {
    title,
    body: p.body,
    category: p.category,
    status,
    excerpt: p.excerpt === '' ? undefined : p.excerpt,
    coverImage,
    coverAlt,
    coverDecorative: p.coverDecorative,
    publishedAt: status === 'published' ? p.publishedAt : null,
    ...(seo?.success ? { seo: seo.data } : {}),
  };
}

/**
 * The export's featured posts (WordPress's sticky posts) lead the featured list, in the export's order,
 * as they led the old site; those already featured keep their order after them.
 */
async function planFeatured(db: Db, slugs: string[], { report, writes }: Plan): Promise<void> {
  const [current, states] = await Promise.all([featuredState(db), findPostStatesBySlugs(db, slugs)]);
  const statusOf = new Map(states.map((p) => [p.slug, p.status]));
  const listed = new Set(current.slugs);
  const added: string[] = [];
  for (const slug of slugs) {
    const skip = (why: string) => report.skipped.push({ kind: 'featured', key: slug, why });
    if (listed.has(slug)) skip('Already featured');
    else if (!statusOf.has(slug)) skip('No post has this slug');
    else if (statusOf.get(slug) !== 'published') skip('Only published posts can be featured');
    else if (listed.size >= FEATURED_MAX) skip(`The featured list is full (${FEATURED_MAX} posts)`);
    else {
      added.push(slug);
      listed.add(slug);
    }
  }
  if (added.length === 0) return;
  if (current.slugs.length > 0) writes.push({ query: shiftFeaturedStatement(db, added.length) });
  added.forEach((slug, i) => writes.push({ query: insertFeaturedStatement(db, slug, i + 1), item: { kind: 'featured', key: slug } }));
}
