// A native <dialog> shown modally while `open` (focus trapped, the page behind inert) and closed otherwise.
import { useEffect, useRef, type RefObject } from 'react';

export function useModalDialog(open: boolean): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
