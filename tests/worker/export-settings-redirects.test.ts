// Byline's own export carries the settings and every redirect (version 2, decision 049) and its import brings
// them back: settings through changeSettings (the default category by slug), redirects through the redirect
// rules with their sources; importing it again changes and counts nothing. A version-1 export still reads.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BYLINE_EXPORT_VERSION, type BylineExport } from '../../contracts/import';
import type { AdminSettings } from '../../contracts/settings';
import { parseBylineExport } from '../../web/features/admin/import/import-byline';
import { callAs } from './admin-kit';
import { createAdmin, createCategory, json, uid } from './factories';
import { importAs } from './import-kit';

const patchSettings = async (admin: Awaited<ReturnType<typeof createAdmin>>, patch: Record<string, unknown>) =>
  json<AdminSettings>(await callAs(admin, '/api/admin/settings', { method: 'PATCH', json: patch }));

/** Only the export's settings and redirects (the rest of the site stays as it is). */
const settingsAndRedirectsOf = (exp: BylineExport): BylineExport => ({ ...exp, users: [], categories: [], tags: [], posts: [], featured: [], media: [] });

describe("Byline's export of settings and redirects", () => {
  it('exports every setting but logo and icon (the default category by slug) and every redirect with its source; the import brings them back, once', async () => {
    const admin = await createAdmin();
    const category = await createCategory();
    const from = `/exported-${uid()}`;
    await patchSettings(admin, { title: 'Exported Title', tagline: 'Kept', defaultCategory: category.slug, postsPerPage: 7 });
    await json(await callAs(admin, '/api/admin/redirects', { method: 'POST', json: { from, to: '/details/there', status: 302 } }), 201);

    const exp = await json<BylineExport>(await callAs(admin, '/api/admin/export'));
    expect(exp.version).toBe(BYLINE_EXPORT_VERSION);
    expect(exp.settings).toMatchObject({ title: 'Exported Title', tagline: 'Kept', defaultCategory: category.slug, postsPerPage: 7 });
    expect(exp.settings).not.toHaveProperty('logo');
    expect(exp.settings).not.toHaveProperty('icon');
    expect(exp.redirects).toContainEqual({ from, to: '/details/there', status: 302, source: 'manual', createdAt: expect.any(String) });

    await patchSettings(admin, { title: 'Changed Since', postsPerPage: 12, defaultCategory: null });
    await env.DB.prepare('DELETE FROM redirects WHERE from_path = ?').bind(from).run();

    const { report } = await importAs(admin, parseBylineExport(settingsAndRedirectsOf(exp)));
    expect(report.failed).toBeNull();
    expect(report.imported.settings).toBe(3);
    expect(report.imported.redirects).toBe(1);
    const settings = await json<AdminSettings>(await callAs(admin, '/api/admin/settings'));
    expect(settings).toMatchObject({ title: 'Exported Title', postsPerPage: 7, defaultCategory: category.slug });
    const row = await env.DB.prepare('SELECT to_path, status, source FROM redirects WHERE from_path = ?').bind(from).first();
    expect(row).toEqual({ to_path: '/details/there', status: 302, source: 'manual' });

    const again = await importAs(admin, parseBylineExport(settingsAndRedirectsOf(exp)));
    expect(again.report.failed).toBeNull();
    expect(again.report.imported).toMatchObject({ settings: 0, redirects: 0 });
  });

  it('skips a setting that breaks the rules, names a missing category or is unknown, applying the rest; never from WordPress', async () => {
    const admin = await createAdmin();
    const batch = (source: string, settings: Record<string, unknown>) =>
      callAs(admin, '/api/admin/import/batch', { method: 'POST', json: { source, batch: 1, settings } });
    const tagline = `Tagline ${uid()}`;
    const res = await batch('byline', { tagline, postsPerPage: 0, defaultCategory: `missing-${uid()}`, colour: 'red' });
    const report = await json<{ imported: { settings: number }; skipped: { key: string }[] }>(res);
    expect(report.imported.settings).toBe(1);
    expect(report.skipped.map((s) => s.key).sort()).toEqual(['colour', 'defaultCategory', 'postsPerPage']);
    expect((await json<AdminSettings>(await callAs(admin, '/api/admin/settings'))).tagline).toBe(tagline);
    const wordpress = await json<{ imported: { settings: number } }>(await batch('wordpress', { tagline: 'Not this' }));
    expect(wordpress.imported.settings).toBe(0);
    expect((await json<AdminSettings>(await callAs(admin, '/api/admin/settings'))).tagline).toBe(tagline);
  });

  it('still reads a version-1 export (no settings, no redirects) and refuses a newer one', () => {
    const v1 = { format: 'byline-export', version: 1, exportedAt: new Date().toISOString(), users: [], categories: [], tags: [], posts: [], featured: [], media: [] };
    const plan = parseBylineExport(v1);
    expect(plan.settings).toBeUndefined();
    expect(plan.redirects ?? []).toEqual([]);
    expect(() => parseBylineExport({ ...v1, version: BYLINE_EXPORT_VERSION + 1 })).toThrow(/reads versions 1 to/);
  });
});
