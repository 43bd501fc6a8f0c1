// A menu that small screens show folded into a <details> disclosure (the site header's on phones, the admin
// sidebar's on phones and small tablets): it works before hydration and is keyboard and screen-reader usable
// without extra code; Escape closes it and puts focus back on its summary, as for any disclosure.
import type { KeyboardEvent, ReactNode } from 'react';

function closeOnEscape(e: KeyboardEvent<HTMLDetailsElement>) {
  const details = e.currentTarget;
  if (e.key !== 'Escape' || !details.open) return;
  details.open = false;
  details.querySelector('summary')?.focus();
}

/** `closeWhen` changes when a link is followed (the location), which gives a new, closed menu. */
export function DisclosureMenu({ className, summary, closeWhen, children }: { className: string; summary: ReactNode; closeWhen: string; children: ReactNode }) {
  return (
    <details className={`disclosure-menu ${className}`} key={closeWhen} onKeyDown={closeOnEscape}>
      <summary>{summary}</summary>
      {children}
    </details>
  );
}
