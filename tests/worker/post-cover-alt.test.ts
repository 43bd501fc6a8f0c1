// A cover's alt text (`coverAlt`, product.md §16/§19): written with the post, read back in the post, the
// lists and the rendered page; '' marks the cover decorative; bad input is 422 and changes nothing.
import { describe, expect, it } from 'vitest';
import type { ListPage } from '../../contracts/lists';
import type { PostResponse, PostSummary } from '../../contracts/posts';
import { dbSnapshot } from './admin-kit';
import { createCategory, createPost, createUser, json, updateOf, uid } from './factories';
import { call, expectError } from './helpers';

const COVER = 'https://images.example/lighthouse.jpg';

/** The post page's cover tag (its other attributes come from imageAttrs, decision 064). */
const coverTag = (page: string): string => page.match(/<img class="post-cover"[^>]*>/)?.[0] ?? '';

describe('coverAlt', () => {
  it('round-trips through create, update, the post, the list and the page; absent keeps it, no cover drops it', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const alt = `A lighthouse at dusk ${uid(4)}`;
    const created = await createPost(author, category, { coverImage: COVER, coverAlt: `  ${alt}  ` });
    expect(created.coverAlt).toBe(alt);
    expect((await json<PostResponse>(await call(`/api/posts/${created.slug}`))).post.coverAlt).toBe(alt);
    const list = await json<ListPage<PostSummary>>(await call(`/api/posts?category=${category.slug}`));
    expect(list.items.find((p) => p.slug === created.slug)?.coverAlt).toBe(alt);
    const page = await (await call(`/details/${created.slug}`)).text();
    expect(coverTag(page)).toContain(`src="${COVER}"`);
    expect(coverTag(page)).toContain(` alt="${alt}"/>`);

    const put = (post: PostResponse['post'], overrides: Record<string, unknown>) =>
      call(`/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, overrides), cookie: author.cookie, ip: author.ip });
    // updateOf sends no coverAlt: the stored one is kept.
    const kept = (await json<PostResponse>(await put(created, { title: 'Retitled' }))).post;
    expect(kept.coverAlt).toBe(alt);
    const decorative = (await json<PostResponse>(await put(kept, { coverAlt: '' }))).post;
    expect(decorative.coverAlt).toBe('');
    expect(coverTag(await (await call(`/details/${created.slug}`)).text())).toContain(' alt=""/>');
    const described = (await json<PostResponse>(await put(decorative, { coverAlt: alt }))).post;
    const noCover = (await json<PostResponse>(await put(described, { coverImage: null }))).post;
    expect(noCover).toMatchObject({ coverImage: null, coverAlt: '' });
  });

  it("a post page shares its cover's alt text with link previews (og:image:alt, twitter:image:alt), escaped; a decorative cover shares none", async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const described = await createPost(author, category, { coverImage: COVER, coverAlt: 'The "Lighthouse" & <its> lamp', status: 'published' });
    const page = await (await call(`/details/${described.slug}`)).text();
    expect(page).toContain(`<meta property="og:image" content="${COVER}">`);
    const escaped = 'The &quot;Lighthouse&quot; &amp; &lt;its&gt; lamp';
    expect(page).toContain(`<meta property="og:image:alt" content="${escaped}"><meta name="twitter:image:alt" content="${escaped}">`);

    const decorative = await createPost(author, category, { coverImage: COVER, coverAlt: '', status: 'published' });
    const plain = await (await call(`/details/${decorative.slug}`)).text();
    expect(plain).toContain(`<meta property="og:image" content="${COVER}">`);
    expect(plain).not.toContain('image:alt');
  });

  it('a post without coverAlt is decorative (empty), created or not', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    expect((await createPost(author, category, { coverImage: COVER })).coverAlt).toBe('');
    expect((await createPost(author, category)).coverAlt).toBe('');
  });

  it('refuses an alt text over 250 characters, with a control character or not text: 422 fields.coverAlt, nothing changes', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category, { coverImage: COVER, coverAlt: 'Fine' });
    const before = await dbSnapshot();
    for (const bad of ['x'.repeat(251), 'line\nbreak', 'bidi \u202E trick', 42, null]) {
      const created = await expectError(
        await call('/api/posts', { json: { title: 'T', body: 'B', category: category.slug, status: 'draft', coverImage: COVER, coverAlt: bad }, cookie: author.cookie }),
        422,
        'validation_failed',
      );
      expect(created.error.fields?.coverAlt).toBeDefined();
      const updated = await expectError(
        await call(`/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { coverAlt: bad }), cookie: author.cookie }),
        422,
        'validation_failed',
      );
      expect(updated.error.fields?.coverAlt).toBeDefined();
    }
    expect(await dbSnapshot()).toEqual(before);
    expect((await createPost(author, category, { coverImage: COVER, coverAlt: 'x'.repeat(250) })).coverAlt).toHaveLength(250);
  });
});
