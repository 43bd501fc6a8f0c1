// The stored dimensions of the uploads a Markdown body shows, read before it is rendered so its <img>s
// get width, height and srcset (decision 064). A body without uploads costs no query.
import type { Db } from '../env';
import type { BodyImageSizes } from '../lib/markdown';
import { findMediaDimensionsOf } from '../queries/media';

/** What may be a media key after /media/ (one that is not an upload is simply not found). */
const MEDIA_KEY = /\/media\/([\w.-]{1,100})/g;

export function bodyImageSizes(db: Db, body: string): Promise<BodyImageSizes> {
  const keys = new Set([...body.matchAll(MEDIA_KEY)].map((m) => m[1] as string));
  return findMediaDimensionsOf(db, [...keys]);
}
