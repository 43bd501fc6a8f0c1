// The one error policy: an unexpected failure (here a D1 error) is a logged 500 in the one shape, with no detail.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, expectError, newAccount } from './helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('unexpected errors', () => {
  it('a D1 error becomes 500 internal with no SQL, table or driver text in the answer', async () => {
    // A trigger that fails only for this test's user agent, so nothing else can trip over it.
    const marker = `boom-${crypto.randomUUID()}`;
    const trigger = `fail_${marker.replace(/-/g, '_')}`;
    const secret = `secret-sql-detail-${crypto.randomUUID()}`;
    await env.DB.prepare(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON sessions WHEN NEW.user_agent = '${marker}' BEGIN SELECT RAISE(ABORT, '${secret}'); END`,
    ).run();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await call('/api/auth/register', { json: newAccount(), headers: { 'user-agent': marker } });
      const err = await expectError(res, 500, 'internal');
      expect(err.error.fields).toBeUndefined();
      const text = JSON.stringify(err);
      for (const leak of [secret, 'SQLITE', 'D1_', 'sessions', 'INSERT', 'RAISE', 'trigger', 'at ']) {
        expect(text).not.toContain(leak);
      }
      expect(res.headers.get('set-cookie')).toBeNull();
      // Logged on the server, with the request id the answer quotes.
      expect(logged).toHaveBeenCalled();
      const requestId = /request ([\w-]+)/.exec(err.error.message)?.[1];
      expect(requestId).toBeDefined();
      expect(logged.mock.calls.some((args) => String(args[0]).includes(requestId!))).toBe(true);
    } finally {
      await env.DB.prepare(`DROP TRIGGER IF EXISTS ${trigger}`).run();
    }
  });
});
