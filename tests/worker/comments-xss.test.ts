// Comments are what users send to other users (security.md rule 11): every payload of the XSS corpus, as a
// comment's body and as its name, comes back inert — in the API, on the post page, in the moderators' list —
// and a comment's links carry rel="ugc nofollow noopener"; images, headings and tables are not part of it.
import { describe, expect, it } from 'vitest';
import { renderCommentMarkdown } from '../../worker/lib/markdown';
import { call } from './helpers';
import { adminList, commentOn, postWithAuthor, readComments } from './comments-kit';
import { expectInertHtml, XSS_PAYLOADS } from './xss-kit';

describe('comments and the XSS corpus', () => {
  it('renderCommentMarkdown leaves every payload inert', () => {
    for (const payload of XSS_PAYLOADS) expectInertHtml(renderCommentMarkdown(payload), payload);
  });

  it('the subset: links are ugc nofollow noopener; no images, headings, tables or rules', () => {
    expect(renderCommentMarkdown('[a](https://example.com/)')).toBe('<p><a href="https://example.com/" rel="ugc nofollow noopener">a</a></p>\n');
    expect(renderCommentMarkdown('![alt words](https://example.com/a.png)')).toBe('<p>alt words</p>\n');
    const blocks = renderCommentMarkdown('# Heading\n\n---\n\n| a | b |\n|---|---|\n| c | d |');
    expect(blocks).not.toMatch(/<(h1|hr|table|img)/);
    expect(renderCommentMarkdown('*em* **strong** `code`\n\n> quote\n\n- item')).toMatch(/<em>em<\/em> <strong>strong<\/strong> <code>code<\/code>[\s\S]*<blockquote>[\s\S]*<li>item<\/li>/);
  });

  it('through the API and the post page: bodies and names stay inert for readers and moderators', async () => {
    const { author, post } = await postWithAuthor();
    const payloads = XSS_PAYLOADS.slice(0, 12);
    for (const payload of payloads) await commentOn(post.slug, { body: payload }, author);
    const items = (await readComments(post.slug)).items;
    expect(items).toHaveLength(payloads.length);
    for (const c of items) expectInertHtml(c.bodyHtml, `api ${c.id}`);
    const moderated = await adminList(author, `?status=approved&post=${post.slug}`);
    for (const c of moderated.items) expectInertHtml(c.bodyHtml, `admin ${c.id}`);

    const page = await (await call(`/details/${post.slug}`)).text();
    // The boot data carries the same HTML as JSON text; live markup would be a tag or an attribute.
    expect(page).not.toMatch(/<script>alert|<img src=x|href="javascript:/i);
    const section = /<section[^>]*id="comments"[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
    expect(section).not.toBe('');
    expect(section).not.toMatch(/<(script|img|iframe|svg|object|style|details|math)\b/i);
    expect(section).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
  });
});
