// Dates on pages follow the settings' time zone and language (product.md §14 "Time zone", decision 045):
// the Worker's server render writes them in the site's zone and language at once after a PATCH, while the
// API keeps answering ISO 8601 UTC.
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminSettings } from '../../contracts/settings';
import { callAs } from './admin-kit';
import { call } from './helpers';
import { createAdmin, createCategory, createUser, insertPosts, json, type TestUser } from './factories';

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

describe('dates on pages are in the site’s time zone and language', () => {
  let restore: (() => Promise<unknown>) | null = null;
  afterEach(async () => {
    await restore?.();
    restore = null;
  });

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
