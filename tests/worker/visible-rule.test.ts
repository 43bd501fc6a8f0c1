// "Visible to readers" is decided once (contracts/post-status.ts isVisibleToReaders): the post page's
// robots tag and status badge follow the rule the API's access checks use, scheduled posts included.
import { describe, expect, it } from 'vitest';
import { isVisibleToReaders } from '../../contracts/post-status';
import { callAs } from './admin-kit';
import { createCategory, createPost, createUser } from './factories';

const NOINDEX = '<meta name="robots" content="noindex">';

describe('the post page follows the one visibility rule', () => {
  it('a scheduled post’s page (seen by its author) has noindex; a published one does not', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const scheduled = await createPost(author, category, { publishedAt: new Date(Date.now() + 3_600_000).toISOString() });
    const published = await createPost(author, category);
    expect([isVisibleToReaders(scheduled), isVisibleToReaders(published)]).toEqual([false, true]);

    const scheduledPage = await callAs(author, `/details/${scheduled.slug}`);
    expect(scheduledPage.status).toBe(200);
    const scheduledHtml = await scheduledPage.text();
    expect(scheduledHtml).toContain(NOINDEX);
    expect(scheduledHtml).toContain('Scheduled for');

    const publishedPage = await callAs(author, `/details/${published.slug}`);
    expect(publishedPage.status).toBe(200);
    expect(await publishedPage.text()).not.toContain(NOINDEX);
  });

  it('takes a publish time as a Date, an ISO string or ms alike', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    for (const at of [new Date(now), '2026-03-01T12:00:00.000Z', now]) {
      expect(isVisibleToReaders({ status: 'published', publishedAt: at }, now)).toBe(true);
    }
    expect(isVisibleToReaders({ status: 'published', publishedAt: new Date(now + 1) }, now)).toBe(false);
    expect(isVisibleToReaders({ status: 'draft', publishedAt: new Date(now - 1) }, now)).toBe(false);
  });
});
