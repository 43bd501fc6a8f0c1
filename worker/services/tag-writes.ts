// Writing tags: the tags a post's names resolve to (created on first use), and the admin's rename,
// delete and merge — the HTTP answers of those writes; SQL lives in queries/tags.ts.
import type { TagResponse, TagUpdateInput } from '../../contracts/tags';
import { tags } from '../db/schema';
import type { Db } from '../env';
import { conflict, notFound, validationFailed } from '../lib/http-error';
import { nameKey } from '../lib/name-key';
import { slugify } from '../lib/slug';
import { addMovedRedirect } from './redirect-writes';
import { deleteTag, findTagBySlug, findTagsByNames, insertTag, mergeTags, updateTag, type TagRow } from '../queries/tags';

/** A tag name as the tags_name_unique index compares it. */
export const tagNameKey = nameKey;

/** `names` without repeats (case-insensitive), first spelling and order kept. */
export function distinctTagNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.filter((n) => {
    const key = tagNameKey(n);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The tags a post's names name, in their order: an existing tag of that name (any case) is reused, a new
 * name creates a tag with a slug made like a category's (`slugify`, then the first free `-2`, `-3`, …).
 */
export async function resolveTags(db: Db, names: readonly string[]): Promise<TagRow[]> {
  const wanted = distinctTagNames(names);
  if (wanted.length === 0) return [];
  const byKey = new Map((await findTagsByNames(db, wanted)).map((t) => [tagNameKey(t.name), t]));
  const missing = wanted.filter((n) => !byKey.has(tagNameKey(n)));
  if (missing.length > 0) {
    // One at a time: each insert picks its slug among the tags the previous ones made.
    for (const name of missing) await insertTag(db, name, slugify(name));
    // Read back, including a tag of the same name someone else created meanwhile.
    for (const t of await findTagsByNames(db, missing)) byKey.set(tagNameKey(t.name), t);
  }
  return wanted.map((n) => byKey.get(tagNameKey(n))).filter((t): t is TagRow => t !== undefined);
}

/**
 * A new tag with the slug the import checked, as one statement of its batch: as a post's new tag name, a
 * slug taken meanwhile inserts nothing (no row returned) and a name taken fails the batch.
 */
export const newTagQuery = (db: Db, t: { slug: string; name: string }) =>
  db.insert(tags).values({ slug: t.slug, name: t.name }).onConflictDoNothing({ target: tags.slug }).returning({ slug: tags.slug });

/** A tag by slug (with its visible count), or 404. */
export async function loadTag(db: Db, slug: string, now: number) {
  const tag = await findTagBySlug(db, slug, now);
  if (!tag) throw notFound('No such tag');
  return tag;
}

const TAKEN = { name: 'Another tag already has that name', slug: 'Another tag already has that slug' } as const;

/** `PATCH /api/admin/tags/:slug`: a taken name or slug → 409 naming the field; answers the tag as renamed. */
export async function renameTag(db: Db, slug: string, input: TagUpdateInput, now: number): Promise<TagResponse> {
  const tag = await loadTag(db, slug, now);
  const taken = await updateTag(db, tag.id, input, now);
  if (taken) throw conflict(TAKEN[taken], { [taken]: TAKEN[taken] });
  if (input.slug) await addMovedRedirect(db, `/tag/${tag.slug}`, `/tag/${input.slug}`, 'tag');
  const { id: _id, ...renamed } = await loadTag(db, input.slug ?? tag.slug, now);
  return { tag: renamed };
}

/** `DELETE /api/admin/tags/:slug`: the tag leaves every post that had it. */
export async function removeTag(db: Db, slug: string, now: number): Promise<void> {
  await deleteTag(db, (await loadTag(db, slug, now)).id);
}

/** `POST /api/admin/tags/:slug/merge {into}`: unknown either → 404; into itself → 422; answers the tag merged into. */
export async function mergeTag(db: Db, slug: string, into: string, now: number): Promise<TagResponse> {
  if (slug === into) {
    await loadTag(db, slug, now);
    throw validationFailed({ into: 'Choose another tag to merge into' });
  }
  const [from, target] = await Promise.all([loadTag(db, slug, now), loadTag(db, into, now)]);
  await mergeTags(db, from.id, target.id);
  await addMovedRedirect(db, `/tag/${from.slug}`, `/tag/${target.slug}`, 'tag');
  const { id: _id, ...merged } = await loadTag(db, target.slug, now);
  return { tag: merged };
}
