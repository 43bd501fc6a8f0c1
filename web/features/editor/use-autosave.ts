// Autosave: `delayMs` after the last change, while `enabled`, calls `save` once; the state says what the
// author sees ("Saving…", "Saved", or that it failed and the text is kept in this browser).
import { useEffect, useRef, useState } from 'react';

export type AutosaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

export const AUTOSAVE_DELAY_MS = 3000;

export interface AutosaveOptions {
  /** Anything that changes with the content (e.g. the draft as JSON); a change restarts the wait. */
  changeKey: string;
  /** Save only when true (a draft with unsaved changes, no explicit save running). */
  enabled: boolean;
  /** Answers whether the save went through. */
  save: () => Promise<boolean>;
  delayMs?: number;
}

export function useAutosave({ changeKey, enabled, save, delayMs = AUTOSAVE_DELAY_MS }: AutosaveOptions): AutosaveState {
  const [state, setState] = useState<AutosaveState>('idle');
  const saveRef = useRef(save);
  saveRef.current = save;
  // Only the newest change's save reports; the save's own answer (which may change the draft) does not cancel it.
  const round = useRef(0);
  useEffect(() => {
    if (!enabled) return;
    const mine = ++round.current;
    setState('pending');
    const timer = setTimeout(() => {
      setState('saving');
      const report = (next: AutosaveState) => {
        if (round.current === mine) setState(next);
      };
      saveRef.current().then(
        (ok) => report(ok ? 'saved' : 'failed'),
        () => report('failed'),
      );
    }, delayMs);
    return () => clearTimeout(timer);
  }, [changeKey, enabled, delayMs]);
  return state;
}
