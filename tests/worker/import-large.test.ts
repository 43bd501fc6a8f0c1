// A large WordPress-like import (500 posts in the batches the admin page sends): how long it takes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportPlan } from '../../web/features/admin/import/import-plan';
import { createAdmin, type TestUser } from './factories';
import { importAs } from './import-kit';

let admin: TestUser;
beforeAll(async () => {
  admin = await createAdmin();
});

const POSTS = 500;

function largePlan(): ImportPlan {
  const run = crypto.randomUUID().slice(0, 8);
  const users = Array.from({ length: 5 }, (_, i) => ({ username: `big-${run}-${i}`, name: `Big ${i}`, email: `big-${run}-${i}@example.test` }));
  const categories = Array.from({ length: 10 }, (_, i) => ({ slug: `big-${run}-c${i}`, name: `Big ${run} c${i}` }));
  const tags = Array.from({ length: 20 }, (_, i) => ({ slug: `big-${run}-t${i}`, name: `Big ${run} t${i}` }));
  const posts = Array.from({ length: POSTS }, (_, i) => ({
    sourceId: `wp:${i}`,
    slug: `big-${run}-post-${i}`,
    title: `Big post ${i}`,
    body: `Paragraph one of post ${i} with **bold** text.\n\n## A heading\n\n- a list\n- of things\n\nAnd [a link](https://example.com/${i}).`,
    status: i % 10 === 0 ? ('draft' as const) : ('published' as const),
    publishedAt: i % 10 === 0 ? null : '2024-01-01T00:00:00Z',
    author: users[i % 5]!.username,
    category: categories[i % 10]!.slug,
    tags: [tags[i % 20]!.slug, tags[(i + 7) % 20]!.slug],
  }));
  return { source: 'wordpress', users, categories, tags, posts, featured: [], media: [], skipped: [], warnings: [] };
}

describe('a large import', () => {
  it(`imports ${POSTS} posts`, async () => {
    const started = performance.now();
    const { report } = await importAs(admin, largePlan());
    const ms = performance.now() - started;
    console.log(`IMPORT_TIMING ${POSTS} posts: ${Math.round(ms)} ms`);
    expect(report.failed).toBeNull();
    expect(report.imported).toMatchObject({ users: 5, categories: 10, tags: 20, posts: POSTS });
  }, 120_000);
});
