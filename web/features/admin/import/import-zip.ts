// The entries of a Byline export zip that the import reads (byline.json and media/<key>), inflated
// while streaming and bounded (security.md rule 9, docs/decisions/029): an entry whose header declares
// more than its limit, or a packed-to-inflated ratio over ZIP_RATIO_MAX, is refused before anything of
// it is inflated; while it inflates, it is refused as soon as it passes its limit, its declared size or
// that ratio. The zip is fed in small steps, so one step can never inflate to much (deflate expands at
// most ~1032 times). Other entries are never inflated.
import { Unzip, UnzipInflate } from 'fflate';
import { concatBytes } from '../../../../contracts/import';
import { MAX_IMAGE_BYTES } from '../../../../contracts/media';
import { ImportFileError } from './import-plan';

/** byline.json of a Byline export: 1000 posts of 100,000 characters are 100 MB. */
export const EXPORT_JSON_MAX = 100 * 1024 * 1024;
/** How many times its packed size an entry may inflate to (JSON packs 5–15 times; images barely). */
export const ZIP_RATIO_MAX = 100;
/** Below this an entry's ratio is not judged: a small file may pack well, and costs nothing. */
const RATIO_FLOOR = 1024 * 1024;
/** Bytes of the zip pushed at a time: one push inflates to at most ~4 MB. */
const STEP = 4 * 1024;

/** The most an entry the import reads may hold, or null for an entry it never inflates. */
function limitOf(name: string): number | null {
  if (name === 'byline.json') return EXPORT_JSON_MAX;
  if (/^media\/[^/]+$/.test(name)) return MAX_IMAGE_BYTES;
  return null;
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export class ZipRefusedError extends ImportFileError {}

const refuse = (name: string, why: string) => new ZipRefusedError(`Refused: the zip's entry ${name} ${why}. A Byline export never holds such an entry.`);

/** The entries the import reads, by name; throws ImportFileError for a damaged zip or a refused entry. */
export function readExportZip(zip: Uint8Array): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  let pushed = 0;
  const unzip = new Unzip((file) => {
    const limit = limitOf(file.name);
    if (limit === null) return;
    const declared = file.originalSize;
    if (declared !== undefined && declared > limit) throw refuse(file.name, `declares ${megabytes(declared)}, over its limit of ${megabytes(limit)}`);
    if (declared !== undefined && file.size !== undefined && declared > RATIO_FLOOR && declared > file.size * ZIP_RATIO_MAX) {
      throw refuse(file.name, `declares ${declared} bytes packed into ${file.size} (more than ${ZIP_RATIO_MAX} times)`);
    }
    const startedAt = pushed;
    const parts: Uint8Array[] = [];
    let size = 0;
    file.ondata = (err, data, final) => {
      if (err) throw err;
      size += data.byteLength;
      if (size > limit) throw refuse(file.name, `inflates to more than its limit of ${megabytes(limit)}`);
      if (declared !== undefined && size > declared) throw refuse(file.name, `inflates to more than the ${declared} bytes its header declares`);
      if (size > RATIO_FLOOR && size > (pushed - startedAt) * ZIP_RATIO_MAX) throw refuse(file.name, `inflates to more than ${ZIP_RATIO_MAX} times its packed size`);
      parts.push(data);
      if (final) files.set(file.name, concatBytes(parts, size));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < zip.byteLength; at += STEP) {
      const step = zip.subarray(at, at + STEP);
      pushed += step.byteLength;
      unzip.push(step, at + STEP >= zip.byteLength);
    }
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    throw new ImportFileError('This zip file is damaged or incomplete.');
  }
  return files;
}
