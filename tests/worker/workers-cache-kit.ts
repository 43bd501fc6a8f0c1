// The Worker as Cloudflare runs it with Workers Cache on: its fetch handler given an execution context whose
// `ctx.cache` records every purge (a stand-in for Cloudflare's API, which miniflare does not emulate), and
// optionally other bindings (a D1 that fails: d1-kit.ts).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/index';
import { type CallOptions, requestFor } from './helpers';

export interface RecordingCache extends CacheContext {
  /** The tags of every purge call, in order. */
  purges: string[][];
}

export function recordingCache(): RecordingCache {
  const purges: string[][] = [];
  const purge = (options: CachePurgeOptions): Promise<CachePurgeResult> => {
    purges.push([...(options.tags ?? [])]);
    return Promise.resolve({ success: true, errors: [] });
  };
  return { purges, purge, invalidate: purge };
}

export interface WorkerCallOptions extends CallOptions {
  /** Cloudflare's Workers Cache for this request; none (the local path) when undefined. */
  cache?: CacheContext;
  env?: Env;
}

/** One request through the Worker's own fetch handler, with `ctx.cache` set as Cloudflare sets it in production. */
export async function callWorker(path: string, opts: WorkerCallOptions = {}): Promise<Response> {
  const base = createExecutionContext();
  const ctx = {
    waitUntil: (work: Promise<unknown>) => base.waitUntil(work),
    passThroughOnException: () => undefined,
    props: {},
    ...(opts.cache ? { cache: opts.cache } : {}),
  } as unknown as ExecutionContext;
  const res = await worker.fetch(requestFor(path, opts), opts.env ?? env, ctx);
  await waitOnExecutionContext(base);
  return res;
}
