// Theme: localStorage 'theme', default 'dark' (saved when absent), data-theme on <html>.
import { useSyncExternalStore } from 'react';

export type Theme = 'dark' | 'light';
export const THEME_KEY = 'theme';
export const DEFAULT_THEME: Theme = 'dark';

const isTheme = (v: unknown): v is Theme => v === 'dark' || v === 'light';

/** Reads the saved theme, saving the default when none is there, and applies it to <html>. */
export function initTheme(storage: Storage, root: HTMLElement): Theme {
  let theme: Theme = DEFAULT_THEME;
  try {
    const saved = storage.getItem(THEME_KEY);
    if (isTheme(saved)) theme = saved;
    else storage.setItem(THEME_KEY, theme);
  } catch {
    // storage may be blocked; the default still applies
  }
  root.dataset.theme = theme;
  return theme;
}

/**
 * The same as initTheme, as an inline script for <head>, so the theme is set before first paint.
 * Kept in step with initTheme by a unit test.
 */
export const THEME_BOOT_SCRIPT = `(function(){var t='${DEFAULT_THEME}';try{var s=localStorage.getItem('${THEME_KEY}');if(s==='dark'||s==='light')t=s;else localStorage.setItem('${THEME_KEY}',t)}catch(e){}document.documentElement.dataset.theme=t})();`;

const listeners = new Set<() => void>();

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // not persisted; still applied
  }
  document.documentElement.dataset.theme = theme;
  for (const l of listeners) l();
}

function currentTheme(): Theme {
  const t = document.documentElement.dataset.theme;
  return isTheme(t) ? t : DEFAULT_THEME;
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    currentTheme,
    () => DEFAULT_THEME,
  );
}
