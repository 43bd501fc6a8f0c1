// What the Worker writes into the document from the settings and React does not render — `<html lang>` and
// the accent colour's stylesheet — kept in step after the settings change without a reload (the settings
// screen revalidates the root's data after a save).
import { useEffect } from 'react';
import { ACCENT_STYLESHEET_ID, accentStylesheetPath } from '../../contracts/accent';
import { useSite } from './site';

/** Points the page's accent `<link>` (written by the Worker; made here if the page had none) at `accent`'s stylesheet. */
function linkAccentStylesheet(accent: string): void {
  const href = accentStylesheetPath(accent);
  let link = document.getElementById(ACCENT_STYLESHEET_ID) as HTMLLinkElement | null;
  if (link?.getAttribute('href') === href) return;
  if (!link) {
    link = document.createElement('link');
    link.rel = 'stylesheet';
    link.id = ACCENT_STYLESHEET_ID;
    document.head.appendChild(link);
  }
  link.setAttribute('href', href);
}

export function useSiteOnDocument(): void {
  const { language, accentColor } = useSite();
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  useEffect(() => {
    if (accentColor) linkAccentStylesheet(accentColor);
  }, [accentColor]);
}
