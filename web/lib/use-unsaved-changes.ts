// Warns before leaving with unsaved changes: in-app navigation (React Router's blocker) and tab close.
// After a successful save the caller may navigate at once: `allowLeaving()` lifts the warning for that
// navigation, before React has re-rendered with the saved state.
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';

export function useUnsavedChangesWarning(dirty: boolean, message = 'You have unsaved changes. Leave anyway?'): { allowLeaving: () => void } {
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);
  // A layout effect: Preact runs passive effects only after the next frame, and a tab closed right after
  // a keystroke must still warn.
  useLayoutEffect(() => {
    if (!dirty) {
      leaving.current = false;
      return;
    }
    const warn = (e: BeforeUnloadEvent) => {
      if (leaving.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const allowLeaving = useCallback(() => {
    leaving.current = true;
  }, []);
  return { allowLeaving };
}
