// /admin/settings in real Chromium: an admin renames the site, changes its tagline, accent and language, and
// the whole site shows them at once — after a client navigation back to the site (no reload) and after a
// reload; a bad field shows its error and changes nothing; the screen works at 390 px and passes axe.
// Settings are global: what this file changes is set back in afterAll (other files read the title "Byline").
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accentShades, accentStylesheetPath } from '../../contracts/accent';
import type { AdminSettings } from '../../contracts/settings';
import { axeViolations, hydrated, launch, login, newContext, newPage, setThemeBeforeLoad } from './support/browser';
import { api, newAccount, type Account } from './support/own-data';
import { tinyPng } from './support/png';

let browser: Browser;
let admin: Account;
let before: AdminSettings;

beforeAll(async () => {
  browser = await launch();
  admin = await newAccount('admin');
  before = await api<AdminSettings>('GET', '/api/admin/settings');
});

afterAll(async () => {
  const { title, tagline, accentColor, language, socialLinks, logo, icon } = before;
  await api('PATCH', '/api/admin/settings', { title, tagline, accentColor, language, socialLinks, logo, icon });
  await browser?.close();
});

const settingsNow = () => api<AdminSettings>('GET', '/api/admin/settings');

/** What the document says about the site: its <title>, lang, accent stylesheet and the accent the theme uses. */
const documentState = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    lang: document.documentElement.lang,
    accentHref: document.getElementById('site-accent')?.getAttribute('href'),
    accent: getComputedStyle(document.documentElement).getPropertyValue('--accent').trim(),
  }));

const headerName = (page: Page, name: string) => page.getByRole('banner').getByRole('link', { name, exact: true });

describe('the site settings screen', () => {
  it('a new title, tagline, accent and language show on the site at once: after a client navigation and after a reload', async () => {
    const context = await newContext(browser);
    const { page, errors } = await newPage(context);
    await login(page, admin);
    await page.goto('/');
    await hydrated(page);
    await headerName(page, before.title).waitFor();

    // Into the admin area and the settings screen by client navigations: the root's data is the one read at load.
    await page.getByRole('banner').getByRole('button', { name: admin.name }).click();
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/admin/settings');
    await expect(page.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe(before.title);

    const title = `Field Notes ${Date.now() % 100000}`;
    const accent = '#ffff00';
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Tagline').fill('Letters from the edge');
    await page.getByLabel('Accent colour', { exact: true }).fill(accent);
    await page.getByLabel('Language').fill('de');
    // The preview shows both themes' shades before saving.
    const shades = accentShades(accent);
    await page.getByText(`Light theme: ${shades.light.text}, contrast`).waitFor();
    await page.getByText(`Dark theme: ${shades.dark.text}, contrast`).waitFor();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();

    const saved = await settingsNow();
    expect(saved).toMatchObject({ title, tagline: 'Letters from the edge', accentColor: accent, language: 'de' });
    // The page itself follows at once: the title, <html lang> and the accent (the dark theme's shade).
    await page.waitForFunction((t) => document.title.endsWith(t), title);
    // The new accent stylesheet loads after its link changes: wait for it rather than read it at once.
    await expect.poll(() => documentState(page)).toEqual({ title: `Settings — ${title}`, lang: 'de', accentHref: accentStylesheetPath(accent), accent: shades.dark.text });

    // Back to the site without a reload: the header and the title show the new name.
    await page.goBack();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await headerName(page, title).waitFor();
    await expect.poll(() => documentState(page)).toMatchObject({ title, lang: 'de', accent: shades.dark.text });

    // And after a reload, as the Worker renders it.
    await page.reload();
    await hydrated(page);
    await headerName(page, title).waitFor();
    await expect(documentState(page)).resolves.toEqual({ title, lang: 'de', accentHref: accentStylesheetPath(accent), accent: shades.dark.text });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an empty title shows its error at the field, and nothing changes', async () => {
    const context = await newContext(browser);
    const { page } = await newPage(context);
    await login(page, admin);
    await page.goto('/admin/settings');
    await hydrated(page);
    const unchanged = await settingsNow();
    const titleField = page.getByLabel('Title', { exact: true });
    await titleField.fill('');
    await page.getByLabel('Tagline').fill('Never saved');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Title is required').waitFor();
    await expect(titleField.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(titleField.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(settingsNow()).resolves.toEqual(unchanged);
    await expect(page.getByText('Settings saved.').count()).resolves.toBe(0);

    // A social link that is not https is refused at its row (the new row after the site's own links, focused).
    await page.getByRole('button', { name: 'Add a social link' }).click();
    const added = page.getByLabel(`Social link ${unchanged.socialLinks.length + 1}`, { exact: true });
    await expect.poll(() => added.evaluate((el) => el === document.activeElement)).toBe(true);
    await added.fill('http://example.com/me');
    await titleField.fill(unchanged.title);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('A social link must be an https:// address').waitFor();
    await expect(settingsNow()).resolves.toEqual(unchanged);

    // Leaving with unsaved changes asks first; staying keeps the form as it was.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByLabel('Tagline').inputValue()).resolves.toBe('Never saved');
    expect(new URL(page.url()).pathname).toBe('/admin/settings');
    await context.close();
  });

  it('uploads an icon through the image upload and saves it', async () => {
    const context = await newContext(browser);
    const { page, errors } = await newPage(context);
    await login(page, admin);
    await page.goto('/admin/settings');
    await hydrated(page);
    // Each upload button names its image, so a screen reader tells the logo's from the icon's.
    await page.getByLabel('Upload icon').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect.poll(() => page.getByLabel('Icon', { exact: true }).inputValue()).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    const url = await page.getByLabel('Icon', { exact: true }).inputValue();
    await page.getByRole('img', { name: 'Icon preview' }).waitFor();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
    await expect(settingsNow()).resolves.toMatchObject({ icon: url });
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`has no sideways scroll and no axe violations at 390 and 1280 px (${theme})`, async () => {
      const context = await newContext(browser);
      await setThemeBeforeLoad(context, theme);
      const { page, errors } = await newPage(context);
      await login(page, admin);
      await page.goto('/admin/settings');
      await hydrated(page);
      await page.getByRole('button', { name: 'Add a social link' }).click();
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 844 });
        const { scrollWidth, inner } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, inner: window.innerWidth }));
        expect(scrollWidth, `${width} px`).toBeLessThanOrEqual(inner);
        expect(await axeViolations(page), `${width} px`).toEqual([]);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
