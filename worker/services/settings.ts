// The site's settings as every reader of them gets them (API, pages, feeds, mails) and the admin's change.
import { publicPartOf, type AdminSettings, type PublicSettings, type SettingsPatch } from '../../contracts/settings';
import { storedMediaKey } from '../../contracts/responsive-images';
import type { Db } from '../env';
import { validationFailed } from '../lib/http-error';
import { mediaExists } from '../queries/media';
import { findCategoryIdBySlug, findSettings, updateSettings, type SettingsColumns } from '../queries/settings';
import { type MediaReader, mediaDimensions } from './media-store';
import type { ReadContext } from './read-context';

export const readAdminSettings = ({ db }: Pick<ReadContext, 'db'>): Promise<AdminSettings> => findSettings(db);

export const readPublicSettings = async ({ db }: Pick<ReadContext, 'db'>): Promise<PublicSettings> => publicPartOf(await findSettings(db));

/** The media key of an uploaded image's address (null: none); an address no upload has → 422. */
async function mediaKeyOf(db: Db, field: 'logo' | 'icon', url: string | null): Promise<string | null> {
  if (url === null) return null;
  const key = storedMediaKey(url);
  if (!(await mediaExists(db, key))) throw validationFailed({ [field]: `No uploaded image is at ${url}` });
  return key;
}

/** The logo's size must be known for the header's <img> (decision 067): an upload older than stored sizes is measured now. */
async function logoKeyOf(db: Db, bucket: MediaReader | undefined, url: string | null): Promise<string | null> {
  const key = await mediaKeyOf(db, 'logo', url);
  if (key !== null && bucket) await mediaDimensions(db, bucket, key);
  return key;
}

/** The columns a patch writes: the default category by its id (an unknown slug → 422), images by key, links as JSON. */
async function columnsOf(db: Db, patch: SettingsPatch, bucket: MediaReader | undefined): Promise<SettingsColumns> {
  const { defaultCategory, socialLinks, logo, icon, ...plain } = patch;
  const columns: SettingsColumns = { ...plain };
  if (logo !== undefined) columns.logo = await logoKeyOf(db, bucket, logo);
  if (icon !== undefined) columns.icon = await mediaKeyOf(db, 'icon', icon);
  if (socialLinks !== undefined) columns.socialLinks = JSON.stringify(socialLinks);
  if (defaultCategory !== undefined) {
    const id = defaultCategory === null ? null : await findCategoryIdBySlug(db, defaultCategory);
    if (defaultCategory !== null && id === null) throw validationFailed({ defaultCategory: `No category has the slug “${defaultCategory}”` });
    columns.defaultCategoryId = id;
  }
  return columns;
}

/** Applies `patch` (every field checked before anything is written) and answers all the settings; `bucket` measures an older logo. */
export async function changeSettings(db: Db, patch: SettingsPatch, bucket?: MediaReader): Promise<AdminSettings> {
  await updateSettings(db, await columnsOf(db, patch, bucket));
  return findSettings(db);
}
