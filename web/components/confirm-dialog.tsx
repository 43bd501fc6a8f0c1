// A modal confirmation before anything is destroyed: native <dialog>, focus trapped, Escape cancels.
import { useModalDialog } from '../lib/use-modal-dialog';

interface Props {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Names its title and message elements: a page with two dialogs gives each its own. */
  id?: string;
}

export function ConfirmDialog({ open, title, message, confirmLabel, busy = false, onConfirm, onCancel, id = 'confirm' }: Props) {
  const ref = useModalDialog(open);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-message`}>{message}</p>
      <div className="dialog-actions">
        <button type="button" onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
