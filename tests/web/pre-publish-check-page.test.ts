// The pre-publish check on a standalone page (the page editor): the rules that apply to a page — body image
// alt text, headings, link text, links to this site, the meta description and the lengths — and none of a
// post's (cover, excerpt). The hook holds a page's Publish like a post's.
import { describe, expect, it } from 'vitest';
import { createApiClients } from '../../web/lib/api-client';
import { httpReads } from '../../web/lib/page-reads-api';
import { prePublishWarnings, type CheckedPage } from '../../web/features/editor/pre-publish-check';
import { usePrePublishCheck } from '../../web/features/editor/use-pre-publish-check';
import { fakeFetchByUrl } from './fake-fetch';
import { renderHook, run } from './render-hook';

const page: CheckedPage = {
  title: 'About this site',
  body: '## Who writes here\n\nWe keep [field notes](https://example.org/notes).\n\n![The team at the harbour](/media/team.jpg)',
  seo: { title: '', description: 'Who writes Byline and why.' },
};

const ids = (over: Partial<CheckedPage>) => prePublishWarnings({ ...page, ...over }).map((w) => w.id);

describe('pre-publish check of a page', () => {
  it('finds nothing in a clean page: a page has no cover or excerpt to ask for', () => {
    expect(prePublishWarnings(page)).toEqual([]);
  });

  it('warns of body images without alt text, skipped headings and vague or empty links', () => {
    expect(ids({ body: '![](/media/a.jpg)' })).toEqual(['image-alt']);
    expect(ids({ body: '## A\n\n#### B' })).toEqual(['heading-skip']);
    expect(ids({ body: '[click here](https://example.org) [](https://example.org)' })).toEqual(['link-text', 'link-empty']);
  });

  it('warns of a missing meta description, saying so without an excerpt to point to', () => {
    const [missing] = prePublishWarnings({ ...page, seo: { title: '', description: '' } });
    expect(missing).toMatchObject({ id: 'summary-missing', message: 'There is no meta description.' });
    expect(missing!.hint).not.toContain('excerpt');
  });

  it('warns of a title over 60 and a meta description over 160 characters', () => {
    expect(ids({ title: 'x'.repeat(61) })).toEqual(['title-long']);
    expect(ids({ title: 'x'.repeat(61), seo: { title: 'Short', description: 'Fine' } })).toEqual([]);
    const [long] = prePublishWarnings({ ...page, seo: { title: '', description: 'y'.repeat(161) } });
    expect(long).toMatchObject({ id: 'description-long', hint: 'Shorten the meta description.' });
  });

  it('holds a page’s Publish on a link to a page that does not exist, until Publish anyway', async () => {
    const net = fakeFetchByUrl(() => ({ status: 404, json: { error: { code: 'not_found', message: 'Not found' } } }));
    const reads = httpReads(createApiClients({ fetch: net.fetch, navigate: () => undefined }));
    const saved: string[] = [];
    const body = `${page.body}\n\nSee [our contact page](/contact-us).`;
    const { result } = await renderHook(() => usePrePublishCheck({ post: () => ({ ...page, body }), state: 'draft', reads, onSave: (intent) => saved.push(intent) }));
    await run(() => result.current.save('publish'));
    expect(saved).toEqual([]);
    expect(result.current.pending?.warnings.map((w) => w.message)).toEqual(['A link goes to /contact-us, which does not exist.']);
    expect(net.calls.map((c) => c.url)).toEqual(['/api/pages/contact-us']);
    await run(() => result.current.confirm());
    expect(saved).toEqual(['publish']);
  });
});
