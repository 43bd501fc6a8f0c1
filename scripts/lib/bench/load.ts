// One load run with autocannon against a loopback URL: req/s, latency percentiles and errors.
import autocannon from 'autocannon';
import type { Sample } from './report';

export interface LoadOptions {
  url: string;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
}

/** Errors are non-2xx answers plus connection errors and timeouts (autocannon counts those together). */
export async function measure(opts: LoadOptions): Promise<Sample> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(opts.url)) throw new Error(`Refusing to load a non-loopback URL: ${opts.url}`);
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    headers: opts.headers,
    timeout: 10,
  });
  return {
    requestsPerSecond: result.requests.total / Math.max(result.duration, 0.001),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

/**
 * A few plain requests so the first measured one does not pay for compilation or a cold cache; the
 * status of the last. Throws when one takes longer than `limitMs`.
 */
export async function warmUp(url: string, headers: Record<string, string> = {}, limitMs = 30_000, times = 3): Promise<number> {
  let status = 0;
  for (let i = 0; i < times; i++) {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(limitMs) });
    await res.arrayBuffer();
    status = res.status;
  }
  return status;
}
