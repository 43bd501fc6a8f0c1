// The social cards (product.md §16, §19, decision 065): a post or page without a social image of its own gets a
// generated 1200×630 PNG at `/details/:slug/card.png` (`/:slug/card.png` for a page), named by its og:image and
// twitter:image; a cover or SEO image is kept; a missing or draft post answers the 404.
import { describe, expect, it } from 'vitest';
import type { MediaUploadResponse } from '../../contracts/media';
import { callAs } from './admin-kit';
import { createAdmin, createCategory, createPost, createUser, json, updateOf } from './factories';
import { call } from './helpers';
import { createPage } from './pages-kit';
import { PNG_SIGNATURE, pngSize, solidPng } from './png-kit';

async function cardPng(path: string): Promise<Uint8Array> {
  const res = await call(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  return new Uint8Array(await res.arrayBuffer());
}

const metaContent = (html: string, attr: string, name: string): string | undefined =>
  html.match(new RegExp(`<meta ${attr}="${name}" content="([^"]*)">`))?.[1];

describe('social cards', () => {
  it("a post without a cover gets a 1200×630 PNG card, named by the page's og:image and twitter:image", async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category, { title: 'A card for “quotes” & <angles>' });
    const png = await cardPng(`/details/${post.slug}/card.png`);
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    const html = await (await call(`/details/${post.slug}`)).text();
    expect(metaContent(html, 'property', 'og:image')).toMatch(new RegExp(`/details/${post.slug}/card\\.png$`));
    expect(metaContent(html, 'name', 'twitter:image')).toMatch(new RegExp(`/details/${post.slug}/card\\.png$`));
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
  });

  it('a post with a cover keeps its cover as og:image', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const cover = 'https://images.example/cover.jpg';
    const post = await createPost(author, category, { coverImage: cover });
    const html = await (await call(`/details/${post.slug}`)).text();
    expect(metaContent(html, 'property', 'og:image')).toBe(cover);
    expect(html).not.toContain('card.png');
  });

  it('a missing or draft post, or a bad slug, answers 404 at its card address', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const draft = await createPost(author, category, { status: 'draft' });
    for (const path of [`/details/${draft.slug}/card.png`, '/details/no-such-post-here/card.png', '/details/BAD%20slug/card.png']) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).not.toBe('image/png');
    }
  });

  it("a page without an SEO image gets its card at /:slug/card.png, named by its og:image", async () => {
    const admin = await createAdmin();
    const page = await createPage(admin);
    expect(pngSize(await cardPng(`/${page.slug}/card.png`))).toEqual({ width: 1200, height: 630 });
    const html = await (await call(`/${page.slug}`)).text();
    expect(metaContent(html, 'property', 'og:image')).toMatch(new RegExp(`/${page.slug}/card\\.png$`));
  });

  it("a card is cached for visitors and made again after its post's title changes", async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const post = await createPost(author, category);
    const path = `/details/${post.slug}/card.png`;
    const first = await cardPng(path);
    const again = await call(path);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(first);
    const put = await call(`/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { title: 'A wholly different title' }), cookie: author.cookie, ip: author.ip });
    expect(put.status).toBe(200);
    const after = await call(path);
    expect(after.headers.get('x-cache')).not.toBe('HIT');
    expect(new Uint8Array(await after.arrayBuffer())).not.toEqual(first);
  });

  it("a site with a logo draws it on the card, still a 1200×630 PNG", async () => {
    const [admin, category] = await Promise.all([createAdmin(), createCategory()]);
    const form = new FormData();
    form.append('file', new Blob([(await solidPng(64, 64, [200, 40, 40, 255])) as BlobPart], { type: 'image/png' }), 'logo.png');
    const logo = (await json<MediaUploadResponse>(await callAs(admin, '/api/media', { method: 'POST', body: form }), 201)).url;
    await json(await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: { logo } }));
    try {
      const post = await createPost(admin, category);
      expect(pngSize(await cardPng(`/details/${post.slug}/card.png`))).toEqual({ width: 1200, height: 630 });
    } finally {
      await json(await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: { logo: null } }));
    }
  });
});
