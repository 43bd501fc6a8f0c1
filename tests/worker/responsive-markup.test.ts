// Stored dimensions reach the markup (decision 064): a post's cover in every read carries its size, and
// a body's uploaded images are rendered at write time with width, height, srcset, sizes and lazy loading.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { PostListResponse } from '../../contracts/posts';
import { call } from './helpers';
import { createCategory, createPost, createUser, json, uid } from './factories';

async function storedMedia(ownerId: number, width: number | null, height: number | null): Promise<string> {
  const key = `${uid(32)}.jpg`;
  await env.DB.prepare('INSERT INTO media (key, owner_id, content_type, size, width, height) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(key, ownerId, 'image/jpeg', 1000, width, height)
    .run();
  return `/media/${key}`;
}

describe('responsive image markup', () => {
  it("a body's uploaded image is rendered with its stored width, height, srcset, sizes and lazy loading", async () => {
    const [user, category] = await Promise.all([createUser({ role: 1 }), createCategory()]);
    const src = await storedMedia(user.id, 4000, 3000);
    const post = await createPost(user, category, { body: `Before\n\n![A hill](${src})\n\n![Far](https://example.com/x.png)` });
    const img = post.bodyHtml.match(/<img [^>]*src="\/media\/[^"]+"[^>]*>/)?.[0] ?? '';
    expect(img).toContain('width="4000"');
    expect(img).toContain('height="3000"');
    expect(img).toContain(`srcset="${src}?w=320 320w, ${src}?w=640 640w, ${src}?w=960 960w, ${src}?w=1280 1280w, ${src}?w=1920 1920w, ${src} 4000w"`);
    expect(img).toMatch(/sizes="[^"]+"/);
    expect(img).toContain('loading="lazy"');
    const outside = post.bodyHtml.match(/<img [^>]*src="https:[^"]+"[^>]*>/)?.[0] ?? '';
    expect(outside).toContain('loading="lazy"');
    expect(outside).not.toContain('srcset');
  });

  it("a post's cover carries its stored size in the post and in lists; an outside cover null", async () => {
    const [user, category] = await Promise.all([createUser({ role: 1 }), createCategory()]);
    const cover = await storedMedia(user.id, 1600, 900);
    const post = await createPost(user, category, { coverImage: cover, coverAlt: 'A hill', status: 'published' });
    expect(post).toMatchObject({ coverWidth: 1600, coverHeight: 900 });
    const list = await json<PostListResponse>(await call(`/api/posts?category=${category.slug}`));
    expect(list.items[0]).toMatchObject({ slug: post.slug, coverWidth: 1600, coverHeight: 900 });
    const unknown = await createPost(user, category, { coverImage: await storedMedia(user.id, null, null) });
    expect(unknown).toMatchObject({ coverWidth: null, coverHeight: null });
  });
});
