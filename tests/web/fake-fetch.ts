// The only fake in the client tests: a `fetch` that records each call and answers from a script.
import type { FetchLike } from '../../web/lib/http';

export interface RecordedCall {
  url: string;
  init: RequestInit;
}

/** One scripted answer: a status (with an optional JSON body), a ready Response, or an error to throw. */
export type Scripted = number | { status: number; json?: unknown; text?: string } | Response | Error;

export interface FakeFetch {
  fetch: FetchLike;
  calls: RecordedCall[];
}

const toResponse = (s: Exclude<Scripted, Error>): Response => {
  if (s instanceof Response) return s;
  const { status, json, text } = typeof s === 'number' ? { status: s, json: undefined, text: undefined } : s;
  const nullBody = status === 204 || status === 205 || status === 304;
  if (nullBody) return new Response(null, { status });
  if (text !== undefined) return new Response(text, { status, headers: { 'content-type': 'text/plain' } });
  return new Response(JSON.stringify(json ?? {}), { status, headers: { 'content-type': 'application/json' } });
};

/**
 * Answers call n with script[n]; once the script runs out, the last entry repeats.
 * Each answer is a fresh Response, so a retried call never reuses a consumed body.
 */
export function fakeFetch(...script: Scripted[]): FakeFetch {
  if (script.length === 0) throw new Error('fakeFetch needs at least one scripted answer');
  const calls: RecordedCall[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    const next = script[Math.min(calls.length - 1, script.length - 1)]!;
    if (next instanceof Error) throw next;
    return toResponse(next);
  };
  return { fetch, calls };
}

/** The headers of a recorded call as a plain lower-cased object. */
export const headersOf = (call: RecordedCall): Record<string, string> =>
  Object.fromEntries(new Headers(call.init.headers).entries());

/** Answers each call by its URL (for calls made in parallel, whose order says nothing). */
export function fakeFetchByUrl(answer: (url: string) => Scripted | Promise<never>): FakeFetch {
  const calls: RecordedCall[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    const next = await answer(url);
    if (next instanceof Error) throw next;
    return toResponse(next);
  };
  return { fetch, calls };
}
