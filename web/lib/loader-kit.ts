// Small helpers the page loaders share: what a failed API call or an impossible address shows (the
// 404 page, never a 500), page numbers, and lists that end before the page asked for.
import { data, type Params } from 'react-router-dom';
import { pageCount, type ListPage } from '../../contracts/list-page';
import type { ParamRules } from '../../contracts/route-pattern';
import { ApiError } from './http';

function notFoundPage(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/** What the 403 page shows: what cannot be done, why, and where to go instead. */
export interface ForbiddenInfo {
  title: string;
  detail: string;
  next: { href: string; label: string };
}

export function forbiddenPage(title: string, detail: string, next: ForbiddenInfo['next']): never {
  throw data({ title, detail, next } satisfies ForbiddenInfo, { status: 403, statusText: 'Forbidden' });
}

/**
 * The 404 page when a path value cannot name anything under its rule, before any API call. Addresses are
 * case-insensitive (the API lower-cases what it looks up), so the rule sees the value in lower case.
 */
export function checkParams(params: Params, rules: ParamRules): void {
  for (const [name, rule] of Object.entries(rules)) {
    const value = params[name];
    if (value !== undefined && !rule(value.toLowerCase())) notFoundPage();
  }
}

/**
 * What a loader's failure shows. An API 404 — or a 400, which only a path value or query parameter the
 * API refuses can cause — is the 404 page; any other 4xx is a page with that status. Anything else
 * (5xx, network, a redirect) is left as it is.
 */
export function toPageError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return error;
  if (error.status === 400 || error.status === 404) return data(null, { status: 404, statusText: 'Not Found' });
  return data(null, { status: error.status });
}

/** Awaits an API call; a 404 (or a 400 on a path value) from the API shows the 404 page. */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw toPageError(error);
  }
}

/** `?page=` as a whole number from 1; anything else is a page that does not exist. */
export function pageFrom(request: Request): number {
  const raw = new URL(request.url).searchParams.get('page');
  if (raw === null) return 1;
  if (!/^[1-9][0-9]{0,5}$/.test(raw)) notFoundPage();
  return Number(raw);
}

/** The list as it is, or the 404 page when it asks for a page past its end (page 1 of an empty list is fine). */
export function withinPages<L extends ListPage<unknown>>(list: L): L {
  if (list.page > pageCount(list)) notFoundPage();
  return list;
}

export const query = (params: Record<string, string | number | undefined | null>): string => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
};
