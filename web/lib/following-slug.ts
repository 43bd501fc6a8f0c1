// A slug that follows the text it is made from (a post's title, a category's name) until someone edits it:
// the one rule behind the editor's slug field and the admin's category form.
import { slugify } from '../../contracts/slugify';

export interface FollowingSlug {
  slug: string;
  /** Set once the slug itself was typed in (or it is a saved address): from then on it stays as it is. */
  slugEdited: boolean;
}

/** The slug after its source text changed to `source`: made from it (contracts/slugify.ts) until edited. */
export const followSource = <T extends FollowingSlug>(state: T, source: string): T =>
  state.slugEdited ? state : { ...state, slug: slugify(source) };

/** The slug after someone typed `slug` into it: theirs from now on. */
export const editSlug = <T extends FollowingSlug>(state: T, slug: string): T => ({ ...state, slug, slugEdited: true });
