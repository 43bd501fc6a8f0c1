// A Byline export's settings brought back (decision 049): each field judged by the settings rules
// (contracts/settings.ts) and applied through changeSettings, as the admin's PATCH is. A field that breaks
// them, names a category this site lacks, or is unknown here is skipped with why; one already so is not
// counted, so importing the same export again changes and counts nothing.
import { emptyCounts, type ImportBatchData, type ImportBatchReport } from '../../contracts/import';
import { SettingsPatchSchema, type SettingsPatch } from '../../contracts/settings';
import type { Db } from '../env';
import { findCategoryIdBySlug } from '../queries/settings';
import { changeSettings, readAdminSettings } from './settings';

const FIELDS = new Set(Object.keys(SettingsPatchSchema.shape));

export async function importSettings(db: Db, input: ImportBatchData): Promise<ImportBatchReport> {
  const report: ImportBatchReport = { batch: input.batch, imported: emptyCounts(), skipped: [], warnings: [] };
  const skip = (key: string, why: string) => report.skipped.push({ kind: 'setting', key, why });
  const values = Object.entries(input.settings ?? {});
  if (input.source !== 'byline') {
    for (const [key] of values) skip(key, 'Only a Byline export carries settings');
    return report;
  }
  const current: Record<string, unknown> = await readAdminSettings({ db });
  const patch: Record<string, unknown> = {};
  for (const [key, value] of values) {
    const parsed = FIELDS.has(key) ? SettingsPatchSchema.safeParse({ [key]: value }) : null;
    if (!parsed) skip(key, 'Not a setting of this Byline');
    else if (!parsed.success) skip(key, parsed.error.issues[0]?.message ?? 'Not valid');
    else {
      const next = (parsed.data as Record<string, unknown>)[key];
      if (JSON.stringify(next) !== JSON.stringify(current[key])) patch[key] = next;
    }
  }
  const category = patch.defaultCategory;
  if (typeof category === 'string' && (await findCategoryIdBySlug(db, category)) === null) {
    skip('defaultCategory', `No category has the slug “${category}”`);
    delete patch.defaultCategory;
  }
  const changed = Object.keys(patch).length;
  if (changed > 0) await changeSettings(db, patch as SettingsPatch);
  report.imported.settings = changed;
  return report;
}
