// One JSON log line per request (worker/middleware/request-log.ts, decision 059): its id, method, path
// without the query, status, duration, cache answer and role — never tokens, cookies or emails.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { RequestLogLine } from '../../worker/middleware/request-log';
import { createAdmin, uid } from './factories';
import { call, type CallOptions } from './helpers';

let log: MockInstance<typeof console.log>;
beforeEach(() => {
  log = vi.spyOn(console, 'log');
});
afterEach(() => log.mockRestore());

/** Requests `path` under a Ray ID of its own and answers the JSON lines logged for it. */
async function linesOf(path: string, opts: CallOptions = {}): Promise<{ res: Response; lines: string[] }> {
  const ray = `ray-${uid()}`;
  const res = await call(path, { ...opts, headers: { ...opts.headers, 'cf-ray': ray } });
  await res.arrayBuffer();
  const lines = log.mock.calls.map(([first]) => String(first)).filter((line) => line.startsWith('{') && line.includes(`"requestId":"${ray}"`));
  return { res, lines };
}

describe('the request log', () => {
  it('logs one JSON line per request with its Ray ID, method, path without the query, status, duration and role visitor', async () => {
    const { res, lines } = await linesOf('/api/posts?page=1&token=secret-token-value');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as RequestLogLine;
    expect(line).toMatchObject({ method: 'GET', path: '/api/posts', status: res.status, role: 'visitor' });
    expect(line.requestId).toMatch(/^ray-/);
    expect(line.ms).toBeGreaterThanOrEqual(0);
    expect(line.cache ?? null).toBe(res.headers.get('x-cache'));
    expect(lines[0]).not.toContain('secret-token-value');
    expect(lines[0]).not.toContain('?');
  });

  it('carries the edge cache’s answer (X-Cache) of a cached read', async () => {
    await linesOf('/api/categories');
    const { res, lines } = await linesOf('/api/categories');
    expect(res.headers.get('x-cache')).toBe('HIT');
    expect(JSON.parse(lines[0]!)).toMatchObject({ path: '/api/categories', cache: 'HIT', role: 'visitor' });
  });

  it('names a signed-in user by role only: no cookie, email or name in the line', async () => {
    const admin = await createAdmin();
    const { lines } = await linesOf('/api/verify', { cookie: admin.cookie });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ path: '/api/verify', role: 'admin' });
    for (const secret of [admin.cookie.split('=')[1]!, admin.email, admin.name, admin.username]) expect(lines[0]).not.toContain(secret);
  });

  it('logs refused and unknown requests too, with their status', async () => {
    const { lines } = await linesOf(`/api/no-such-endpoint-${uid()}`);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ status: 404, role: 'visitor' });
    const posted = await linesOf('/api/auth/login', { json: { login: 'x' } });
    expect(posted.lines).toHaveLength(1);
    expect(JSON.parse(posted.lines[0]!)).toMatchObject({ method: 'POST', status: posted.res.status });
  });
});
