// The pre-publish check in the editor: Publish, Schedule (and a contributor's "Submit for review") first
// run the check; with nothing to say the save goes straight through, otherwise the dialog lists the
// warnings with "… anyway" and "Keep editing". Never blocking: a check that fails to load or run lets the
// save through. The rules' module (with markdown-it) is loaded only when a check runs.
import { useRef, useState } from 'react';
import type { PostState } from '../../../contracts/post-status';
import type { PageReads } from '../../../contracts/page-reads';
import type { Intent } from './draft';
import type { CheckedPage, CheckedPost, PrePublishWarning } from './pre-publish-check';
import { missingSiteLinks, type LinkReads } from './pre-publish-links';

/** Whether this save puts the post before readers (or a reviewer): only those are checked first. */
export const isCheckedIntent = (intent: Intent, state: PostState): boolean =>
  intent === 'publish' || intent === 'schedule' || (intent === 'submit' && state === 'draft');

/** Every warning for the post: the pure rules, then the site links' existence reads (in parallel). */
export async function runPrePublishCheck(post: CheckedPost | CheckedPage, siteOrigin: string, reads: LinkReads): Promise<PrePublishWarning[]> {
  const { bodyFacts, prePublishWarnings } = await import('./pre-publish-check');
  const links = await missingSiteLinks(bodyFacts(post.body).links, siteOrigin, reads);
  return [...prePublishWarnings(post), ...links];
}

export interface PendingSave {
  intent: Intent;
  warnings: PrePublishWarning[];
}

export interface PrePublishCheck {
  /** The save waiting for the author's answer in the dialog, or null. */
  pending: PendingSave | null;
  checking: boolean;
  /** The save whose check is running (its button says so), or null. */
  checkingFor: Intent | null;
  /** The last list shown in the side panel (null: not checked yet). */
  panel: PrePublishWarning[] | null;
  /** Saves with `intent`, after the check for the intents that need one. */
  save: (intent: Intent) => Promise<void>;
  /** Runs the check for the side panel. */
  checkNow: () => Promise<void>;
  confirm: () => void;
  cancel: () => void;
}

interface Options {
  /** The post (or page) as it would be published. */
  post: () => CheckedPost | CheckedPage;
  state: PostState;
  reads: PageReads;
  onSave: (intent: Intent) => void;
}

export function usePrePublishCheck({ post, state, reads, onSave }: Options): PrePublishCheck {
  const [pending, setPending] = useState<PendingSave | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkingFor, setCheckingFor] = useState<Intent | null>(null);
  const [panel, setPanel] = useState<PrePublishWarning[] | null>(null);
  const running = useRef(false);

  async function warnings(): Promise<PrePublishWarning[] | null> {
    if (running.current) return null;
    running.current = true;
    setChecking(true);
    try {
      return await runPrePublishCheck(post(), window.location.origin, reads);
    } catch {
      return [];
    } finally {
      running.current = false;
      setChecking(false);
    }
  }

  return {
    pending,
    checking,
    checkingFor,
    panel,
    save: async (intent) => {
      if (!isCheckedIntent(intent, state)) return onSave(intent);
      setCheckingFor(intent);
      const found = await warnings();
      setCheckingFor(null);
      if (found === null) return;
      setPanel(found);
      if (found.length === 0) onSave(intent);
      else setPending({ intent, warnings: found });
    },
    checkNow: async () => {
      const found = await warnings();
      if (found !== null) setPanel(found);
    },
    confirm: () => {
      if (!pending) return;
      setPending(null);
      onSave(pending.intent);
    },
    cancel: () => setPending(null),
  };
}
