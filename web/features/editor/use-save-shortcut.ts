// Ctrl+S / Cmd+S saves instead of the browser's "Save page".
import { useEffect, useRef } from 'react';

export function useSaveShortcut(onSave: () => void): void {
  const handler = useRef(onSave);
  handler.current = onSave;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        handler.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
