// What the pre-publish check found: the dialog before a Publish, Schedule or Submit for review (native
// <dialog> like confirm-dialog.tsx: focus moves in, Escape keeps editing, the list is its description so a
// screen reader reads it out), and the same list on demand in the editor's Publishing box.
import { useModalDialog } from '../../lib/use-modal-dialog';
import type { Intent } from './draft';
import type { PrePublishWarning } from './pre-publish-check';
import type { PrePublishCheck } from './use-pre-publish-check';

const ANYWAY: Partial<Record<Intent, string>> = { publish: 'Publish anyway', schedule: 'Schedule anyway', submit: 'Submit anyway' };

const countOf = (n: number): string => (n === 1 ? 'One thing' : `${n} things`);

function WarningList({ warnings }: { warnings: PrePublishWarning[] }) {
  return (
    <ul className="pre-publish-list">
      {warnings.map((w, i) => (
        <li key={`${w.id}-${i}`} data-warning={w.id}>
          <strong>{w.message}</strong> <span className="muted">{w.hint}</span>
        </li>
      ))}
    </ul>
  );
}

export function PrePublishDialog({ check }: { check: PrePublishCheck }) {
  const pending = check.pending;
  const ref = useModalDialog(pending !== null);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog pre-publish-dialog"
      aria-labelledby="pre-publish-title"
      aria-describedby="pre-publish-message"
      onCancel={(e) => {
        e.preventDefault();
        check.cancel();
      }}
    >
      <h2 id="pre-publish-title">Before it goes out</h2>
      <div id="pre-publish-message">
        <p>{pending ? `${countOf(pending.warnings.length)} could hurt readers or search:` : ''}</p>
        {pending ? <WarningList warnings={pending.warnings} /> : null}
      </div>
      <div className="dialog-actions">
        <button type="button" onClick={check.cancel} autoFocus>
          Keep editing
        </button>
        <button type="button" className="primary" onClick={check.confirm}>
          {(pending && ANYWAY[pending.intent]) ?? 'Save anyway'}
        </button>
      </div>
    </dialog>
  );
}

/** The check on demand, in the Publishing box: its button and, once run, what it found. */
export function PrePublishPanel({ check, disabled }: { check: PrePublishCheck; disabled: boolean }) {
  const found = check.panel;
  return (
    <div className="pre-publish-panel">
      <button type="button" onClick={() => void check.checkNow()} disabled={disabled || check.checking}>
        {check.checking ? 'Checking…' : 'Check before publishing'}
      </button>
      <div role="status">
        {found === null ? null : found.length === 0 ? (
          <p>Nothing found that would hurt readers or search.</p>
        ) : (
          <>
            <p>{countOf(found.length)} could hurt readers or search:</p>
            <WarningList warnings={found} />
          </>
        )}
      </div>
    </div>
  );
}
