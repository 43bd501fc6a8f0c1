// A write parses its Markdown body once: the stored HTML, excerpt and reading time all come from that one
// parse (worker/lib/markdown.ts parseMarkdown), where a save parsed it three or four times before.
import { describe, expect, it } from 'vitest';
import { excerptFrom, markdownParseCount, plainText, readingMinutes, renderMarkdown } from '../../worker/lib/markdown';
import { resolvePostValues } from '../../worker/services/post-fields';
import { callAs } from './admin-kit';
import { createCategory, createPost, createUser, json, updateOf } from './factories';

const refs = { categoryId: 1, authorId: 2, editedBy: 2 };
const now = Date.UTC(2026, 4, 1);
const body = `# A heading\n\nSome **bold** words and a [link](https://example.com/).\n\n${'More words to read. '.repeat(300)}`;
const input = { title: 'T', body, category: 'c', status: 'published' as const };

/** The parses `run` makes, and what it answered. */
function counted<T>(run: () => T): { parses: number; result: T } {
  const before = markdownParseCount();
  const result = run();
  return { parses: markdownParseCount() - before, result };
}

describe('Markdown parsed once per write', () => {
  it('a new post: one parse gives the HTML, the excerpt and the reading time, equal to each made on its own', () => {
    const { parses, result } = counted(() => resolvePostValues(input, null, refs, now));
    expect(parses).toBe(1);
    expect(result.bodyHtml).toBe(renderMarkdown(body));
    expect(result.excerpt).toBe(excerptFrom(body));
    expect(result.readingMinutes).toBe(readingMinutes(body));
    expect(result.excerpt.startsWith(plainText(body).slice(0, 40))).toBe(true);
  });

  it('an edit that keeps the body, or sets an excerpt by hand, parses once; only an edited body with a kept excerpt reads the old body too', () => {
    const made = resolvePostValues(input, null, refs, now);
    const existing = { excerpt: made.excerpt, body, coverImage: null, coverAlt: '', coverDecorative: false, publishedAt: new Date(now), status: 'published' as const };
    expect(counted(() => resolvePostValues({ ...input, title: 'New title', excerpt: made.excerpt }, existing, refs, now)).parses).toBe(1);
    expect(counted(() => resolvePostValues({ ...input, body: `${body} More.`, excerpt: 'By hand' }, existing, refs, now)).parses).toBe(1);
    const edited = counted(() => resolvePostValues({ ...input, body: `New start. ${body}`, excerpt: made.excerpt }, existing, refs, now));
    // The old body's text (not its HTML) tells whether the stored excerpt was made from it: it was, so it follows the body.
    expect(edited.parses).toBe(2);
    expect(edited.result.excerpt).toBe(excerptFrom(`New start. ${body}`));
  });

  it('through the API: creating and updating a post each parse its body once', async () => {
    const [author, category] = await Promise.all([createUser(), createCategory()]);
    const before = markdownParseCount();
    const post = await createPost(author, category, { body });
    const afterCreate = markdownParseCount();
    await json(await callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: updateOf(post, { title: 'Renamed' }) }));
    expect([afterCreate - before, markdownParseCount() - afterCreate]).toEqual([1, 1]);
  });
});
