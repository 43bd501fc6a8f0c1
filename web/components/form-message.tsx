// The two ways a form reports a problem: one message for the whole form (beside its buttons), and one
// next to a field. FormActions is the bar that holds a form's buttons and its message together.
import type { ReactNode } from 'react';

interface MessageProps {
  message: string | null | undefined;
  /** 'ok' for a result ("Draft saved."), 'error' (the default) for a failure. */
  kind?: 'error' | 'ok';
  /** Follow-up actions that belong to the message (e.g. how to resolve a conflict). */
  children?: ReactNode;
}

export function FormMessage({ message, kind = 'error', children }: MessageProps) {
  if (!message) return null;
  // Focusable (not tabbable) so a failed submit with no field to focus can move focus here.
  return (
    <div className={kind === 'error' ? 'form-message' : 'notice'} role={kind === 'error' ? 'alert' : 'status'} tabIndex={-1} data-form-message="">
      <p>{message}</p>
      {children}
    </div>
  );
}

/** A form's buttons with its message beside them; `sticky` keeps the bar in view on long forms. */
export function FormActions({ sticky = false, message, children }: { sticky?: boolean; message?: ReactNode; children: ReactNode }) {
  return (
    <div className={sticky ? 'form-actions sticky' : 'form-actions'}>
      <div className="form-actions-buttons">{children}</div>
      {message}
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}
