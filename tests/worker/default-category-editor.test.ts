// The settings' default category (product.md §14): any author's editor starts a new post in it — it is in
// the public settings the root route reads, so the editor needs no admin-only read.
import { describe, expect, it } from 'vitest';
import type { PublicSettings } from '../../contracts/settings';
import { callAs } from './admin-kit';
import { call } from './helpers';
import { createAdmin, createCategory, createPost, createUser, json } from './factories';

/** The option the new-post editor's category select renders selected. */
async function selectedCategory(cookie: string): Promise<string | undefined> {
  const html = await (await call('/create-post', { cookie })).text();
  const select = html.slice(html.indexOf('id="post-category"'), html.indexOf('</select>', html.indexOf('id="post-category"')));
  return /<option value="([^"]+)" selected="">/.exec(select)?.[1];
}

describe('the default category in the editor', () => {
  it('a new post starts in the default category the admin set; GET /api/settings names it', async () => {
    const [admin, author, first, second] = await Promise.all([createAdmin(), createUser(), createCategory(), createCategory()]);
    await createPost(author, first);
    await createPost(author, second);
    await json(await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: { defaultCategory: second.slug } }));
    expect((await json<PublicSettings>(await call('/api/settings'))).defaultCategory).toBe(second.slug);
    expect(await selectedCategory(author.cookie)).toBe(second.slug);

    await json(await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: { defaultCategory: first.slug } }));
    expect(await selectedCategory(author.cookie)).toBe(first.slug);
  });
});
