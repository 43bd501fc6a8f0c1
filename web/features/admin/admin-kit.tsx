// Pieces the admin screens share: the page frame, a status line for actions, list filters in the URL.
import { useState, type ReactNode } from 'react';
import { Form, Link, useLocation, useNavigation } from 'react-router-dom';
import { useNavFeedback } from '../../lib/nav-feedback';

export function AdminPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const busy = useNavigation().state === 'loading';
  return (
    <main id="main" className="admin-main" aria-busy={busy}>
      <header className="admin-header">
        <h1>{title}</h1>
        {actions ? <div className="inline-row">{actions}</div> : null}
      </header>
      {children}
    </main>
  );
}

export type Flash = { kind: 'ok' | 'error'; text: string } | null;

/** The page's status line, starting with the message the previous page left (e.g. after a delete). */
export function useFlash(): [Flash, (flash: Flash) => void] {
  const initial = useNavFeedback();
  return useState<Flash>(initial);
}

export function FlashMessage({ flash }: { flash: Flash }) {
  if (!flash) return <div aria-live="polite" />;
  return (
    <div className={flash.kind === 'error' ? 'form-message' : 'notice'} role={flash.kind === 'error' ? 'alert' : 'status'}>
      {flash.text}
    </div>
  );
}

/**
 * A list's filters: a GET form whose fields start from the URL's values. It is keyed by the query, so when
 * the URL changes under it (Clear, Back, a link) the fields show the new values, not the ones typed before.
 */
export function FilterForm({ label, clearTo, children }: { label: string; clearTo: string; children: ReactNode }) {
  const { search } = useLocation();
  return (
    <Form key={search} method="get" className="filters" aria-label={label}>
      {children}
      <div className="filters-actions">
        <button type="submit">Filter</button>
        <Link to={clearTo}>Clear</Link>
      </div>
    </Form>
  );
}

/** Reads `?key=` filters from a request URL, keeping only the non-empty ones. */
export function filtersFrom(request: Request, keys: readonly string[]): Record<string, string> {
  const params = new URL(request.url).searchParams;
  const out: Record<string, string> = {};
  for (const k of keys) {
    const v = params.get(k)?.trim();
    if (v) out[k] = v;
  }
  return out;
}

/** The link to page `n` of a filtered list: the current filters kept, `page` set (or dropped for 1). */
export function pageHrefKeepingFilters(pathname: string, search: string, n: number): string {
  const params = new URLSearchParams(search);
  if (n > 1) params.set('page', String(n));
  else params.delete('page');
  const s = params.toString();
  return `${pathname}${s ? `?${s}` : ''}`;
}
