// Pieces the admin screens share: the page frame, the state of a status line for actions, list filters in the URL.
import { useState, type ReactNode } from 'react';
import { Form, Link, useLocation, useNavigation, useRevalidator } from 'react-router-dom';
import { ADMIN_SEARCH_MAX } from '../../../contracts/limits';
import type { ListPage } from '../../../contracts/list-page';
import { FormField, SelectField } from '../../components/form-field';
import { Pagination } from '../../components/pagination';
import { useNavFeedback } from '../../lib/nav-feedback';
import type { Feedback } from '../../lib/use-form-submit';

/** A list's main action, shown as a primary button in the page header ("New post"). */
interface CreateLink {
  to: string;
  label: string;
}

export function AdminPage({ title, actions, create, children }: { title: string; actions?: ReactNode; create?: CreateLink; children: ReactNode }) {
  // Busy while a navigation or a refresh after an action (revalidation) loads the page's data.
  const navigating = useNavigation().state === 'loading';
  const busy = useRevalidator().state === 'loading' || navigating;
  const headerActions = create ? (
    <Link className="button primary" to={create.to}>
      {create.label}
    </Link>
  ) : (
    actions
  );
  return (
    <main id="main" className="admin-main" aria-busy={busy}>
      <header className="admin-header">
        <h1>{title}</h1>
        {headerActions ? <div className="inline-row">{headerActions}</div> : null}
      </header>
      {children}
    </main>
  );
}

/** The page's status line, shown with FormMessage (components/form-message.tsx). */
export type Flash = Feedback | null;

/** The page's status line, starting with the message the previous page left (e.g. after a delete). */
export function useFlash(): [Flash, (flash: Flash) => void] {
  const initial = useNavFeedback();
  return useState<Flash>(initial);
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

export interface FilterOption {
  value: string;
  label: string;
}

/** A choice among `options` ("Any" first), starting from the URL's value. */
export function SelectFilter({ id, name, label, value, options }: { id: string; name: string; label: string; value: string | undefined; options: readonly FilterOption[] }) {
  return (
    <SelectField id={id} name={name} label={label} defaultValue={value ?? ''}>
      <option value="">Any</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
}

/** A text filter; its length is the admin lists' search limit (contracts/limits.ts). */
export function TextFilter({ id, name, label, value }: { id: string; name: string; label: string; value: string | undefined }) {
  return (
    <FormField id={id} name={name} label={label} type="search" defaultValue={value ?? ''} maxLength={ADMIN_SEARCH_MAX} />
  );
}

/** "12 posts": a list's total, announced when filtering changes it. */
export function ListTotal({ total, one, many }: { total: number; one: string; many: string }) {
  return (
    <p className="muted" aria-live="polite">
      {total} {total === 1 ? one : many}
    </p>
  );
}

/** A filtered list's pages: each link keeps the current filters. */
export function FilteredPagination({ list, base, label }: { list: ListPage<unknown>; base: string; label: string }) {
  const { search } = useLocation();
  return (
    <Pagination page={list.page} pageSize={list.pageSize} total={list.total} href={(n) => pageHrefKeepingFilters(base, search, n)} label={label} />
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
