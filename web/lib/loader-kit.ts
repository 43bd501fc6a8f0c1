// Small helpers the page loaders share: what a failed API call or an impossible address shows (the
// 404 page, never a 500), page numbers, and lists that end before the page asked for.
import { data, type Params } from 'react-router-dom';
import { pageCount, type ListPage } from '../../contracts/list-page';
import { isStatusError } from '../../contracts/errors';
import { queryRecord, type QueryValues } from '../../contracts/page-reads';
import type { ParamRules } from '../../contracts/route-pattern';

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
 * What a loader's failure shows, whether a read failed over HTTP (the browser) or in a service (the
 * Worker): a 404 — or a 400, which only a path value or query parameter the API refuses can cause — is
 * the 404 page; any other 4xx is a page with that status. Anything else (5xx, network, a redirect) is
 * left as it is.
 */
export function toPageError(error: unknown): unknown {
  if (!isStatusError(error) || error.status < 400 || error.status >= 500) return error;
  if (error.status === 400 || error.status === 404) return data(null, { status: 404, statusText: 'Not Found' });
  return data(null, { status: error.status });
}

/** Awaits a read; a 404 (or a 400 on a path value) shows the 404 page. */
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

export const query = (params: QueryValues): string => {
  const s = new URLSearchParams(queryRecord(params)).toString();
  return s ? `?${s}` : '';
};
