// Small helpers the page loaders share: 404s from the API become the 404 page, page numbers are checked.
import { data } from 'react-router-dom';
import { ApiError } from './http';

export function notFoundPage(): never {
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

/** Awaits an API call; a 404 (or a 400 on a path value) from the API shows the 404 page. */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) notFoundPage();
    throw error;
  }
}

/** `?page=` as a whole number from 1; anything else is a page that does not exist. */
export function pageFrom(request: Request): number {
  const raw = new URL(request.url).searchParams.get('page');
  if (raw === null) return 1;
  if (!/^[1-9][0-9]{0,5}$/.test(raw)) notFoundPage();
  return Number(raw);
}

export const query = (params: Record<string, string | number | undefined | null>): string => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
};
