// The editor's buttons for the post's state: a draft is saved, published or scheduled; a published post
// is updated, unpublished or scheduled; a scheduled one is updated, published now or unscheduled; one
// pending review is published, scheduled or saved as it is. Someone who may not publish (a contributor)
// saves a draft or submits it for review, and may take a pending one back to draft.
import type { PostState } from '../../../contracts/post-status';
import type { Intent } from './draft';

interface Action {
  intent: Intent;
  label: string;
  progress: string;
  primary?: boolean;
}

const ACTIONS: Record<PostState, Action[]> = {
  draft: [
    { intent: 'draft', label: 'Save draft', progress: 'Saving…' },
    { intent: 'publish', label: 'Publish now', progress: 'Publishing…', primary: true },
    { intent: 'schedule', label: 'Schedule', progress: 'Scheduling…' },
  ],
  published: [
    { intent: 'update', label: 'Update', progress: 'Updating…', primary: true },
    { intent: 'draft', label: 'Unpublish', progress: 'Unpublishing…' },
    { intent: 'schedule', label: 'Schedule', progress: 'Scheduling…' },
  ],
  pending: [
    { intent: 'publish', label: 'Publish now', progress: 'Publishing…', primary: true },
    { intent: 'schedule', label: 'Schedule', progress: 'Scheduling…' },
    { intent: 'submit', label: 'Save', progress: 'Saving…' },
  ],
  scheduled: [
    { intent: 'update', label: 'Update', progress: 'Updating…', primary: true },
    { intent: 'publish', label: 'Publish now', progress: 'Publishing…' },
    { intent: 'draft', label: 'Unschedule', progress: 'Unscheduling…' },
  ],
};

/** A contributor's buttons: a published or scheduled post of theirs is read-only (the editor shows no buttons). */
const REVIEW_ACTIONS: Record<PostState, Action[]> = {
  draft: [
    { intent: 'draft', label: 'Save draft', progress: 'Saving…' },
    { intent: 'submit', label: 'Submit for review', progress: 'Submitting…', primary: true },
  ],
  pending: [
    { intent: 'submit', label: 'Save', progress: 'Saving…', primary: true },
    { intent: 'draft', label: 'Back to draft', progress: 'Saving…' },
  ],
  published: [],
  scheduled: [],
};

interface Props {
  state: PostState;
  /** Whether the user may publish and schedule (contracts/post-permissions.ts `mayPublish`); else they submit for review. */
  mayPublish: boolean;
  /** The save in flight, whose button says what it is doing. */
  running: Intent | null;
  /** The save whose pre-publish check is running, whose button says "Checking…". */
  checking?: Intent | null;
  disabled: boolean;
  onSave: (intent: Intent) => void;
  /** Shown for a saved post. */
  onDelete?: () => void;
}

export function PublishActions({ state, mayPublish, running, checking = null, disabled, onSave, onDelete }: Props) {
  return (
    <>
      {(mayPublish ? ACTIONS : REVIEW_ACTIONS)[state].map((a) => (
        <button key={a.intent} type="button" className={a.primary ? 'primary' : undefined} onClick={() => onSave(a.intent)} disabled={disabled}>
          {running === a.intent ? a.progress : checking === a.intent ? 'Checking…' : a.label}
        </button>
      ))}
      {onDelete ? (
        <button type="button" className="danger" onClick={onDelete} disabled={disabled}>
          Delete
        </button>
      ) : null}
    </>
  );
}
