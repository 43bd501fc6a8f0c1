// GET /api/admin/stats: counts, posts published per week over 12 weeks (Monday 00:00 UTC weeks, oldest
// first, zeros included, nothing from the future), the 5 latest updated posts and the 5 newest accounts.
// The clock is moved (Date only) to a fixed Wednesday noon so week edges are exact.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminStats } from '../../contracts/admin';
import { weekStartOf } from '../../worker/queries/admin-stats';
import { callAs } from './admin-kit';
import { createAdmin, createCategory, createPost, createUser, json, type TestUser } from './factories';

afterEach(() => {
  vi.useRealTimers();
});

const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;
const stats = (admin: TestUser) => callAs(admin, '/api/admin/stats').then((r) => json<AdminStats>(r));

/** The next Wednesday 12:00 UTC at least a day after the real clock (sessions made after it stay valid). */
function nextWednesdayNoon(): number {
  let t = Math.floor((Date.now() + DAY) / DAY) * DAY + 12 * 60 * 60 * 1000;
  while (new Date(t).getUTCDay() !== 3) t += DAY;
  return t;
}

describe('weekStartOf', () => {
  it('is Monday 00:00 UTC of the week', () => {
    const monday = Date.UTC(2024, 0, 1);
    expect(weekStartOf(monday, 'UTC')).toBe(monday);
    expect(weekStartOf(Date.UTC(2024, 0, 7, 23, 59, 59, 999), 'UTC')).toBe(monday);
    expect(weekStartOf(Date.UTC(2024, 0, 8), 'UTC')).toBe(Date.UTC(2024, 0, 8));
    expect(weekStartOf(Date.UTC(2024, 0, 3, 12), 'UTC')).toBe(monday);
  });
});

describe('GET /api/admin/stats', () => {
  it('counts published (visible now), drafts, scheduled, role-1 accounts and categories', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(nextWednesdayNoon());
    const admin = await createAdmin();
    const before = await stats(admin);
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    await createUser({ disabled: true });
    await createAdmin();
    await createPost(author, category);
    await createPost(author, category, { publishedAt: new Date(Date.now() - WEEK).toISOString() });
    await createPost(author, category, { status: 'draft' });
    await createPost(author, category, { publishedAt: new Date(Date.now() + DAY).toISOString() });
    const after = await stats(admin);
    expect({
      published: after.counts.published - before.counts.published,
      drafts: after.counts.drafts - before.counts.drafts,
      scheduled: after.counts.scheduled - before.counts.scheduled,
      authors: after.counts.authors - before.counts.authors,
      categories: after.counts.categories - before.counts.categories,
    }).toEqual({ published: 2, drafts: 1, scheduled: 1, authors: 2, categories: 1 });

    // And the absolute numbers agree with the database.
    const now = Date.now();
    const db = await env.DB.prepare(
      `SELECT (SELECT count(*) FROM posts WHERE status = 'published' AND published_at <= ?1) AS published,
              (SELECT count(*) FROM posts WHERE status = 'draft') AS drafts,
              (SELECT count(*) FROM posts WHERE status = 'published' AND published_at > ?1) AS scheduled,
              (SELECT count(*) FROM posts WHERE status = 'pending') AS pending,
              (SELECT count(*) FROM users WHERE role = 1) AS authors,
              (SELECT count(*) FROM categories) AS categories`,
    )
      .bind(now)
      .first();
    expect(after.counts).toEqual(db);
    expect((await callAs(admin, '/api/admin/stats')).headers.get('cache-control')).toBe('private, no-store');
  });

  it('weekly: 12 Monday-to-Monday weeks, oldest first, counting published posts by their date, none from the future', async () => {
    const now = nextWednesdayNoon();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const admin = await createAdmin();
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const thisMonday = now - 2 * DAY - 12 * 60 * 60 * 1000;
    const firstMonday = thisMonday - 11 * WEEK;

    const before = await stats(admin);
    expect(before.weekly).toHaveLength(12);
    before.weekly.forEach((w, i) => {
      expect(w.weekStart).toBe(new Date(firstMonday + i * WEEK).toISOString());
      expect(new Date(w.weekStart).getUTCDay()).toBe(1);
    });

    const at = (t: number) => new Date(t).toISOString();
    await createPost(author, category, { publishedAt: at(thisMonday) }); // first instant of this week
    await createPost(author, category, { publishedAt: at(now - 1000) }); // this week, just now
    await createPost(author, category, { publishedAt: at(thisMonday - 1) }); // last instant of last week
    await createPost(author, category, { publishedAt: at(firstMonday) }); // first instant of the window
    await createPost(author, category, { publishedAt: at(firstMonday + 5 * WEEK + DAY) }); // week 6 of 12
    await createPost(author, category, { publishedAt: at(firstMonday - 1) }); // before the window
    await createPost(author, category, { publishedAt: at(now + 60_000) }); // scheduled: not yet
    await createPost(author, category, { status: 'draft', publishedAt: at(now - DAY) }); // a draft never counts

    const after = await stats(admin);
    const delta = after.weekly.map((w, i) => w.count - before.weekly[i]!.count);
    expect(delta).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 2]);
    expect(after.weekly.map((w) => w.weekStart)).toEqual(before.weekly.map((w) => w.weekStart));
  });

  it('latest posts: the 5 most recently updated of any status; latest users: the 5 newest accounts', async () => {
    const admin = await createAdmin();
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const posts = [];
    for (let i = 0; i < 6; i++) posts.push(await createPost(author, category, { status: i % 2 ? 'draft' : 'published' }));
    const newest: TestUser[] = [];
    for (let i = 0; i < 5; i++) newest.push(await createUser());
    const s = await stats(admin);
    expect(s.latestPosts.map((p) => p.slug)).toEqual(posts.slice(1).reverse().map((p) => p.slug));
    expect(s.latestPosts[0]).not.toHaveProperty('body');
    expect(s.latestUsers.map((u) => u.username)).toEqual(newest.reverse().map((u) => u.username));
    expect(s.latestUsers[0]).toMatchObject({ role: 1, disabled: false, postCount: 0 });
    expect(Object.keys(s.latestUsers[0]!).sort()).toEqual(['bio', 'createdAt', 'disabled', 'email', 'image', 'name', 'postCount', 'role', 'username']);

    // An edit brings an older post to the top.
    await json(await callAs(admin, `/api/admin/posts/${posts[0]!.slug}`, { method: 'PATCH', json: { status: 'draft', version: 1 } }));
    expect((await stats(admin)).latestPosts[0]?.slug).toBe(posts[0]!.slug);
  });
});
