// Readers see an approved comment at once while the post page stays cached (product.md §18; decision 068): a
// held comment moves nothing (the next visitor gets the cached page), an approval, an edit, a deletion or a
// moderator's reply shows on the very next visit to the post page, its comments API and the lists' counts.
import { describe, expect, it } from 'vitest';
import { callAs } from './admin-kit';
import { call } from './helpers';
import { uid } from './factories';
import { approve, commentOn, moderate, postWithAuthor, visitorComment } from './comments-kit';

async function visit(path: string): Promise<{ cache: string | null; text: string }> {
  const res = await call(path);
  return { cache: res.headers.get('x-cache'), text: await res.text() };
}

async function warm(...paths: string[]): Promise<void> {
  for (const path of paths) {
    await visit(path);
    expect((await visit(path)).cache, path).toBe('HIT');
  }
}

describe('comments and the edge cache', () => {
  it('a held comment keeps the cached page (HIT); its approval shows on the next visit, with the count on lists', async () => {
    const { author, post } = await postWithAuthor();
    const paths = [`/details/${post.slug}`, `/api/posts/${post.slug}/comments`, `/author/${author.username}`, `/api/posts?author=${author.username}`];
    await warm(...paths);
    const words = `Held words ${uid(8)}`;
    const held = await commentOn(post.slug, visitorComment({ body: words }));
    for (const path of paths) {
      const seen = await visit(path);
      expect(seen.cache, path).toBe('HIT');
      expect(seen.text, path).not.toContain(words);
    }

    await approve(author, held.id);
    const page = await visit(`/details/${post.slug}`);
    expect(page.cache).toBe('MISS');
    expect(page.text).toContain(words);
    expect((await visit(`/api/posts/${post.slug}/comments`)).text).toContain(words);
    expect((await visit(`/api/posts?author=${author.username}`)).text).toContain('"commentCount":1');
  });

  it('an edit, a reply and a deletion of an approved comment each show on the next visit', async () => {
    const { author, post } = await postWithAuthor();
    const shown = await commentOn(post.slug, { body: 'First version' }, author);
    const path = `/details/${post.slug}`;
    await warm(path);
    expect((await moderate(author, shown.id, { body: 'Second version' })).status).toBe(204);
    expect((await visit(path)).text).toContain('Second version');

    await warm(path);
    expect((await callAs(author, `/api/admin/comments/${shown.id}/reply`, { json: { body: 'A reply from me' } })).status).toBe(201);
    expect((await visit(path)).text).toContain('A reply from me');

    await warm(path);
    expect((await callAs(author, `/api/admin/comments/${shown.id}`, { method: 'DELETE' })).status).toBe(204);
    const after = await visit(path);
    expect(after.text).not.toContain('Second version');
    expect(after.text).not.toContain('A reply from me');
  });
});
