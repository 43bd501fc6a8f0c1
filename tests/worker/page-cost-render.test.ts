// A cache miss does not rebuild per request what holds no request state (docs/decisions/010, "Render").
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import { countingD1, type RoundTrips } from './page-cost-kit';

describe('per-request cost of a page miss', () => {
  it('builds the drizzle client once per D1 binding, not once per request', () => {
    expect(createDb(env.DB)).toBe(createDb(env.DB));
  });

  it('gives another binding its own client, which talks to that binding', async () => {
    const seen: RoundTrips = { trips: [] };
    const other = createDb(countingD1(seen));
    expect(other).not.toBe(createDb(env.DB));
    await other.run('SELECT 1');
    expect(seen.trips).toEqual([['SELECT 1']]);
  });
});
