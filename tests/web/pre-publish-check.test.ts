// The pre-publish check's rules (product.md §16): each rule alone on a post that is otherwise clean, and the
// link check through the real API layer with only fetch faked (by URL: its reads run in parallel).
import { describe, expect, it } from 'vitest';
import { createApiClients } from '../../web/lib/api-client';
import { httpReads } from '../../web/lib/page-reads-api';
import { bodyFacts, prePublishWarnings, type CheckedPost } from '../../web/features/editor/pre-publish-check';
import { missingSiteLinks, sitePathOf } from '../../web/features/editor/pre-publish-links';
import { isCheckedIntent, usePrePublishCheck } from '../../web/features/editor/use-pre-publish-check';
import { fakeFetchByUrl, type Scripted } from './fake-fetch';
import { renderHook, run } from './render-hook';

const clean: CheckedPost = {
  title: 'Field notes from the coast',
  body: '## Morning\n\nA walk along [the harbour wall](https://example.org/harbour).\n\n### Tides\n\n![Low tide at dawn](/media/tide.jpg)',
  excerpt: 'What a week on the coast taught me.',
  seo: { title: '', description: '' },
  cover: '',
  coverAlt: '',
  coverDecorative: false,
};

const ids = (post: Partial<CheckedPost>) => prePublishWarnings({ ...clean, ...post }).map((w) => w.id);

describe('pre-publish check rules', () => {
  it('finds nothing in a clean post', () => {
    expect(prePublishWarnings(clean)).toEqual([]);
  });

  it('warns of each body image without alt text, naming it', () => {
    const warnings = prePublishWarnings({ ...clean, body: '![](/media/a.jpg)\n\n![ ](/media/b.jpg) ![Fine](/media/c.jpg)' });
    expect(warnings.map((w) => w.id)).toEqual(['image-alt', 'image-alt']);
    expect(warnings[0]!.message).toContain('/media/a.jpg');
    expect(warnings[0]!.hint).not.toBe('');
  });

  it('warns of a cover without alt text, and not of a described cover or no cover', () => {
    expect(ids({ cover: '/media/cover.jpg', coverAlt: '' })).toEqual(['cover-alt']);
    expect(ids({ cover: '/media/cover.jpg', coverAlt: 'Boats at dawn' })).toEqual([]);
    expect(ids({ cover: '', coverAlt: '' })).toEqual([]);
  });

  it('does not warn of a cover marked decorative (decision 066): only a forgotten alt text is warned of', () => {
    expect(ids({ cover: '/media/cover.jpg', coverAlt: '', coverDecorative: true })).toEqual([]);
    expect(prePublishWarnings({ ...clean, cover: '/media/cover.jpg', coverAlt: ' ', coverDecorative: false })[0]).toMatchObject({
      id: 'cover-alt',
      hint: expect.stringContaining('Decorative image (no alt text)'),
    });
  });

  it('warns of skipped heading levels, counting the title as the h1', () => {
    expect(ids({ body: '## A\n\n#### B' })).toEqual(['heading-skip']);
    expect(ids({ body: '### Starts too deep' })).toEqual(['heading-skip']);
    expect(ids({ body: '## A\n\n### B\n\n## C\n\n### D' })).toEqual([]);
    expect(prePublishWarnings({ ...clean, body: '## A\n\n#### B' })[0]!.message).toBe('A heading skips from level 2 to level 4.');
  });

  it('does not read headings inside code blocks', () => {
    expect(ids({ body: '```\n#### not a heading\n```' })).toEqual([]);
  });

  it('warns of empty links and of vague link text, case-insensitively', () => {
    expect(ids({ body: '[](https://example.org)' })).toEqual(['link-empty']);
    expect(ids({ body: '[A page]()' })).toEqual(['link-empty']);
    for (const text of ['click here', 'Click Here!', 'HERE', 'Read more…', 'this link']) {
      expect(ids({ body: `See [${text}](https://example.org/x).` })).toEqual(['link-text']);
    }
    expect(ids({ body: 'See [where the tide goes](https://example.org/x).' })).toEqual([]);
  });

  it('counts an image inside a link as the link’s text', () => {
    expect(ids({ body: '[![The harbour map](/media/map.png)](https://example.org/map)' })).toEqual([]);
  });

  it('warns when there is neither an excerpt nor a meta description', () => {
    expect(ids({ excerpt: '' })).toEqual(['summary-missing']);
    expect(ids({ excerpt: '', seo: { title: '', description: 'A description' } })).toEqual([]);
  });

  it('warns of a title over 60 and a description over 160 characters, the meta fields first', () => {
    expect(ids({ title: 'x'.repeat(60) })).toEqual([]);
    expect(ids({ title: 'x'.repeat(61) })).toEqual(['title-long']);
    expect(ids({ title: 'x'.repeat(61), seo: { title: 'Short', description: '' } })).toEqual([]);
    expect(ids({ excerpt: 'y'.repeat(160) })).toEqual([]);
    expect(ids({ excerpt: 'y'.repeat(161) })).toEqual(['description-long']);
    expect(ids({ excerpt: 'y'.repeat(161), seo: { title: '', description: 'Short' } })).toEqual([]);
  });

  it('checks only the saves that put a post out: Publish, Schedule, and a draft submitted for review', () => {
    expect(isCheckedIntent('publish', 'draft')).toBe(true);
    expect(isCheckedIntent('schedule', 'published')).toBe(true);
    expect(isCheckedIntent('submit', 'draft')).toBe(true);
    expect(isCheckedIntent('submit', 'pending')).toBe(false);
    expect(isCheckedIntent('draft', 'draft')).toBe(false);
    expect(isCheckedIntent('update', 'published')).toBe(false);
  });
});

const ORIGIN = 'https://blog.example';

describe('pre-publish check: links to this site', () => {
  it('takes site-relative links and absolute ones on the site’s origin, nothing else', () => {
    expect(sitePathOf('/details/a-post', ORIGIN)).toBe('/details/a-post');
    expect(sitePathOf('https://blog.example/tag/css?x=1#top', ORIGIN)).toBe('/tag/css');
    expect(sitePathOf('https://elsewhere.example/details/a', ORIGIN)).toBeNull();
    expect(sitePathOf('//elsewhere.example/x', ORIGIN)).toBeNull();
    expect(sitePathOf('#section', ORIGIN)).toBeNull();
    expect(sitePathOf('mailto:a@b.example', ORIGIN)).toBeNull();
    expect(sitePathOf('/media/photo.jpg', ORIGIN)).toBeNull();
  });

  async function check(body: string, answer: (url: string) => Scripted | Promise<never>, timeoutMs?: number) {
    const net = fakeFetchByUrl(answer);
    const reads = httpReads(createApiClients({ fetch: net.fetch, navigate: () => undefined }));
    const warnings = await missingSiteLinks(bodyFacts(body).links, ORIGIN, reads, timeoutMs);
    return { warnings, urls: net.calls.map((c) => c.url) };
  }

  it('warns of a link to a post, category, tag, author or page the API answers 404 for, reading each once', async () => {
    const body = [
      '[gone](/details/gone-post) [again](/details/gone-post) [there](https://blog.example/details/real-post)',
      '[c](/category/nope) [t](/tag/nope) [a](/author/nobody) [p](/no-such-page) [home](/)',
    ].join('\n\n');
    const { warnings, urls } = await check(body, (url) => (url.includes('real-post') ? { status: 200, json: { post: {} } } : { status: 404, json: { error: { code: 'not_found', message: 'Not found' } } }));
    expect(urls.sort()).toEqual(['/api/categories/nope', '/api/pages/no-such-page', '/api/posts/gone-post', '/api/posts/real-post', '/api/tags/nope', '/api/users/nobody?page=1'].sort());
    expect(warnings.map((w) => w.message)).toEqual([
      'A link goes to /details/gone-post, which does not exist.',
      'A link goes to /category/nope, which does not exist.',
      'A link goes to /tag/nope, which does not exist.',
      'A link goes to /author/nobody, which does not exist.',
      'A link goes to /no-such-page, which does not exist.',
    ]);
  });

  it('warns of an address the route table names no page for, without asking the API', async () => {
    const { warnings, urls } = await check('[x](/details/a/b/c) [y](/admin/nowhere)', () => 500);
    expect(urls).toEqual([]);
    expect(warnings.map((w) => w.id)).toEqual(['link-missing', 'link-missing']);
    expect(warnings[0]!.message).toContain('no page of this site');
  });

  it('warns of nothing when the API errs, is unreachable or too slow: the check never blocks', async () => {
    expect((await check('[a](/details/x)', () => 500)).warnings).toEqual([]);
    expect((await check('[a](/details/x)', () => new Error('offline'))).warnings).toEqual([]);
    expect((await check('[a](/details/x)', () => new Promise<never>(() => undefined), 20)).warnings).toEqual([]);
  });
});

describe('usePrePublishCheck', () => {
  async function setup(post: CheckedPost, state: 'draft' | 'published' = 'draft') {
    const net = fakeFetchByUrl(() => ({ status: 404, json: { error: { code: 'not_found', message: 'Not found' } } }));
    const reads = httpReads(createApiClients({ fetch: net.fetch, navigate: () => undefined }));
    const saved: string[] = [];
    const hook = await renderHook(() => usePrePublishCheck({ post: () => post, state, reads, onSave: (intent) => saved.push(intent) }));
    return { ...hook, saved };
  }

  it('publishes straight away when there is nothing to warn of', async () => {
    const { result, saved } = await setup(clean);
    await run(() => result.current.save('publish'));
    expect(saved).toEqual(['publish']);
    expect(result.current.pending).toBeNull();
  });

  it('holds a Publish with warnings until the author answers: Keep editing saves nothing, Publish anyway publishes', async () => {
    const { result, saved } = await setup({ ...clean, body: '#### Deep\n\n[here](/details/gone)' });
    await run(() => result.current.save('publish'));
    expect(saved).toEqual([]);
    expect(result.current.pending?.warnings.map((w) => w.id)).toEqual(['heading-skip', 'link-text', 'link-missing']);
    await run(() => result.current.cancel());
    expect(saved).toEqual([]);
    await run(() => result.current.save('publish'));
    await run(() => result.current.confirm());
    expect(saved).toEqual(['publish']);
    expect(result.current.pending).toBeNull();
  });

  it('does not check a draft save or an update', async () => {
    const { result, saved } = await setup({ ...clean, excerpt: '' }, 'published');
    await run(() => result.current.save('update'));
    await run(() => result.current.save('draft'));
    expect(saved).toEqual(['update', 'draft']);
  });
});
