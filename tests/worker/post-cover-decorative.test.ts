// A decorative cover (`coverDecorative`, decision 066): an explicit choice stored with the post, so "decorative
// on purpose" differs from "alt text forgotten". Written on create and update, kept when a PUT leaves it out,
// shown in the post, the lists and the admin's list; the page shows the cover with alt=""; bad input is 422.
import { describe, expect, it } from 'vitest';
import type { ListPage } from '../../contracts/lists';
import type { PostResponse, PostSummary } from '../../contracts/posts';
import { callAs, dbSnapshot } from './admin-kit';
import { createAdmin, createCategory, createPost, createUser, json, updateOf } from './factories';
import { call, expectError } from './helpers';

const COVER = 'https://images.example/lighthouse.jpg';

const coverTag = (page: string): string => page.match(/<img class="post-cover"[^>]*>/)?.[0] ?? '';

describe('coverDecorative', () => {
  it('is false unless chosen; true stores no alt text, shows alt="" on the page, and reads back in the post and the lists', async () => {
    const [author, category, admin] = await Promise.all([createUser(), createCategory(), createAdmin()]);
    expect((await createPost(author, category, { coverImage: COVER, coverAlt: 'A lighthouse' })).coverDecorative).toBe(false);
    const created = await createPost(author, category, { coverImage: COVER, coverAlt: 'Ignored words', coverDecorative: true, status: 'published' });
    expect(created).toMatchObject({ coverDecorative: true, coverAlt: '' });
    expect((await json<PostResponse>(await call(`/api/posts/${created.slug}`))).post.coverDecorative).toBe(true);
    const list = await json<ListPage<PostSummary>>(await call(`/api/posts?category=${category.slug}`));
    expect(list.items.find((p) => p.slug === created.slug)?.coverDecorative).toBe(true);
    const adminList = await json<ListPage<PostSummary>>(await callAs(admin, `/api/admin/posts?category=${category.slug}`));
    expect(adminList.items.find((p) => p.slug === created.slug)?.coverDecorative).toBe(true);
    const tag = coverTag(await (await call(`/details/${created.slug}`)).text());
    expect(tag).toContain(`src="${COVER}"`);
    expect(tag).toContain(' alt=""/>');
  });

  it('a PUT without it keeps it; false gives the cover its alt text back; no cover is never decorative', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const put = async (post: PostResponse['post'], overrides: Record<string, unknown>) =>
      (await json<PostResponse>(await call(`/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, overrides), cookie: author.cookie, ip: author.ip }))).post;
    const created = await createPost(author, category, { coverImage: COVER, coverAlt: 'A lighthouse' });
    const decorative = await put(created, { coverDecorative: true });
    expect(decorative).toMatchObject({ coverDecorative: true, coverAlt: '' });
    const kept = await put(decorative, { title: 'Retitled', coverAlt: 'Sent by an older client' });
    expect(kept).toMatchObject({ title: 'Retitled', coverDecorative: true, coverAlt: '' });
    const described = await put(kept, { coverDecorative: false, coverAlt: 'A lighthouse at dusk' });
    expect(described).toMatchObject({ coverDecorative: false, coverAlt: 'A lighthouse at dusk' });
    expect(coverTag(await (await call(`/details/${described.slug}`)).text())).toContain(' alt="A lighthouse at dusk"/>');
    const noCover = await put(await put(described, { coverDecorative: true }), { coverImage: null });
    expect(noCover).toMatchObject({ coverImage: null, coverAlt: '', coverDecorative: false });
    expect((await createPost(author, category, { coverDecorative: true })).coverDecorative).toBe(false);
  });

  it('refuses anything but true or false: 422 fields.coverDecorative, nothing changes', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category, { coverImage: COVER, coverAlt: 'Fine' });
    const before = await dbSnapshot();
    for (const bad of ['true', 1, null, {}]) {
      const created = await expectError(
        await call('/api/posts', { json: { title: 'T', body: 'B', category: category.slug, status: 'draft', coverImage: COVER, coverDecorative: bad }, cookie: author.cookie }),
        422,
        'validation_failed',
      );
      expect(created.error.fields?.coverDecorative).toBe('Decorative must be true or false');
      const updated = await expectError(
        await call(`/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { coverDecorative: bad }), cookie: author.cookie }),
        422,
        'validation_failed',
      );
      expect(updated.error.fields?.coverDecorative).toBeDefined();
    }
    expect(await dbSnapshot()).toEqual(before);
  });
});
