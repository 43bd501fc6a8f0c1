// Issue 10 item 8: the demo content lives in demo/ as data files, and after the seed the site serves
// exactly those files, stored as the API stores a post (slug, excerpt, reading time, HTML), with
// accounts whose passwords the Worker verifies.
import { describe, expect, it } from 'vitest';
import type { Category } from '../../contracts/categories';
import type { Post } from '../../contracts/posts';
import { DEMO_MEDIA_COVER, readDemoContent, readDemoMedia } from '../../scripts/lib/demo-content';
import { readingMinutes, renderMarkdown } from '../../worker/lib/markdown';
import { baseURL } from './support/browser';

const DAY_MS = 24 * 60 * 60 * 1000;
const content = readDemoContent();

async function signIn(login: string, password: string): Promise<{ cookie: string; user: { name: string; role: number } }> {
  const res = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL() },
    body: JSON.stringify({ login, password }),
  });
  expect(res.status, `${login}: ${await res.clone().text()}`).toBe(200);
  const cookie = res.headers.getSetCookie().map((l) => l.split(';')[0] as string).find((p) => p.includes('session='));
  return { cookie: cookie ?? '', user: ((await res.json()) as { user: { name: string; role: number } }).user };
}

describe('the demo content of demo/, as seeded', () => {
  it('signs in every account of users.yaml with its password, under its name and role', async () => {
    for (const u of content.users) {
      const { user } = await signIn(u.email, u.password);
      expect(user).toMatchObject({ name: u.name, role: u.role });
    }
  });

  it('serves every category of categories.yaml with its description', async () => {
    const { items } = (await (await fetch(`${baseURL()}/api/categories`)).json()) as { items: Category[] };
    for (const c of content.categories) {
      expect(items.find((i) => i.name === c.name)?.description).toBe(c.description ?? '');
    }
  });

  it('serves every post file under its file name: title, author, category, excerpt, body, its HTML and its timing', async () => {
    expect(content.posts.length).toBeGreaterThanOrEqual(20);
    const admin = content.users.find((u) => u.role === 0)!;
    const { cookie } = await signIn(admin.username, admin.password);
    const now = Date.now();
    for (const file of content.posts) {
      const res = await fetch(`${baseURL()}/api/posts/${file.slug}`, { headers: { cookie } });
      expect(res.status, file.file).toBe(200);
      const { post } = (await res.json()) as { post: Post };
      expect(post, file.file).toMatchObject({
        title: file.title,
        body: file.body,
        author: { username: file.author },
        category: { slug: file.category },
        coverAlt: file.coverAlt ?? '',
        status: file.status === 'draft' ? 'draft' : 'published',
        readingMinutes: readingMinutes(file.body),
      });
      // A cover of demo/media is uploaded by the seed; an https:// one is kept as written.
      if (file.cover === undefined) expect(post.coverImage, file.file).toBeNull();
      else if (DEMO_MEDIA_COVER.test(file.cover)) expect(post.coverImage, file.file).toMatch(/^\/media\/[0-9a-f]{32}\.(png|jpg|webp|gif|avif)$/);
      else expect(post.coverImage, file.file).toBe(file.cover);
      if (file.excerpt) expect(post.excerpt, file.file).toBe(file.excerpt);
      else expect(post.excerpt, file.file).not.toBe('');
      // Stored at write time by the Worker's own Markdown rules, as POST /api/posts stores it.
      expect(post.bodyHtml, file.file).toBe(renderMarkdown(file.body));

      const publishedAt = post.publishedAt === null ? null : Date.parse(post.publishedAt);
      if (file.status === 'draft') expect(publishedAt, file.file).toBeNull();
      else {
        const due = file.status === 'published' ? now - file.daysAgo * DAY_MS : now + file.daysAhead * DAY_MS;
        expect(Math.abs(publishedAt! - due), file.file).toBeLessThan(2 * 60 * 60 * 1000);
      }
    }
  });

  it('seeds covers with their alt text: the uploaded image is served, and the post page describes it', async () => {
    const covered = content.posts.filter((p) => p.cover !== undefined && p.status === 'published');
    expect(covered.length, 'published demo posts with a cover').toBeGreaterThan(0);
    for (const file of covered) {
      expect(file.coverAlt, `${file.file}: a cover needs coverAlt`).toBeTruthy();
      const { post } = (await (await fetch(`${baseURL()}/api/posts/${file.slug}`)).json()) as { post: Post };
      expect(post.coverAlt, file.file).toBe(file.coverAlt);
      const image = await fetch(`${baseURL()}${post.coverImage}`);
      expect(image.status, file.file).toBe(200);
      expect(new Uint8Array(await image.arrayBuffer()), file.file).toEqual(readDemoMedia(file.cover!));
      const page = await (await fetch(`${baseURL()}/details/${file.slug}`)).text();
      const alt = file.coverAlt!.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      // The cover tag's other attributes come from imageAttrs (decision 064).
      const cover = page.match(/<img class="post-cover"[^>]*>/)?.[0] ?? '';
      expect(cover, file.file).toContain(`src="${post.coverImage}"`);
      expect(cover, file.file).toContain(` alt="${alt}"/>`);
    }
  });
});
