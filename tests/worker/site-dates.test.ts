// Dates on pages follow the settings' time zone and language (product.md §14 "Time zone", decision 045):
// the Worker's server render writes them in the site's zone and language at once after a PATCH, while the
// API keeps answering ISO 8601 UTC.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminStats } from '../../contracts/admin';
import { formatDateTimeIn } from '../../contracts/dates';
import type { AdminSettings } from '../../contracts/settings';
import { weekStartOf, weekStartsOf } from '../../worker/queries/admin-stats';
import { callAs } from './admin-kit';
import { call } from './helpers';
import { createAdmin, createCategory, createPost, createUser, insertPosts, json, type TestUser } from './factories';

const patchSettings = (admin: TestUser, body: Partial<AdminSettings>) => callAs(admin, '/api/admin/settings', { method: 'PATCH', json: body });

/** The text of the page's first `<time>` for `iso` (the post's date under its title). */
async function shownDate(path: string, iso: string): Promise<string> {
  const res = await call(path);
  const html = await res.text();
  expect(res.status, html.slice(0, 300)).toBe(200);
  const shown = new RegExp(`<time dateTime="${iso}"[^>]*>([^<]*)</time>`, 'i').exec(html);
  expect(shown, `no <time> for ${iso} in ${path}`).not.toBeNull();
  return shown![1]!;
}

let restore: (() => Promise<unknown>) | null = null;
afterEach(async () => {
  vi.useRealTimers();
  await restore?.();
  restore = null;
});

describe('dates on pages are in the site’s time zone and language', () => {

  it('a post page shows its date in the zone and language of the settings after a PATCH; the API stays UTC', async () => {
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const before = await json<AdminSettings>(await callAs(admin, '/api/admin/settings'));
    restore = () => patchSettings(admin, { timeZone: before.timeZone, language: before.language });
    // 23:30 UTC on 2 March is 3 March in Berlin and still 2 March in New York.
    const publishedAt = '2026-03-02T23:30:00.000Z';
    const [slug] = await insertPosts(author, category, [{ title: 'Late in the evening', body: 'Words.', publishedAt: Date.parse(publishedAt) }]);
    const page = `/details/${slug}`;

    await json(await patchSettings(admin, { timeZone: 'UTC', language: 'en' }));
    expect(await shownDate(page, publishedAt)).toBe('March 2, 2026');

    await json(await patchSettings(admin, { timeZone: 'Europe/Berlin', language: 'de' }));
    expect(await shownDate(page, publishedAt)).toBe('3. März 2026');
    const api = await json<{ post: { publishedAt: string } }>(await call(`/api/posts/${slug}`));
    expect(api.post.publishedAt).toBe(publishedAt);

    await json(await patchSettings(admin, { timeZone: 'America/New_York', language: 'fr' }));
    expect(await shownDate(page, publishedAt)).toBe('2 mars 2026');
    expect(await shownDate('/', publishedAt)).toBe('2 mars 2026');
  });
});

describe('the Worker’s Intl writes what the browser’s does', () => {
  it('names the zone as tests/web/dates.test.ts expects (GMT+1 in en, CET in en-GB, MEZ in de)', () => {
    const at = '2026-03-03T08:00:00.000Z';
    const shown = (language: string) => formatDateTimeIn({ language, timeZone: 'Europe/Berlin' }, at).replace(/\s/g, ' ');
    expect([shown('en'), shown('en-GB'), shown('de'), shown('fr')]).toEqual([
      'Mar 3, 2026, 9:00 AM GMT+1',
      '3 Mar 2026, 09:00 CET',
      '3. März 2026, 09:00 MEZ',
      '3 mars 2026, 09:00 UTC+1',
    ]);
  });
});

describe('the dashboard’s weeks are the site’s', () => {
  it('a week starts on Monday 00:00 in the site’s zone, an hour shorter or longer across DST', () => {
    // Sunday 12:00 UTC is already Monday 01:00 in Auckland (NZDT, UTC+13).
    const sundayNoon = Date.parse('2026-01-04T12:00:00Z');
    expect(new Date(weekStartOf(sundayNoon, 'UTC')).toISOString()).toBe('2025-12-29T00:00:00.000Z');
    expect(new Date(weekStartOf(sundayNoon, 'Pacific/Auckland')).toISOString()).toBe('2026-01-04T11:00:00.000Z');
    // Berlin springs forward on Sunday 29 March 2026: the week before it is 167 hours long.
    const [before, after] = weekStartsOf(Date.parse('2026-04-01T12:00:00Z'), 'Europe/Berlin', 2);
    expect(new Date(before!).toISOString()).toBe('2026-03-22T23:00:00.000Z');
    expect(new Date(after!).toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('GET /api/admin/stats counts a post in the week of the site’s zone it was published in', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // A Wednesday noon UTC a day or more ahead (sessions made after it stay valid).
    let now = Math.floor((Date.now() + 86_400_000) / 86_400_000) * 86_400_000 + 12 * 3_600_000;
    while (new Date(now).getUTCDay() !== 3) now += 86_400_000;
    vi.setSystemTime(now);
    const [admin, author, category] = await Promise.all([createAdmin(), createUser(), createCategory()]);
    const saved = await json<AdminSettings>(await callAs(admin, '/api/admin/settings'));
    restore = () => patchSettings(admin, { timeZone: saved.timeZone });
    await json(await patchSettings(admin, { timeZone: 'Pacific/Auckland' }));
    const stats = () => callAs(admin, '/api/admin/stats').then((r) => json<AdminStats>(r));

    // Half an hour after Monday midnight in Auckland is still Sunday in UTC: this week there, last week in UTC.
    const monday = weekStartOf(Date.now(), 'Pacific/Auckland');
    const first = await stats();
    expect(first.weekly.at(-1)!.weekStart).toBe(new Date(monday).toISOString());
    await createPost(author, category, { publishedAt: new Date(monday + 30 * 60_000).toISOString() });
    await createPost(author, category, { publishedAt: new Date(monday - 30 * 60_000).toISOString() });
    const second = await stats();
    expect(second.weekly.at(-1)!.count - first.weekly.at(-1)!.count).toBe(1);
    expect(second.weekly.at(-2)!.count - first.weekly.at(-2)!.count).toBe(1);
  });
});
