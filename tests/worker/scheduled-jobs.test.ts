// The Cron Triggers' jobs (worker/jobs/scheduled.ts, decision 059), run through the Worker's own scheduled
// handler: expired rows go, live ones stay, revisions are capped, and every delete reads an index.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import wranglerToml from '../../wrangler.toml?raw';
import { REVISIONS_KEPT } from '../../contracts/limits';
import worker from '../../worker/index';
import { deleteExpiredRows, EXPIRED_INVITES_KEPT_MS, pruneRevisions } from '../../worker/jobs/expired-rows';
import { DAILY, EVERY_MINUTE, JOBS_BY_CRON } from '../../worker/jobs/scheduled';
import { LONGEST_THROTTLE_WINDOW_MS } from '../../worker/queries/login-attempts';
import { createCategory, createPost, createUser, postRow, uid, type PostDbRow } from './factories';
import { plansOf } from './query-plan-kit';
import { recordingCache } from './workers-cache-kit';

const HOUR = 60 * 60 * 1000;

async function runCron(cron: string, scheduledTime = Date.now(), cache?: CacheContext): Promise<void> {
  const base = createExecutionContext();
  const ctx = cache ? (Object.assign(Object.create(base) as object, { cache }) as ExecutionContext) : base;
  await worker.scheduled(createScheduledController({ cron, scheduledTime }), env, ctx);
  await waitOnExecutionContext(base);
}

const run = (sql: string, ...binds: unknown[]) => env.DB.prepare(sql).bind(...binds).run();
const count = async (sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).first<{ n: number }>())!.n;

describe('the every-minute cron', () => {
  it("purges a scheduled post's Workers Cache copies and the lists in the run after its moment, not before", async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const moment = Date.now() + 90_000;
    const post = await createPost(author, category, { publishedAt: new Date(moment).toISOString() });
    const before = recordingCache();
    await runCron(EVERY_MINUTE, moment - 1000, before);
    expect(before.purges.flat()).not.toContain(`post:${post.slug}`);
    const after = recordingCache();
    await runCron(EVERY_MINUTE, moment + 30_000, after);
    expect(after.purges.flat()).toEqual(expect.arrayContaining([`post:${post.slug}`, 'posts']));
  });

  it('deletes expired sessions, login counters, reset and email-change tokens, device codes and long-expired invites, and keeps live ones', async () => {
    const [user, other, inviter] = await Promise.all([createUser(), createUser(), createUser({ role: 0 })]);
    const now = Date.now();
    const [past, future] = [now - 1000, now + HOUR];
    await run('DELETE FROM sessions WHERE user_id = ?', user.id);
    await run("INSERT INTO sessions (user_id, secret_hash, expires_at, last_seen_at) VALUES (?, ?, ?, ?), (?, ?, ?, ?)", user.id, `gone-${uid()}`, past, past, user.id, `live-${uid()}`, future, now);
    const [oldKey, liveKey] = [`user:old-${uid()}`, `user:live-${uid()}`];
    await run('INSERT INTO login_attempts (key, count, window_start) VALUES (?, 3, ?), (?, 3, ?)', oldKey, now - LONGEST_THROTTLE_WINDOW_MS - 1000, liveKey, now - HOUR);
    for (const table of ['password_resets', 'email_changes']) {
      const extra = table === 'email_changes' ? ', new_email' : '';
      const value = table === 'email_changes' ? `, 'new-${uid()}@example.com'` : '';
      await run(`INSERT INTO ${table} (user_id, token_hash, expires_at${extra}) VALUES (?, ?, ?${value}), (?, ?, ?${value})`, user.id, `gone-${uid()}`, past, user.id, `live-${uid()}`, future);
    }
    await run('INSERT INTO device_codes (user_id, code_hash, expires_at, tries_left) VALUES (?, ?, ?, 5), (?, ?, ?, 5)', user.id, 'gone', past, other.id, 'live', future);
    const invite = (label: string, expiresAt: number) =>
      run('INSERT INTO invites (email, role, token_hash, invited_by, expires_at) VALUES (?, 2, ?, ?, ?)', `${label}-${uid()}@example.com`, uid(20), inviter.id, expiresAt);
    await invite('long-expired', now - EXPIRED_INVITES_KEPT_MS - 1000);
    await invite('just-expired', past); // still listed on /admin/users for a resend
    await invite('pending', future);

    await runCron(EVERY_MINUTE, now);

    expect(await count('SELECT count(*) AS n FROM sessions WHERE user_id = ? AND expires_at <= ?', user.id, now)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM sessions WHERE user_id = ? AND expires_at > ?', user.id, now)).toBe(1);
    expect(await count('SELECT count(*) AS n FROM login_attempts WHERE key IN (?, ?)', oldKey, liveKey)).toBe(1);
    expect(await count('SELECT count(*) AS n FROM login_attempts WHERE key = ?', liveKey)).toBe(1);
    for (const table of ['password_resets', 'email_changes']) {
      expect(await count(`SELECT count(*) AS n FROM ${table} WHERE user_id = ? AND token_hash LIKE 'gone-%'`, user.id), table).toBe(0);
      expect(await count(`SELECT count(*) AS n FROM ${table} WHERE user_id = ? AND token_hash LIKE 'live-%'`, user.id), table).toBe(1);
    }
    expect(await count('SELECT count(*) AS n FROM device_codes WHERE user_id = ?', user.id)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM device_codes WHERE user_id = ?', other.id)).toBe(1);
    const invites = await env.DB.prepare('SELECT email FROM invites WHERE invited_by = ? ORDER BY id').bind(inviter.id).all<{ email: string }>();
    expect(invites.results.map((r) => r.email.split('-')[0])).toEqual(['just', 'pending']);
  });

  it('runs every job when triggered by hand without a cron (curl …/cdn-cgi/local/scheduled)', async () => {
    const user = await createUser();
    await run('INSERT INTO sessions (user_id, secret_hash, expires_at, last_seen_at) VALUES (?, ?, ?, ?)', user.id, `gone-${uid()}`, 1, 1);
    await runCron('');
    expect(await count('SELECT count(*) AS n FROM sessions WHERE user_id = ? AND expires_at = 1', user.id)).toBe(0);
  });
});

describe('the daily cron', () => {
  it(`keeps only the newest ${REVISIONS_KEPT} revisions of each post`, async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const posts = await Promise.all([createPost(author, category), createPost(author, category)]);
    const [many, few] = (await Promise.all(posts.map(async (p) => (await postRow(p.slug))!))) as [PostDbRow, PostDbRow];
    const insertRevisions = (postId: number, n: number) =>
      env.DB.batch(
        Array.from({ length: n }, (_, i) =>
          env.DB.prepare("INSERT INTO post_revisions (post_id, version, title, excerpt, body) VALUES (?, ?, ?, '', '')").bind(postId, i + 1, `v${i + 1}`),
        ),
      );
    await insertRevisions(many.id, REVISIONS_KEPT + 5);
    await insertRevisions(few.id, 3);

    await runCron(DAILY);

    const kept = await env.DB.prepare('SELECT title FROM post_revisions WHERE post_id = ? ORDER BY id').bind(many.id).all<{ title: string }>();
    expect(kept.results.map((r) => r.title)).toEqual(Array.from({ length: REVISIONS_KEPT }, (_, i) => `v${i + 6}`));
    expect(await count('SELECT count(*) AS n FROM post_revisions WHERE post_id = ?', few.id)).toBe(3);
  });
});

describe('the cron table', () => {
  it('names the same crons as wrangler.toml [triggers]', () => {
    const line = /^crons\s*=\s*\[(.*)\]/m.exec(wranglerToml)?.[1] ?? '';
    const configured = [...line.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    expect(configured.sort()).toEqual(Object.keys(JOBS_BY_CRON).sort());
  });

  it('deletes through indexes only (EXPLAIN QUERY PLAN: no table scan)', async () => {
    const plans = [...(await plansOf((db) => deleteExpiredRows(db, Date.now()))), ...(await plansOf((db) => pruneRevisions(db)))];
    expect(plans.length).toBe(8);
    for (const { sql, plan } of plans) {
      for (const step of plan) expect(step, `${sql}\n  ${plan.join('\n  ')}`).not.toMatch(/^SCAN \w+( AS \w+)?$/);
    }
  });
});
