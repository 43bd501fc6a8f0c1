// The local copy: unsaved text kept in this browser (localStorage, one entry per post, or one for a new
// post), so a crash, a closed tab or an expired session loses nothing. On opening the editor, a copy that
// differs from the server's text is offered back ("Restore unsaved text"); a save removes it.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { sameText, textOf, type DraftText } from './draft';

const PREFIX = 'byline:editor:';

/** The storage key of a post's copy (by its slug), or of the new post being written. */
export const localCopyKey = (slug: string | null): string => `${PREFIX}${slug ?? 'new'}`;

export interface StoredCopy {
  text: DraftText;
  savedAt: string;
}

function read(storage: Storage, key: string): StoredCopy | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const copy = JSON.parse(raw) as StoredCopy;
    return typeof copy?.text?.body === 'string' && typeof copy.text.title === 'string' && Array.isArray(copy.text.tags) ? copy : null;
  } catch {
    return null; // storage blocked or a copy we cannot read: nothing to offer
  }
}

function write(storage: Storage, key: string, copy: StoredCopy | null): void {
  try {
    if (copy) storage.setItem(key, JSON.stringify(copy));
    else storage.removeItem(key);
  } catch {
    // full or blocked storage: the editor still works, without the safety net
  }
}

export interface LocalCopy {
  /** A stored copy that differs from the server's text, until the author restores or discards it. */
  offer: StoredCopy | null;
  /** Answers the offered text and ends the offer (the caller puts the text in the draft). */
  restore: () => DraftText | null;
  discard: () => void;
  /** Forgets the copy (after a save the server accepted). */
  clear: () => void;
}

/**
 * `text`: the draft's text now; `serverText`: the text the server holds; `dirty`: whether they differ
 * in anything the author changed. While an offer is open nothing is written, so the old copy survives
 * until the author chooses.
 */
export function useLocalCopy(key: string, text: DraftText, serverText: DraftText, dirty: boolean, storage?: Storage): LocalCopy {
  const [offer, setOffer] = useState<StoredCopy | null>(null);
  const ready = useRef(false);
  const offering = useRef(false);
  const store = useCallback(() => storage ?? window.localStorage, [storage]);
  const serverRef = useRef(serverText);
  serverRef.current = serverText;

  // Layout effects, not passive ones: the browser runs Preact, whose passive effects wait for the next
  // frame, so text typed just before the tab closes or reloads would never reach storage. Declared first
  // so the reader runs before the writer below on the first commit.
  useLayoutEffect(() => {
    const copy = read(store(), key);
    const differs = copy !== null && !sameText(copy.text, serverRef.current);
    offering.current = differs;
    setOffer(differs ? copy : null);
    if (copy && !differs) write(store(), key, null);
    ready.current = true;
  }, [key, store]);

  const json = JSON.stringify(textOf(text));
  useLayoutEffect(() => {
    if (!ready.current || offering.current) return;
    write(store(), key, dirty ? { text: JSON.parse(json) as DraftText, savedAt: new Date().toISOString() } : null);
  }, [key, json, dirty, store]);

  const end = () => {
    offering.current = false;
    setOffer(null);
  };
  return {
    offer,
    restore: () => {
      const copy = offer;
      end();
      return copy?.text ?? null;
    },
    discard: () => {
      end();
      write(store(), key, null);
    },
    clear: () => write(store(), key, null),
  };
}
