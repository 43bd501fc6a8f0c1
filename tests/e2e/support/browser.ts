// One Chromium per test file, pages that record console errors, and helpers the journeys share.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export const baseURL = (): string => inject('baseURL');

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });
}

export interface TrackedPage {
  page: Page;
  /** Console errors and page errors seen so far (hydration mismatches show up here), network 4xx aside. */
  errors: string[];
}

export async function newPage(context: BrowserContext): Promise<TrackedPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    // The browser itself logs every 4xx answer (e.g. /api/verify's 401 for a visitor); those are not page errors.
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, errors };
}

export function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseURL() });
}

/** Waits until React has hydrated the page (entry-client marks <html> when it is done). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

export async function login(page: Page, who: { login: string; password: string }): Promise<void> {
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Username or email').fill(who.login);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Creates a post through the API as the page's signed-in user (201 expected) and answers it. */
export async function createPostViaApi<P = { slug: string }>(page: Page, data: Record<string, unknown>): Promise<P> {
  const res = await page.request.post('/api/posts', { data, headers: { origin: baseURL() } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { post: P }).post;
}

export const uniqueName = (prefix: string): string => `${prefix}-${Math.random().toString(36).slice(2, 8)}`;

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page (through DevTools, so the page's CSP still holds for the page itself). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export async function setThemeBeforeLoad(context: BrowserContext, theme: 'dark' | 'light'): Promise<void> {
  await context.addInitScript((t) => {
    try {
      localStorage.setItem('theme', t);
    } catch {
      // about:blank has no storage
    }
  }, theme);
}
