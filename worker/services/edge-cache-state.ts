// The content state every cached answer's version names (decision 009): where this location and this isolate keep
// it, how a write refreshes it, and the last one this isolate knew, for serving stored answers while D1 is down.
import type { Context } from 'hono';
import { createDb } from '../db/client';
import type { AppEnv } from '../env';
import { type ContentState, readContentState } from '../queries/site-state';
import { edgeStore } from '../lib/cache-store';
import { contentStateUrl, STALE_BOUND_MS } from '../lib/edge-cache-policy';

export interface StateRecord extends ContentState {
  /** Until when (ms) this location may use the record: STALE_BOUND_MS, or the next scheduled moment if sooner. */
  validUntil: number;
}

/** The record travels in a header of a bodiless entry: reading it needs no body stream. */
const STATE_HEADER = 'x-byline-state';

/**
 * This isolate's copy of each origin's state record, used for at most HELD_STATE_MS (and never past the
 * record's own validUntil) before the Cache API is asked again. A write answered by this isolate
 * replaces it at once; other isolates at this location learn within HELD_STATE_MS (decision 009).
 */
export const HELD_STATE_MS = 1000;
const heldStates = new Map<string, { record: StateRecord; until: number }>();
/** The newest record this isolate read or wrote per origin, of any age: what a D1 outage falls back on. */
const lastKnownStates = new Map<string, StateRecord>();
/** Raised by every refresh: a read begun before a refresh must not put its older record back. */
let refreshes = 0;

function holdState(origin: string, record: StateRecord, now: number): void {
  heldStates.set(origin, { record, until: Math.min(now + HELD_STATE_MS, record.validUntil) });
  lastKnownStates.set(origin, record);
}

/**
 * Reads the content state from D1 and keeps it at this location for as long as it is sure to hold.
 * Hits run before withDb (app.ts), so this opens its own handle.
 */
export async function refreshContentState(c: Context<AppEnv>, origin: string): Promise<StateRecord> {
  refreshes += 1;
  const now = Date.now();
  const state = await readContentState(c.var.db ?? createDb(c.env.DB), now);
  const record: StateRecord = { ...state, validUntil: Math.min(now + STALE_BOUND_MS, state.nextScheduledAt ?? Infinity) };
  const seconds = Math.ceil((record.validUntil - now) / 1000);
  holdState(origin, record, now);
  await edgeStore().put(
    contentStateUrl(origin),
    new Response(null, { headers: { [STATE_HEADER]: JSON.stringify(record), 'cache-control': `max-age=${seconds}` } }),
  );
  return record;
}

/** The content state this location holds, checked against the clock (the Cache API's own expiry is coarser). */
export async function currentContentState(c: Context<AppEnv>, origin: string): Promise<StateRecord> {
  const now = Date.now();
  const mine = heldStates.get(origin);
  if (mine && now < mine.until) return mine.record;
  const refreshesBefore = refreshes;
  const shared = (await edgeStore().match(contentStateUrl(origin)))?.headers.get(STATE_HEADER);
  if (shared) {
    const record = JSON.parse(shared) as StateRecord;
    const later = Date.now();
    if (later < record.validUntil) {
      if (refreshes === refreshesBefore) holdState(origin, record, later);
      return record;
    }
  }
  return refreshContentState(c, origin);
}

/** The last content state this isolate knew for `origin`, however old: the version its newest stored answers name. */
export const lastKnownContentState = (origin: string): StateRecord | undefined => lastKnownStates.get(origin);

/** The content generation in D1 now (one statement), or null when it cannot be read: then a write is assumed to change it. */
export async function generationNow(c: Context<AppEnv>): Promise<number | null> {
  try {
    return (await readContentState(c.var.db ?? createDb(c.env.DB), Date.now())).generation;
  } catch {
    return null;
  }
}
