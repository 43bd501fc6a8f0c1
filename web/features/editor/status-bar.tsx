// What the author needs to know while writing: is it saved (explicit saves and autosaves), how long is it.
import type { AutosaveState } from './use-autosave';

interface Props {
  saving: boolean;
  dirty: boolean;
  autosave: AutosaveState;
  /** Autosave runs for drafts only; a published post waits for Update. */
  autosaves: boolean;
  isNew: boolean;
  words: number;
  minutes: number;
}

export function saveStateText({ saving, dirty, autosave, autosaves, isNew }: Omit<Props, 'words' | 'minutes'>): string {
  if (saving) return 'Saving…';
  if (autosave === 'failed' && dirty) return 'Not saved — your text is kept in this browser';
  if (dirty) return autosaves ? 'Unsaved changes (saving soon)' : 'Unsaved changes';
  if (isNew) return '';
  return 'Saved';
}

export function StatusBar(props: Props) {
  const { words, minutes } = props;
  return (
    <p className="editor-status">
      <span className="save-state" aria-live="polite">
        {saveStateText(props)}
      </span>
      <span className="word-count">
        {words} {words === 1 ? 'word' : 'words'} · {minutes} min read
      </span>
    </p>
  );
}
