// The pages the benchmark measures (scripts/lib/bench/pages.ts): every feed scope, the pages issues 16–20 added,
// and the check each answer must pass before it is measured.
import { describe, expect, it } from 'vitest';
import { DOCUMENT_ROUTES } from '../../contracts/routes';
import { matchScore } from '../../contracts/route-pattern';
import { answerProblem, benchPages, choosePages, type BenchPage } from '../../scripts/lib/bench/pages';
import { APPROVED_COMMENT_MARK, HIDDEN_COMMENT_MARK, THREAD_APPROVED } from '../../scripts/lib/bench/dataset-comments';

const pages = benchPages(1000, 'a-post-999');
const page = (label: string): BenchPage => pages.find((p) => p.label === label)!;
const html = (body: string) => ({ status: 200, contentType: 'text/html; charset=utf-8', body });

describe('bench pages', () => {
  it('measures a feed of every scope the app has, and every format of the site feed', () => {
    const feeds = DOCUMENT_ROUTES.filter((r) => r.kind === 'feed');
    const measured = feeds.filter((route) => pages.some((p) => matchScore(route.pattern, p.path) !== null));
    expect(new Set(measured.map((r) => r.of))).toEqual(new Set(feeds.map((r) => r.of)));
    expect(measured.filter((r) => r.of === 'home').map((r) => r.format).sort()).toEqual(['atom', 'json', 'rss']);
  });

  it('measures the pages issues 16–20 added: a page, the post with its thread, an author, an image variant, the social card, a phrase, /subscribe', () => {
    expect(pages.map((p) => p.path)).toEqual(
      expect.arrayContaining(['/about', '/details/a-post-999', '/author/author1', '/details/a-post-999/card.png', '/subscribe', '/search?q=%22river+harbour%22']),
    );
    expect(page('image').path).toMatch(/^\/media\/[0-9a-f]{32}\.png\?w=640$/);
    expect(page('image').headers).toEqual({ accept: expect.stringContaining('image/avif') });
    expect(new Set(pages.map((p) => p.label)).size).toBe(pages.length);
  });

  it('accepts the post only with its 50 approved comments and none held or spam', () => {
    const post = page('post');
    const images = post.expected.contains!.join(' ');
    const comments = Array.from({ length: THREAD_APPROVED }, (_, i) => `<p>A ${APPROVED_COMMENT_MARK} on post 999, number ${i + 1}: thanks</p>`);
    const thread = comments.join('');
    expect(answerProblem(post, html(images + thread))).toBeNull();
    expect(answerProblem(post, html(images + thread + JSON.stringify(comments)))).toBeNull(); // repeated for hydration
    expect(answerProblem(post, html(images + comments.slice(1).join('')))).toMatch(/holds 49 different .*, not 50/);
    expect(answerProblem(post, html(images + thread + HIDDEN_COMMENT_MARK))).toMatch(/shows "unmoderated-comment"/);
    expect(answerProblem(post, html(thread))).toMatch(/^lacks "\/media\//);
  });

  it('refuses a wrong status or type: an image variant must be AVIF or WebP', () => {
    const image = page('image');
    expect(answerProblem(image, { status: 200, contentType: 'image/avif', body: '' })).toBeNull();
    expect(answerProblem(image, { status: 200, contentType: 'image/png', body: '' })).toMatch(/answers image\/png/);
    expect(answerProblem(page('feed'), { status: 503, contentType: 'text/plain', body: '' })).toBe('answers 503, not 200');
  });

  it('chooses pages by the start of their label and refuses a name that starts none', () => {
    expect(choosePages(pages, ['feed']).map((p) => p.label)).toEqual(['feed', 'feed atom', 'feed json', 'feed category', 'feed tag', 'feed author']);
    expect(choosePages(pages, null)).toHaveLength(pages.length);
    expect(() => choosePages(pages, ['home', 'nope'])).toThrow('--pages: no page starts with nope');
  });
});
