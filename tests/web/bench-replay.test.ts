// @vitest-environment node
// The benchmark's same-bytes stand-in (scripts/bench/replay-worker.ts, decision 076): it answers the bytes the
// bench handed it, only the bench may hand it any, and only a cache bypass costs a D1 round trip.
import { describe, expect, it } from 'vitest';
import { ANSWER_HEAD_HEADER, ANSWERS_PATH, TOKEN_HEADER } from '../../scripts/bench/replay-protocol';
import replayWorker, { type ReplayEnv } from '../../scripts/bench/replay-worker';

/** A D1 binding that counts round trips (batches); the stand-in's one query is `SELECT 1`. */
function countingEnv(): ReplayEnv & { roundTrips: string[][] } {
  const roundTrips: string[][] = [];
  return {
    REPLAY_TOKEN: 'secret-token',
    roundTrips,
    DB: {
      withSession: () => ({
        prepare: (sql: string) => sql,
        batch: async (statements: unknown[]) => {
          roundTrips.push(statements as string[]);
          return statements.map(() => ({ results: [{ 1: 1 }] }));
        },
      }),
    },
  };
}

const ORIGIN = 'http://127.0.0.1:8799';
const BODY = new TextEncoder().encode('<!doctype html><title>Byline</title>é');
const HEAD = { status: 200, headers: [['Content-Type', 'text/html; charset=utf-8'], ['ETag', 'W/"abc"'], ['X-Cache', 'HIT']] as [string, string][] };

const put = (env: ReplayEnv, path: string, token = 'secret-token') =>
  replayWorker.fetch(
    new Request(`${ORIGIN}${ANSWERS_PATH}?path=${encodeURIComponent(path)}`, {
      method: 'PUT',
      headers: { [TOKEN_HEADER]: token, [ANSWER_HEAD_HEADER]: encodeURIComponent(JSON.stringify(HEAD)) },
      body: BODY,
    }),
    env,
  );

describe('bench same-bytes stand-in', () => {
  it("answers a stored page with the bench's status, headers and body bytes, a plain GET without touching D1", async () => {
    const env = countingEnv();
    expect((await put(env, '/search?q=aurora')).status).toBe(204);
    const res = await replayWorker.fetch(new Request(`${ORIGIN}/search?q=aurora`), env);
    expect(res.status).toBe(200);
    expect([...res.headers]).toEqual(expect.arrayContaining([['content-type', 'text/html; charset=utf-8'], ['etag', 'W/"abc"'], ['x-cache', 'HIT']]));
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(BODY);
    expect(env.roundTrips).toEqual([]);
  });

  it('makes exactly one D1 round trip (SELECT 1) before answering a cache bypass, then the same bytes', async () => {
    const env = countingEnv();
    await put(env, '/bypass');
    const res = await replayWorker.fetch(new Request(`${ORIGIN}/bypass`, { headers: { 'cache-control': 'no-cache' } }), env);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(BODY);
    expect(env.roundTrips).toEqual([['SELECT 1']]);
  });

  it('refuses an answer without the bench token and answers 404 for a path it was never given', async () => {
    const env = countingEnv();
    expect((await put(env, '/not-from-the-bench', 'guess')).status).toBe(403);
    expect((await put(env, '/not-from-the-bench', '')).status).toBe(403);
    expect((await replayWorker.fetch(new Request(`${ORIGIN}/not-from-the-bench`), env)).status).toBe(404);
    expect((await put({ ...env, REPLAY_TOKEN: '' }, '/no-token-set', '')).status).toBe(403);
  });
});
