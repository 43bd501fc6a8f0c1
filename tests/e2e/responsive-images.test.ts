// Decision 064 in real Chromium: every <img> of home, post, category and author pages has width and
// height, and a 390 px phone loads a resized cover instead of a 4000 px original (bytes logged for the report).
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch } from './support/browser';
import { newAccount, newCategory, newPost, sessionCookie } from './support/own-data';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A photo-like 4000×2667 JPEG: gradients with grain, so it compresses like a photograph, not a flat fill. */
async function largePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 2667;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const grain = (((x * 7919) ^ (y * 104729)) & 31) - 16;
      raw[i] = 120 + 100 * Math.sin(x / 180) + grain;
      raw[i + 1] = 110 + 90 * Math.cos(y / 140) + grain;
      raw[i + 2] = 128 + 60 * Math.sin((x + y) / 90) + grain;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

async function upload(cookie: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${baseURL()}/api/media`, { method: 'POST', body: form, headers: { cookie, origin: baseURL() } });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

/** The <img>s in the page's main content that lack a width or a height attribute. */
const unsizedImages = (page: Page) =>
  page.locator('main img').evaluateAll((imgs) => imgs.filter((img) => !img.getAttribute('width') || !img.getAttribute('height')).map((img) => img.outerHTML));

describe('responsive images', () => {
  it('every <img> on the home, post, category and author pages has width and height; a phone loads a resized cover', async () => {
    const author = await newAccount('author');
    const original = await largePhoto();
    const src = await upload(await sessionCookie(author), original);
    const category = (await newCategory()).slug;
    const post = await newPost(author, { category, coverImage: src, coverAlt: 'Waves', body: `Intro.\n\n![Waves again](${src})\n\nEnd.` });

    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const imageBytes = new Map<string, number>();
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'image') return;
      const body = await res.body().catch(() => Buffer.alloc(0));
      imageBytes.set(res.url(), body.byteLength);
    });
    await page.goto(`/details/${post.slug}`, { waitUntil: 'networkidle' });
    expect(await unsizedImages(page)).toEqual([]);
    const cover = page.locator('img.post-cover');
    await expect(cover.getAttribute('fetchpriority')).resolves.toBe('high');
    const coverUrl = await cover.evaluate((img) => (img as HTMLImageElement).currentSrc);
    expect(coverUrl).toMatch(/\?w=(960|1280)$/);
    const loaded = [...imageBytes.values()].reduce((a, b) => a + b, 0);
    console.log(`[responsive] 390px phone (DPR 3), post with a 4000px cover: before ${original.byteLength} bytes (the original), after ${loaded} bytes (${[...imageBytes].map(([u, n]) => `${new URL(u).pathname}${new URL(u).search} ${n}`).join(', ')})`);
    expect(loaded).toBeLessThan(original.byteLength / 4);

    for (const path of ['/', `/category/${category}`, `/author/${author.username}`]) {
      await page.goto(path);
      expect(await unsizedImages(page), path).toEqual([]);
    }
    await context.close();
  });
});
