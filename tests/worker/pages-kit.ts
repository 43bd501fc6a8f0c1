// Helpers for the standalone pages tests: writing a page as an admin through the API, and its row.
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import type { Page, PageInput } from '../../contracts/pages';
import { callAs } from './admin-kit';
import { uid, type TestUser } from './factories';

/** A page input with a unique title (and so slug), published unless told. */
export const pageInput = (overrides: Partial<PageInput> = {}): PageInput => ({
  title: `About us ${uid(8)}`,
  body: 'We write **about** things.\n\nSecond paragraph.',
  status: 'published',
  ...overrides,
});

export async function createPage(admin: TestUser, overrides: Partial<PageInput> = {}): Promise<Page> {
  const res = await callAs(admin, '/api/admin/pages', { method: 'POST', json: pageInput(overrides) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Page;
}

/** PUT /api/admin/pages/:slug with the page's version and its fields, changed by `overrides`. */
export const updatePage = (admin: TestUser, page: Page, overrides: Record<string, unknown> = {}) =>
  callAs(admin, `/api/admin/pages/${encodeURIComponent(page.slug)}`, {
    method: 'PUT',
    json: { title: page.title, body: page.body, status: page.status, version: page.version, ...overrides },
  });

export const pageRowCount = async (): Promise<number> => (await env.DB.prepare('SELECT count(*) AS n FROM pages').first<{ n: number }>())!.n;
