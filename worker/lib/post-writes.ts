// Writing posts: the one code path behind POST/PUT /api/posts/… and the admin's
// PUT/PATCH /api/admin/posts/:slug — loading, category and author references, versioned updates.
import type { PostInputData, PostResponse, PostUpdateInputData } from '../../contracts/posts';
import { isAdmin } from '../../contracts/roles';
import { constraintFailureOf } from '../db/constraint-failure';
import type { Db, SessionUser } from '../env';
import { findCategoryId } from '../queries/categories';
import { findPostBySlug, insertPost, SlugTakenError, storeBodyHtml, toPost, updatePostVersioned, userExists, type PostRow } from '../queries/posts';
import { findPublicUser } from '../queries/profile';
import { conflict, forbidden, notFound, validationFailed } from './http-error';
import { MARKDOWN_RULES_VERSION, renderMarkdown } from './markdown';
import { resolvePostValues } from './post-fields';
import { slugify } from './slug';

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

/** The author a write assigns: kept or the sender unless an admin names someone else. */
async function authorIdFor(
  db: Db,
  user: SessionUser,
  requested: string | undefined,
  current: Pick<PostRow, 'authorId' | 'authorUsername'> | null,
): Promise<number> {
  if (requested === undefined) return current?.authorId ?? user.id;
  if (current ? requested === current.authorUsername : requested === user.username) return current?.authorId ?? user.id;
  if (!isAdmin(user)) throw forbidden('Only admins may choose the author of a post');
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
 * A whole post for a reader or the editor, with its HTML as stored at write time. A row stored before
 * body_html existed, or by older rules (MARKDOWN_RULES_VERSION), is rendered once here and stored.
 */
export async function fullPost(db: Db, row: PostRow): Promise<PostResponse> {
  if (row.bodyHtml !== null && row.bodyHtmlVersion === MARKDOWN_RULES_VERSION) return { post: toPost(row, row.bodyHtml) };
  const bodyHtml = renderMarkdown(row.body);
  await storeBodyHtml(db, { id: row.id, version: row.version, bodyHtml, bodyHtmlVersion: MARKDOWN_RULES_VERSION });
  return { post: toPost(row, bodyHtml) };
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
  const [categoryId, authorId] = await Promise.all([categoryIdFor(db, input.category), authorIdFor(db, user, input.author, null)]);
  const values = resolvePostValues(input, null, { categoryId, authorId }, now);
  let slug: string;
  try {
    slug = await insertPost(db, values, input.slug ? { handSet: input.slug } : { base: slugify(input.title) });
  } catch (err) {
    throw await goneReference(db, err, authorId);
  }
  return fullPost(db, await loadPost(db, slug));
}

/**
 * Updates `existing` (already checked: `user` may change it) from a whole post input carrying the
 * version the editor loaded; a stale version → 409 and nothing changes. Becoming a draft drops the
 * post from the featured list in the same batch. Answers the post as stored.
 */
export async function updatePostAs(
  db: Db,
  user: SessionUser,
  existing: PostRow,
  input: PostUpdateInputData,
  now: number,
): Promise<PostResponse> {
  if (input.version !== existing.version) throw stale();
  const [categoryId, authorId] = await Promise.all([
    categoryIdFor(db, input.category),
    authorIdFor(db, user, input.author, existing),
  ]);
  const slug = input.slug ?? existing.slug;
  const values = resolvePostValues(input, existing, { categoryId, authorId }, now);
  let outcome;
  try {
    outcome = await updatePostVersioned(db, { id: existing.id, version: input.version, slug, values, now });
  } catch (err) {
    throw await goneReference(db, err, authorId);
  }
  if (!outcome.ok) {
    if (outcome.reason === 'gone') throw notFound('No such post');
    throw stale();
  }
  return fullPost(db, await loadPost(db, slug));
}
