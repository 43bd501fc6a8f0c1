// The post being edited: what the server last answered (`post`, whose version the next save sends), the
// author's draft, and the draft as last saved (to tell unsaved changes).
import { useCallback, useRef, useState } from 'react';
import type { Category } from '../../../contracts/categories';
import type { Post } from '../../../contracts/posts';
import { slugify } from '../../../contracts/slugify';
import { draftOf, sameDraft, withField, type Draft, type DraftText } from './draft';

export interface PostDraft {
  post: Post | null;
  draft: Draft;
  saved: Draft;
  dirty: boolean;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  /** Replaces the text fields (a restored local copy); the rest of the draft stays. */
  setText: (text: DraftText) => void;
  /** Loads a post from the server: draft and saved copy both become it. */
  load: (post: Post) => void;
  /**
   * A save of `sent` answered `result`: the new version is adopted; the draft becomes the server's copy
   * unless the author typed on while it was saving, in which case their text stays (and stays unsaved).
   */
  afterSave: (result: Post, sent: Draft) => void;
  /** Adopts a newer version of the post without touching the draft (keep my text over theirs). */
  adopt: (post: Post) => void;
}

/** `zone`: the site's time zone, in which the draft's schedule time is a wall-clock time. */
export function usePostDraft(initial: Post | null, categories: Category[], zone: string, defaultCategory: string | null = null): PostDraft {
  const [post, setPost] = useState<Post | null>(initial);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial, categories, zone, defaultCategory));
  const [saved, setSaved] = useState<Draft>(draft);
  // The draft as of the last render, for callbacks that finish after the author typed on.
  const current = useRef(draft);
  current.current = draft;

  const set = useCallback(<K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => withField(d, key, value)), []);
  // A restored slug that is not simply the restored title's keeps being the author's own.
  const setText = useCallback((text: DraftText) => setDraft((d) => ({ ...d, ...text, slugEdited: d.slugEdited || text.slug !== slugify(text.title) })), []);
  const load = useCallback(
    (next: Post) => {
      const fresh = draftOf(next, categories, zone);
      setPost(next);
      setDraft(fresh);
      setSaved(fresh);
    },
    [categories, zone],
  );
  const savedAs = useCallback(
    (result: Post, sent: Draft) => {
      setPost(result);
      if (sameDraft(current.current, sent)) {
        const fresh = draftOf(result, categories, zone);
        setDraft(fresh);
        setSaved(fresh);
      } else {
        // The address may have changed (a made slug); the author's later edits stay as they are.
        setSaved({ ...sent, slug: result.slug, slugEdited: true });
        setDraft((d) => (d.slugEdited ? d : { ...d, slug: result.slug, slugEdited: true }));
      }
    },
    [categories, zone],
  );
  return { post, draft, saved, dirty: !sameDraft(draft, saved), set, setText, load, afterSave: savedAs, adopt: setPost };
}
