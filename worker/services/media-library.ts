// The media library (product.md §16, §19; decisions 063, 067): listing uploaded images with who uploaded them
// and what uses them, setting their alt text, deleting those nothing uses. Everyone sees and changes their
// own images; `media.manage` (editors, admins) everyone's.
import type { ListPage } from '../../contracts/list-page';
import type { MediaItem, MediaListQuery, MediaUsage } from '../../contracts/media-library';
import { ADMIN_PAGE_SIZE } from '../../contracts/list-page';
import { can } from '../../contracts/permissions';
import type { Db, SessionUser } from '../env';
import { conflict, notFound } from '../lib/http-error';
import {
  deleteUnusedMedia,
  findMediaRow,
  findMediaUsages,
  listMedia,
  type MediaRow,
  setMediaAlt,
} from '../queries/media';
import { userIdByUsername } from '../queries/import';
import { type MediaReader, mediaDimensions } from './media-store';

/** What the library needs of the MEDIA bucket: reading (dimensions of older rows) and deleting. */
export type LibraryBucket = MediaReader & { delete(key: string): Promise<void> };

const seesEveryone = (user: SessionUser): boolean => can(user, 'media.manage');

async function toItems(db: Db, bucket: MediaReader | null, rows: MediaRow[]): Promise<MediaItem[]> {
  const usages = await findMediaUsages(db, rows.map((r) => r.key));
  return Promise.all(
    rows.map(async (r) => {
      // Rows stored before dimensions were recorded are measured once here (decision 062).
      const dimensions = r.width !== null && r.height !== null ? { width: r.width, height: r.height } : bucket && (await mediaDimensions(db, bucket, r.key));
      return {
        key: r.key,
        url: `/media/${r.key}`,
        contentType: r.contentType,
        size: r.size,
        width: dimensions?.width ?? null,
        height: dimensions?.height ?? null,
        alt: r.alt,
        createdAt: r.createdAt.toISOString(),
        uploader: { username: r.uploader },
        usedBy: usages.get(r.key) ?? [],
      };
    }),
  );
}

const EMPTY = (page: number): ListPage<MediaItem> => ({ items: [], page, pageSize: ADMIN_PAGE_SIZE, total: 0 });

/** One page of the library: everyone's images (or one uploader's) for `media.manage`, one's own otherwise. */
export async function readMediaLibrary(db: Db, bucket: MediaReader | null, user: SessionUser, query: MediaListQuery): Promise<ListPage<MediaItem>> {
  let ownerId: number | undefined = user.id;
  if (seesEveryone(user)) {
    ownerId = query.uploader === undefined ? undefined : ((await userIdByUsername(db, query.uploader)) ?? undefined);
    if (query.uploader !== undefined && ownerId === undefined) return EMPTY(query.page);
  }
  const p = { page: query.page, pageSize: ADMIN_PAGE_SIZE };
  const { rows, total } = await listMedia(db, { ...p, ownerId });
  return { items: await toItems(db, bucket, rows), ...p, total };
}

/** The image under `key` if `user` may change it; 404 otherwise (another's image is not even said to exist). */
async function ownedMedia(db: Db, user: SessionUser, key: string): Promise<MediaRow> {
  const row = await findMediaRow(db, key);
  if (!row || (row.ownerId !== user.id && !seesEveryone(user))) throw notFound('No such image');
  return row;
}

export async function changeMediaAlt(db: Db, bucket: MediaReader, user: SessionUser, key: string, alt: string): Promise<MediaItem> {
  const row = await ownedMedia(db, user, key);
  await setMediaAlt(db, key, alt);
  const [item] = await toItems(db, bucket, [{ ...row, alt }]);
  return item!;
}

/** A use as a sentence names it: post “A”, page “B”, the site logo. */
const describedUse = (u: MediaUsage): string => (u.kind === 'settings' ? `the ${u.title.toLowerCase()}` : `${u.kind} “${u.title}”`);

/** Deletes the image and its object; 409 naming what uses it (posts, pages, the site logo or icon) when anything does; nothing changes then. */
export async function deleteMedia(db: Db, bucket: LibraryBucket, user: SessionUser, key: string): Promise<void> {
  await ownedMedia(db, user, key);
  if (!(await deleteUnusedMedia(db, key))) {
    const usedBy = (await findMediaUsages(db, [key])).get(key) ?? [];
    if (usedBy.length === 0) throw notFound('No such image');
    throw conflict(`This image is used by ${usedBy.map(describedUse).join(', ')}. Remove it from there first.`, {
      usedBy: usedBy.map((u) => u.slug || u.title).join(', '),
    });
  }
  await bucket.delete(key);
}
