// A post as the API answers it, for the editor's hook tests.
import type { Category } from '../../contracts/categories';
import { siteDates } from '../../web/components/format';
import type { Post } from '../../contracts/posts';
import { NO_SEO } from '../../contracts/seo';

/** The site's zone and language the editor works in (the settings' defaults). */
export const dates = siteDates({ language: 'en', timeZone: 'UTC' });

export const categories: Category[] = [{ slug: 'notes', name: 'Notes', description: '', postCount: 0 }];

export function postFixture(over: Partial<Post> = {}): Post {
  return {
    slug: 'field-notes',
    title: 'Field notes',
    excerpt: 'An excerpt',
    coverImage: null,
    coverAlt: '',
    coverDecorative: false,
    coverWidth: null,
    coverHeight: null,
    status: 'draft',
    publishedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 3,
    readingMinutes: 1,
    category: { slug: 'notes', name: 'Notes' },
    author: { username: 'ada', name: 'Ada', image: null },
    tags: [{ slug: 'edge', name: 'Edge' }],
    commentCount: 0,
    commentsOpen: true,
    body: 'The first body.',
    bodyHtml: '<p>The first body.</p>',
    seo: NO_SEO,
    ...over,
  };
}

/** The JSON a call sent. */
export const sentJson = (init: RequestInit): Record<string, unknown> => JSON.parse(String(init.body)) as Record<string, unknown>;
