// Data access for the one settings row (migration 0015): reading it as the API answers it, and updating it.
import { eq } from 'drizzle-orm';
import type { AdminSettings } from '../../contracts/settings';
import { runBuilt } from '../db/built-once';
import { NOW_MS, categories, settings } from '../db/schema';
import type { Db } from '../env';
import { SETTINGS_ID, siteRowRead } from './site-row';

const mediaUrl = (key: string | null): string | null => (key === null ? null : `/media/${key}`);

/** Every setting as `GET /api/admin/settings` answers it: the default category by slug, media as URLs. */
export async function findSettings(db: Db): Promise<AdminSettings> {
  const [row] = await runBuilt(db, siteRowRead());
  if (!row) throw new Error('The settings row is missing: run the migrations (0015 seeds it)');
  const { s } = row;
  return {
    title: s.title,
    tagline: s.tagline,
    description: s.description,
    logo: mediaUrl(s.logo),
    logoWidth: row.logoWidth,
    logoHeight: row.logoHeight,
    icon: mediaUrl(s.icon),
    accentColor: s.accentColor,
    language: s.language,
    timeZone: s.timeZone,
    postsPerPage: s.postsPerPage,
    footer: s.footer,
    socialLinks: JSON.parse(s.socialLinks) as string[],
    registration: s.registration as AdminSettings['registration'],
    deviceVerification: s.deviceVerification as AdminSettings['deviceVerification'],
    defaultCategory: row.defaultCategory,
    feedFullText: s.feedFullText,
    comments: s.comments,
  };
}

/** The id of the category with `slug`, or null when there is none. */
export async function findCategoryIdBySlug(db: Db, slug: string): Promise<number | null> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  return row?.id ?? null;
}

export type SettingsColumns = Partial<Omit<typeof settings.$inferInsert, 'id' | 'updatedAt'>>;

/** Writes the changed columns (none: nothing is written, so the edge cache stays). */
export async function updateSettings(db: Db, columns: SettingsColumns): Promise<void> {
  if (Object.keys(columns).length === 0) return;
  await db.update(settings).set({ ...columns, updatedAt: NOW_MS }).where(eq(settings.id, SETTINGS_ID));
}
