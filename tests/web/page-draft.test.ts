// The page editor's draft rules: the slug follows the title until edited, and a save's input sends the slug
// only when set by hand and new, the SEO fields as typed (empty clears them), and the version it holds.
import { describe, expect, it } from 'vitest';
import type { Page } from '../../contracts/pages';
import { PageUpdateInputSchema } from '../../contracts/pages';
import { pageDraftOf, pageInputFor, withPageField } from '../../web/features/editor/page-draft';

const page: Page = {
  slug: 'about',
  title: 'About',
  body: 'Hello',
  bodyHtml: '<p>Hello</p>',
  excerpt: 'Hello',
  status: 'published',
  seo: { title: 'Meta', description: null, image: null, canonicalUrl: null, noindex: false },
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 3,
};

describe('the page draft', () => {
  it('a new page’s slug follows its title until the slug is edited', () => {
    let draft = withPageField(pageDraftOf(null), 'title', 'Contact Us');
    expect(draft.slug).toBe('contact-us');
    draft = withPageField(draft, 'slug', 'reach-us');
    draft = withPageField(draft, 'title', 'Contact');
    expect(draft.slug).toBe('reach-us');
    expect(pageInputFor('draft', draft, null)).toMatchObject({ title: 'Contact', slug: 'reach-us', status: 'draft' });
  });

  it('an existing page keeps its address unless the slug changes, and sends its version and SEO fields', () => {
    const draft = withPageField(pageDraftOf(page), 'title', 'About us');
    const input = pageInputFor('published', draft, page);
    expect(input).not.toHaveProperty('slug');
    expect(input).toMatchObject({ title: 'About us', status: 'published', version: 3, seo: { title: 'Meta', description: '', noindex: false } });
    const parsed = PageUpdateInputSchema.parse(input);
    expect(parsed.seo).toMatchObject({ title: 'Meta', description: null, image: null, canonicalUrl: null });
    expect(pageInputFor('published', withPageField(draft, 'slug', 'who-we-are'), page)).toMatchObject({ slug: 'who-we-are' });
  });
});
