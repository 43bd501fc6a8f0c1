// The social cards (product.md §16, §19, decision 065): a post or page without a social image of its own gets a
// generated 1200×630 PNG at `/details/:slug/card.png` (`/:slug/card.png` for a page), named by its og:image and
// twitter:image; a cover or SEO image is kept; a missing or draft post answers the 404.
import { describe, expect, it } from 'vitest';
import { createAdmin, createCategory, createPost, createUser } from './factories';
import { call } from './helpers';
import { createPage } from './pages-kit';
import { PNG_SIGNATURE, pngSize } from './png-kit';

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
});
