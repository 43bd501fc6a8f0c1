// The two actions that need a confirmation first: deleting the post, and restoring one of its revisions
// (saved as a new version; a stale version → 409 and nothing changes).
import { useState } from 'react';
import type { Post } from '../../../contracts/posts';
import type { RevisionSummary } from '../../../contracts/revisions';
import type { ApiClients } from '../../lib/api-client';
import { ApiError } from '../../lib/http';
import type { FormFeedback } from '../../lib/use-form-submit';
import { deletePost, restoreRevision } from './api';
import type { PostDraft } from './use-post-draft';

export type Confirming = { kind: 'delete' } | { kind: 'restore'; revision: RevisionSummary } | null;

export const STALE_RESTORE =
  'This post was changed elsewhere since you opened it, so nothing was restored. Reload the page to see the latest version.';

interface Options {
  api: ApiClients;
  doc: PostDraft;
  form: FormFeedback;
  /** After a delete the server accepted (the page leaves the editor). */
  onDeleted: (post: Post) => void;
  /** After a restore: the restored post is loaded; e.g. forget the local copy. */
  onRestored: () => void;
}

export interface PostCommands {
  confirming: Confirming;
  working: 'delete' | 'restore' | null;
  ask: (what: Exclude<Confirming, null>) => void;
  cancel: () => void;
  confirm: () => Promise<void>;
}

export function usePostCommands({ api, doc, form, onDeleted, onRestored }: Options): PostCommands {
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [working, setWorking] = useState<'delete' | 'restore' | null>(null);
  const post = doc.post;

  async function remove(target: Post) {
    setWorking('delete');
    try {
      await deletePost(api, target.slug);
      onDeleted(target);
    } catch (error) {
      form.fail({}, error instanceof ApiError ? error.message : 'Could not delete the post.');
      setWorking(null);
      setConfirming(null);
    }
  }

  async function restore(target: Post, revision: RevisionSummary) {
    setWorking('restore');
    try {
      const restored = await restoreRevision(api, target.slug, revision.id, target.version);
      doc.load(restored);
      onRestored();
      form.succeed(`Restored version ${revision.version}; it is now version ${restored.version}.`);
    } catch (error) {
      const stale = error instanceof ApiError && error.status === 409;
      form.fail({}, stale ? STALE_RESTORE : error instanceof ApiError ? error.message : 'Could not restore that version.');
    } finally {
      setWorking(null);
      setConfirming(null);
    }
  }

  return {
    confirming,
    working,
    ask: setConfirming,
    cancel: () => setConfirming(null),
    confirm: async () => {
      if (!post || !confirming) return;
      if (confirming.kind === 'delete') await remove(post);
      else await restore(post, confirming.revision);
    },
  };
}
