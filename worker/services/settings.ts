// The site's settings as every reader of them gets them (API, pages, feeds, mails) and the admin's change.
import { mediaKeyOf } from '../../contracts/media';
import { publicPartOf, type AdminSettings, type PublicSettings, type SettingsPatch } from '../../contracts/settings';
import type { Db } from '../env';
import { validationFailed } from '../lib/http-error';
import { findCategoryIdBySlug, findSettings, updateSettings, type SettingsColumns } from '../queries/settings';
import type { ReadContext } from './read-context';

export const readAdminSettings = ({ db }: Pick<ReadContext, 'db'>): Promise<AdminSettings> => findSettings(db);

export const readPublicSettings = async ({ db }: Pick<ReadContext, 'db'>): Promise<PublicSettings> => publicPartOf(await findSettings(db));

/** The columns a patch writes: the default category by its id (an unknown slug → 422), links as JSON, images by key. */
async function columnsOf(db: Db, patch: SettingsPatch): Promise<SettingsColumns> {
  const { defaultCategory, socialLinks, logo, icon, ...plain } = patch;
  const columns: SettingsColumns = { ...plain };
  if (socialLinks !== undefined) columns.socialLinks = JSON.stringify(socialLinks);
  // Images are kept by their media key, as every other image reference (their address is built on reading).
  if (logo !== undefined) columns.logo = logo === null ? null : mediaKeyOf(logo);
  if (icon !== undefined) columns.icon = icon === null ? null : mediaKeyOf(icon);
  if (defaultCategory !== undefined) {
    const id = defaultCategory === null ? null : await findCategoryIdBySlug(db, defaultCategory);
    if (defaultCategory !== null && id === null) throw validationFailed({ defaultCategory: `No category has the slug “${defaultCategory}”` });
    columns.defaultCategoryId = id;
  }
  return columns;
}

/** Applies `patch` (every field checked before anything is written) and answers all the settings. */
export async function changeSettings(db: Db, patch: SettingsPatch): Promise<AdminSettings> {
  await updateSettings(db, await columnsOf(db, patch));
  return findSettings(db);
}
