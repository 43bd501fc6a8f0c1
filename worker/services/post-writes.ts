// Writing posts: the one code path behind POST/PUT /api/posts/…, the admin's PUT/PATCH
// /api/admin/posts/:slug and a revision's restore — loading, category and author references, tags,
// revisions, old slugs, versioned updates.
import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { fieldErrorsFrom } from '../../contracts/field-errors';
import { PostUpdateInputSchema, type PostInputData, type PostResponse, type PostStatus, type PostUpdateInputData } from '../../contracts/posts';
import { can } from '../../contracts/permissions';
import { constraintFailureOf } from '../db/constraint-failure';
import type { Db, SessionUser } from '../env';
import { findCategoryId } from '../queries/categories';
import { keepOldSlugQuery, releaseOldSlugQuery, type MovedPost } from '../queries/post-slugs';
import { tagsFromJson } from '../queries/post-tags';
import {
  deletePostVersioned,
  findPostBySlug,
  findPostOrMoved,
  insertPost,
  SlugTakenError,
  slugInUse,
  toPost,
  updatePostVersioned,
  userExists,
  type PostRow,
  type PostValues,
} from '../queries/posts';
import { findPublicUser } from '../queries/profile';
import { findRevision, keepRevisionQueries, postHasVersion } from '../queries/revisions';
import { replacePostTagsQueries } from '../queries/tags';
import { conflict, forbidden, notFound, validationFailed } from '../lib/http-error';
import { requirePostWriter, requireStatusAllowed, requireVisiblePost } from '../lib/permissions';
import { resolvePostValues } from './post-fields';
import { bodyImageSizes } from './body-images';
import { bodyHtmlOf } from './body-html';
import { slugify } from '../lib/slug';
import { resolveTags } from './tag-writes';

const SLUG_TAKEN = 'That slug is already used by another post';
const slugTaken = () => conflict(SLUG_TAKEN, { slug: SLUG_TAKEN });
const stale = () =>
  conflict('This post was changed elsewhere; reload it to see the latest version', {
    version: 'This post was changed since you opened it',
  });

async function categoryIdFor(db: Db, slug: string): Promise<number> {
  const id = await findCategoryId(db, slug);
  if (id === null) throw validationFailed({ category: 'Choose an existing category' });
  return id;
}

/** The author a write assigns: kept or the sender unless an editor or admin names someone else. */
async function authorIdFor(
  db: Db,
  user: SessionUser,
  requested: string | undefined,
  current: Pick<PostRow, 'authorId' | 'authorUsername'> | null,
): Promise<number> {
  if (requested === undefined) return current?.authorId ?? user.id;
  if (current ? requested === current.authorUsername : requested === user.username) return current?.authorId ?? user.id;
  if (!can(user, 'posts.editAny')) throw forbidden('Only editors and admins may choose the author of a post');
  const author = await findPublicUser(db, requested);
  if (!author) throw validationFailed({ author: 'No such author' });
  return author.id;
}

/** A post by slug, any status (the caller decides who may see it); unknown → 404. */
export async function loadPost(db: Db, slug: string): Promise<PostRow> {
  const post = await findPostBySlug(db, slug);
  if (!post) throw notFound('No such post');
  return post;
}

/**
 * `:slug` for a reader: the post, or — when the slug is an old one of a post `user` may see — where it
 * moved (`{ movedTo }`: the route answers 301); otherwise 404 (a draft's old slug too, for others).
 */
export async function loadPostOrMove(
  db: Db,
  user: SessionUser | null,
  slug: string,
  now: number,
): Promise<{ post: PostRow } | { movedTo: MovedPost }> {
  const found = await findPostOrMoved(db, slug);
  if (found.post) return { post: found.post };
  if (!found.moved) throw notFound('No such post');
  requireVisiblePost(user, found.moved, now);
  return { movedTo: found.moved };
}

/** A whole post for a reader or the editor, with its HTML as stored (services/body-html.ts). */
export async function fullPost(db: Db, row: PostRow): Promise<PostResponse> {
  return { post: toPost(row, await bodyHtmlOf(db, row)) };
}

/**
 * A write refused because its category or author was deleted meanwhile (FOREIGN KEY) → 422 naming that
 * field; a taken hand-set slug → 409; any other error is passed on to the error policy unchanged.
 */
async function goneReference(db: Db, err: unknown, authorId: number): Promise<unknown> {
  if (err instanceof SlugTakenError) return slugTaken();
  if (constraintFailureOf(err)?.kind !== 'foreign_key') return err;
  // A post refers to its category and its author only; an author with posts is never deleted, a category may be.
  if (!(await userExists(db, authorId))) return validationFailed({ author: 'No such author' });
  return validationFailed({ category: 'Choose an existing category' });
}

/** `POST /api/posts` as `user`: the new post, read back. */
export async function createPostAs(db: Db, user: SessionUser, input: PostInputData, now: number): Promise<PostResponse> {
  requireStatusAllowed(user, input.status);
  const [categoryId, authorId] = await Promise.all([categoryIdFor(db, input.category), authorIdFor(db, user, input.author, null)]);
  const values = resolvePostValues(input, null, { categoryId, authorId, editedBy: user.id }, now, await bodyImageSizes(db, input.body));
  let slug: string;
  try {
    slug = await insertPost(db, values, input.slug ? { handSet: input.slug } : { base: slugify(input.title) });
  } catch (err) {
    throw await goneReference(db, err, authorId);
  }
  // After the insert, so a refused create (a taken slug, a category gone) makes no tags either.
  const tags = await resolveTags(db, input.tags ?? []);
  const [first, ...rest] = alongsideCreate(db, slug, (postId) => (tags.length > 0 ? [...replacePostTagsQueries(db, postId, tags.map((t) => t.id), sql`1`)] : []));
  await db.batch([first!, ...rest]);
  return fullPost(db, await loadPost(db, slug));
}

/**
 * What a new post writes besides its row, in a batch after it (createPostAs, the import): its slug is
 * its own now, so it stops redirecting to another post; its tags (`tags` gets the SQL naming the new
 * post); and `oldSlugs` — addresses it had before, as an import brings them — redirect to it from now on.
 */
export function alongsideCreate(
  db: Db,
  slug: string,
  tags: (postId: SQL) => BatchItem<'sqlite'>[],
  oldSlugs: readonly string[] = [],
): BatchItem<'sqlite'>[] {
  const postId = sql`(SELECT np.id FROM posts AS np WHERE np.slug = ${slug})`;
  const moved = oldSlugs.filter((old) => old !== slug).map((oldSlug) => keepOldSlugQuery(db, { postId, oldSlug, guard: sql`1` }));
  return [releaseOldSlugQuery(db, slug), ...tags(postId), ...moved];
}

/**
 * Updates `existing` from a whole post input carrying the version the editor loaded; a stale version → 409
 * and nothing changes. Whether `user` may change the post and give it that status is asked here, so every
 * write (PUT, the admin's quick actions, a revision's restore) answers the same 403. Leaving `published`
 * drops the post from the featured list in the same batch. Answers the post as stored.
 */
export async function updatePostAs(
  db: Db,
  user: SessionUser,
  existing: PostRow,
  input: PostUpdateInputData,
  now: number,
): Promise<PostResponse> {
  requirePostWriter(user, existing);
  requireStatusAllowed(user, input.status);
  if (input.version !== existing.version) throw stale();
  const [categoryId, authorId] = await Promise.all([
    categoryIdFor(db, input.category),
    authorIdFor(db, user, input.author, existing),
  ]);
  const slug = input.slug ?? existing.slug;
  const values = resolvePostValues(input, existing, { categoryId, authorId, editedBy: user.id }, now, await bodyImageSizes(db, input.body));
  // A change of status, date or tags alone leaves the content, and so who wrote it, as it was.
  if (values.title === existing.title && values.excerpt === existing.excerpt && values.body === existing.body) {
    values.editedBy = existing.editedBy ?? existing.authorId;
  }
  // A slug another post has is refused before any new tag is made (the batch would refuse it too, later).
  if (slug !== existing.slug && (await slugInUse(db, slug))) throw slugTaken();
  const tagIds = input.tags === undefined ? undefined : await tagIdsIfChanged(db, existing, input.tags);
  const before = alongsideUpdate(db, existing, { version: input.version, slug, values, tagIds });
  let outcome;
  try {
    outcome = await updatePostVersioned(db, { id: existing.id, version: input.version, slug, values, now, before });
  } catch (err) {
    throw await goneReference(db, err, authorId);
  }
  if (!outcome.ok) {
    if (outcome.reason === 'gone') throw notFound('No such post');
    throw stale();
  }
  return fullPost(db, await loadPost(db, slug));
}

/** What a quick change (the list's actions, one by one or in bulk) sets; the post's other fields are kept. */
export interface PostChange {
  status?: PostStatus;
  /** As in a PUT: with `published`, null or absent is now (republishing keeps the first date); a future one schedules. */
  publishedAt?: string | null;
  /** A category slug. */
  category?: string;
  /** The version the admin saw. */
  version: number;
}

/**
 * Changes the status, date or category of `existing` through updatePostAs, its other fields as stored: the
 * same rules and versioned write as a PUT (a stale version → 409 with nothing changed; an empty body cannot
 * be published → 422 fields.body; a post that becomes a draft leaves the featured list).
 */
export async function changePostAs(db: Db, user: SessionUser, existing: PostRow, change: PostChange, now: number): Promise<PostResponse> {
  const status = change.status ?? existing.status;
  const input = PostUpdateInputSchema.safeParse({
    title: existing.title,
    body: existing.body,
    category: change.category ?? existing.categorySlug,
    status,
    excerpt: existing.excerpt,
    coverImage: existing.coverImage,
    coverAlt: existing.coverAlt,
    coverDecorative: existing.coverDecorative,
    // Publishing without a date: now, or the date it was first published (republishing keeps it); see post-fields.ts.
    publishedAt: change.status === 'published' ? (change.publishedAt ?? null) : change.publishedAt,
    version: change.version,
  });
  if (!input.success) throw validationFailed(fieldErrorsFrom(input.error));
  return updatePostAs(db, user, existing, input.data, now);
}

/** Deletes `existing` (and its featured entry) if it still has `version`: a post changed since it was seen → 409, kept. */
export async function deletePostAt(db: Db, existing: PostRow, version: number): Promise<void> {
  if (version !== existing.version || !(await deletePostVersioned(db, existing.id, version))) throw stale();
}

/** The ids of the tags `names` name, or undefined when they are the post's tags already (in that order). */
async function tagIdsIfChanged(db: Db, existing: PostRow, names: readonly string[]): Promise<number[] | undefined> {
  const tags = await resolveTags(db, names);
  const current = tagsFromJson(existing.tagsJson).map((t) => t.slug);
  if (tags.length === current.length && tags.every((t, i) => t.slug === current[i])) return undefined;
  return tags.map((t) => t.id);
}

/**
 * What an update writes besides the post row, in its batch and before it (each statement guarded by the
 * version the editor loaded, so a stale update changes nothing at all): the previous content as a
 * revision when title, excerpt or body change (the newest REVISIONS_KEPT kept); the new tags; and, when
 * the slug changes, the old slug redirecting here and the new one no longer redirecting elsewhere.
 */
function alongsideUpdate(
  db: Db,
  existing: PostRow,
  change: { version: number; slug: string; values: PostValues; tagIds: number[] | undefined },
): BatchItem<'sqlite'>[] {
  const guard: SQL = postHasVersion(existing.id, change.version);
  const { title, excerpt, body } = change.values;
  const out: BatchItem<'sqlite'>[] = [...keepRevisionQueries(db, { postId: existing.id, version: change.version, title, excerpt, body })];
  if (change.tagIds !== undefined) out.push(...replacePostTagsQueries(db, sql`${existing.id}`, change.tagIds, guard));
  if (change.slug !== existing.slug) {
    out.push(releaseOldSlugQuery(db, change.slug, guard), keepOldSlugQuery(db, { postId: existing.id, oldSlug: existing.slug, guard }));
  }
  return out;
}

/**
 * `POST /api/posts/:slug/revisions/:id/restore {version}`: the revision's title, excerpt and body become
 * the post's content as a new version, through updatePostAs (so the content replaced is kept as a
 * revision too); a revision of another post → 404, a stale version → 409 and nothing changes.
 */
export async function restoreRevisionAs(
  db: Db,
  user: SessionUser,
  existing: PostRow,
  input: { revisionId: number; version: number },
  now: number,
): Promise<PostResponse> {
  const revision = await findRevision(db, existing.id, input.revisionId);
  if (!revision) throw notFound('No such revision');
  return updatePostAs(
    db,
    user,
    existing,
    {
      title: revision.title,
      excerpt: revision.excerpt,
      body: revision.body,
      category: existing.categorySlug,
      status: existing.status,
      version: input.version,
    },
    now,
  );
}
