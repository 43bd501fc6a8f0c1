// The rules behind /admin/tags, apart from the screen: what a rename sends, which tags a tag may merge
// into, and what each outcome says.
import type { AdminTag, Tag, TagUpdateInput } from '../../../contracts/tags';
import { ApiError } from '../../lib/http';

/**
 * The PATCH body of a rename: only what changed (a field sent unchanged would be "taken" by the tag itself),
 * or null when nothing did. Blank fields are sent as typed so the contract reports them.
 */
export function renameInput(tag: Pick<Tag, 'name' | 'slug'>, typed: { name: string; slug: string }): TagUpdateInput | null {
  const name = typed.name.trim();
  const slug = typed.slug.trim().toLowerCase();
  const input: TagUpdateInput = {};
  if (name !== tag.name) input.name = name;
  if (slug !== tag.slug) input.slug = slug;
  return Object.keys(input).length > 0 ? input : null;
}

/** The tags `source` may merge into: every other one, by name. */
export const mergeTargets = (tags: readonly Tag[], source: Pick<Tag, 'slug'>): Tag[] =>
  tags.filter((t) => t.slug !== source.slug).sort((a, b) => a.name.localeCompare(b.name));

const postsText = (n: number) => `${n} ${n === 1 ? 'post' : 'posts'}`;

/** What the delete confirmation says: how many posts (of any status) lose the tag; the posts themselves stay. */
export const deleteMessage = (tag: Pick<AdminTag, 'name' | 'allPostCount'>): string =>
  tag.allPostCount > 0
    ? `“${tag.name}” will be removed from its ${postsText(tag.allPostCount)}, drafts included; the posts stay.`
    : `“${tag.name}” will be removed.`;

export const mergeMessage = (tag: Tag): string =>
  `Every post tagged “${tag.name}” gets the tag you choose instead, and “${tag.name}” is deleted.`;

/** What a failed tag action says: a tag gone meanwhile (404) is named as such; otherwise the API's words. */
export function tagActionError(error: unknown, tag: Pick<Tag, 'name'>): string {
  if (error instanceof ApiError && error.status === 404) return `“${tag.name}” no longer exists; the list has been refreshed.`;
  if (error instanceof ApiError) return Object.values(error.fields)[0] ?? error.message;
  return 'Something went wrong; please try again.';
}
