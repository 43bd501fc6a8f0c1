// Data access for uploaded images: one row per object in the MEDIA bucket.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { MediaUsage } from '../../contracts/media-library';
import { media, mediaUses, pages, posts, users } from '../db/schema';
import type { Db } from '../env';
import type { ImageDimensions } from '../lib/image-bytes';
import { pageOffset, type PageRequest } from './list-page';

/** A media row as stored: `width`/`height` null when the image's header does not say. */
export interface NewMedia {
  key: string;
  ownerId: number;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
}

export async function insertMedia(db: Db, input: NewMedia): Promise<void> {
  await db.insert(media).values(input);
}

/** Whether an uploaded image is stored under `key`. */
export async function mediaExists(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ id: media.id }).from(media).where(eq(media.key, key)).limit(1);
  return row !== undefined;
}

/** The stored width and height of the image under `key`: undefined without such a row, null when not known yet. */
export async function findMediaDimensions(db: Db, key: string): Promise<ImageDimensions | null | undefined> {
  const [row] = await db.select({ width: media.width, height: media.height }).from(media).where(eq(media.key, key)).limit(1);
  if (!row) return undefined;
  return row.width !== null && row.height !== null ? { width: row.width, height: row.height } : null;
}

export async function setMediaDimensions(db: Db, key: string, dimensions: ImageDimensions): Promise<void> {
  await db.update(media).set(dimensions).where(eq(media.key, key));
}

/** The known dimensions of the stored images among `keys`, by key (unknown ones left out). One query. */
export async function findMediaDimensionsOf(db: Db, keys: readonly string[]): Promise<Map<string, ImageDimensions>> {
  if (keys.length === 0) return new Map();
  const rows = await db.select({ key: media.key, width: media.width, height: media.height }).from(media).where(inArray(media.key, [...keys]));
  return new Map(rows.flatMap((r) => (r.width !== null && r.height !== null ? [[r.key, { width: r.width, height: r.height }] as const] : [])));
}

/** A library row as listed: the image, its uploader's username. */
export interface MediaRow extends NewMedia {
  alt: string;
  createdAt: Date;
  uploader: string;
}

const mediaColumns = {
  key: media.key,
  ownerId: media.ownerId,
  contentType: media.contentType,
  size: media.size,
  width: media.width,
  height: media.height,
  alt: media.alt,
  createdAt: media.createdAt,
  uploader: users.username,
};

/** One page of images, newest first (by id), all of them or those of `ownerId`, and how many there are. */
export async function listMedia(db: Db, p: PageRequest & { ownerId?: number }): Promise<{ rows: MediaRow[]; total: number }> {
  const where = p.ownerId === undefined ? undefined : eq(media.ownerId, p.ownerId);
  const [rows, [count]] = await db.batch([
    db.select(mediaColumns).from(media).innerJoin(users, eq(users.id, media.ownerId)).where(where).orderBy(desc(media.id)).limit(p.pageSize).offset(pageOffset(p)),
    db.select({ n: sql<number>`count(*)` }).from(media).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The image under `key` as the library lists it, or undefined. */
export async function findMediaRow(db: Db, key: string): Promise<MediaRow | undefined> {
  const [row] = await db.select(mediaColumns).from(media).innerJoin(users, eq(users.id, media.ownerId)).where(eq(media.key, key)).limit(1);
  return row;
}

const SETTINGS_USE_TITLES = { logo: 'Site logo', icon: 'Site icon' } as const;
const USAGE_ORDER = { post: 0, page: 1, settings: 2 } as const;

/**
 * What uses each of `keys` (media_uses, kept by triggers on posts, pages and settings: decision 067): posts,
 * then pages, by title, then the site logo and icon. One statement: media_uses by its key index, each post or
 * page by its id.
 */
export async function findMediaUsages(db: Db, keys: string[]): Promise<Map<string, MediaUsage[]>> {
  const usages = new Map<string, MediaUsage[]>(keys.map((k) => [k, []]));
  if (keys.length === 0) return usages;
  const rows = await db
    .select({ key: mediaUses.mediaKey, kind: mediaUses.kind, postSlug: posts.slug, postTitle: posts.title, pageSlug: pages.slug, pageTitle: pages.title })
    .from(mediaUses)
    .leftJoin(posts, and(eq(mediaUses.kind, 'post'), eq(posts.id, mediaUses.ownerId)))
    .leftJoin(pages, and(eq(mediaUses.kind, 'page'), eq(pages.id, mediaUses.ownerId)))
    .where(inArray(mediaUses.mediaKey, keys));
  const found = rows.flatMap(({ key, kind, postSlug, postTitle, pageSlug, pageTitle }): [string, MediaUsage][] => {
    if (kind === 'logo' || kind === 'icon') return [[key, { kind: 'settings', slug: '', title: SETTINGS_USE_TITLES[kind] }]];
    const [slug, title] = kind === 'post' ? [postSlug, postTitle] : [pageSlug, pageTitle];
    return slug === null || title === null ? [] : [[key, { kind, slug, title }]];
  });
  // Sorted here: the handful of rows a page's images have (a sort in SQL would be a temp B-tree).
  found.sort(([, a], [, b]) => USAGE_ORDER[a.kind] - USAGE_ORDER[b.kind] || a.title.localeCompare(b.title));
  for (const [key, usage] of found) usages.get(key)?.push(usage);
  return usages;
}

export async function setMediaAlt(db: Db, key: string, alt: string): Promise<void> {
  await db.update(media).set({ alt }).where(eq(media.key, key));
}

/** Deletes the row of `key` unless anything uses the image (checked in the same statement); whether it went. */
export async function deleteUnusedMedia(db: Db, key: string): Promise<boolean> {
  const gone = await db
    .delete(media)
    .where(and(eq(media.key, key), sql`NOT EXISTS (SELECT 1 FROM ${mediaUses} WHERE ${mediaUses.mediaKey} = ${key})`))
    .returning({ id: media.id });
  return gone.length > 0;
}
