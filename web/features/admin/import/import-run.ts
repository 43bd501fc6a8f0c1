// Sends an ImportPlan to the Worker in batches (the admin page and `npm run import` alike): people,
// categories and tags first, then the Byline export's media files, then the posts in batches (each
// preceded by copying its images into media), then the featured list, the settings, the pages and the menus, then the old addresses' redirects. Each batch is all or nothing on
// the Worker; the first batch refused stops the import, and the report names the batches that landed.
import {
  emptyCounts,
  IMPORT_BATCH_BYTES,
  IMPORT_IMAGES_PER_CALL,
  IMPORT_PAGES_PER_BATCH,
  IMPORT_POSTS_PER_BATCH,
  IMPORT_REDIRECTS_PER_BATCH,
  IMPORT_REFS_PER_BATCH,
  markdownImageUrls,
  rewriteImageUrls,
  type ImportBatch,
  type ImportBatchReport,
  type ImportImagesResponse,
  type ImportPost,
  type ImportReport,
} from '../../../../contracts/import';
import type { ImportMediaFile, ImportPlan } from './import-plan';

export interface ImportTransport {
  batch(batch: ImportBatch): Promise<ImportBatchReport>;
  images(urls: string[]): Promise<ImportImagesResponse>;
  /** Stores one image of a Byline export under its own key; answers whether it was new. */
  mediaFile(file: ImportMediaFile): Promise<{ copied: boolean }>;
}

export interface ImportProgress {
  done: number;
  total: number;
  label: string;
}

const chunk = <T>(items: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

const byteLength = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** Posts cut into batches of at most IMPORT_POSTS_PER_BATCH and about IMPORT_BATCH_BYTES of JSON. */
export function postBatches(posts: ImportPost[]): ImportPost[][] {
  const batches: ImportPost[][] = [];
  let current: ImportPost[] = [];
  let bytes = 0;
  for (const post of posts) {
    const size = byteLength(post);
    if (current.length > 0 && (current.length >= IMPORT_POSTS_PER_BATCH || bytes + size > IMPORT_BATCH_BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(post);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Batch numbers as ranges: [1, 2, 3, 5] → "1–3, 5". */
export function batchRanges(numbers: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < numbers.length; i++) {
    const start = numbers[i]!;
    while (i + 1 < numbers.length && numbers[i + 1] === numbers[i]! + 1) i++;
    parts.push(numbers[i] === start ? String(start) : `${start}–${numbers[i]}`);
  }
  return parts.join(', ');
}

const remoteImages = (item: { body: string; coverImage?: string | null }): string[] =>
  [...(item.coverImage ? [item.coverImage] : []), ...markdownImageUrls(item.body)].filter((u) => /^https?:\/\//.test(u));

/** A message for an error thrown by a transport (the API client's errors carry the server's message). */
const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export async function runImport(plan: ImportPlan, transport: ImportTransport, onProgress: (p: ImportProgress) => void = () => {}): Promise<ImportReport> {
  const report: ImportReport = {
    source: plan.source,
    imported: emptyCounts(),
    skipped: [...plan.skipped],
    warnings: [...plan.warnings],
    landed: [],
    failed: null,
    totalBatches: 0,
  };
  const refs = Math.max(1, Math.ceil(Math.max(plan.users.length, plan.categories.length, plan.tags.length) / IMPORT_REFS_PER_BATCH));
  const postParts = postBatches(plan.posts);
  const mediaParts = chunk(plan.media, 5);
  const redirectParts = chunk(plan.redirects ?? [], IMPORT_REDIRECTS_PER_BATCH);
  const pageParts = chunk(plan.pages ?? [], IMPORT_PAGES_PER_BATCH);
  report.totalBatches =
    refs + postParts.length + (plan.featured.length > 0 ? 1 : 0) + (plan.settings ? 1 : 0) + pageParts.length + (plan.navigation ? 1 : 0) + redirectParts.length;
  const steps = report.totalBatches + mediaParts.length;
  let done = 0;
  let number = 0;
  // A person or category matched to an existing one under another name: later posts point to that one.
  const authorOf = new Map<string, string>();
  const categoryOf = new Map<string, string>();
  const tagOf = new Map<string, string>();

  const send = async (batch: Omit<ImportBatch, 'batch' | 'source'>, label: string): Promise<boolean> => {
    number++;
    onProgress({ done, total: steps, label });
    try {
      const r = await transport.batch({ ...batch, batch: number, source: plan.source });
      for (const k of Object.keys(r.imported) as (keyof typeof r.imported)[]) report.imported[k] += r.imported[k];
      report.skipped.push(...r.skipped);
      report.warnings.push(...r.warnings);
      for (const s of r.skipped) {
        if (!s.mapsTo) continue;
        if (s.kind === 'user') authorOf.set(s.key, s.mapsTo);
        if (s.kind === 'category') categoryOf.set(s.key, s.mapsTo);
        if (s.kind === 'tag') tagOf.set(s.key, s.mapsTo);
      }
      report.landed.push(number);
      done++;
      return true;
    } catch (err) {
      report.failed = { batch: number, message: messageOf(err) };
      return false;
    }
  };

  for (let i = 0; i < refs; i++) {
    const part = (items: unknown[]) => items.slice(i * IMPORT_REFS_PER_BATCH, (i + 1) * IMPORT_REFS_PER_BATCH);
    const ok = await send(
      { users: part(plan.users) as ImportBatch['users'], categories: part(plan.categories) as ImportBatch['categories'], tags: part(plan.tags) as ImportBatch['tags'] },
      'Authors, categories and tags',
    );
    if (!ok) return finish();
  }

  for (const files of mediaParts) {
    onProgress({ done, total: steps, label: 'Images of the export' });
    for (const file of files) {
      try {
        if ((await transport.mediaFile(file)).copied) report.imported.images++;
        else report.skipped.push({ kind: 'image', key: `/media/${file.key}`, why: 'Already in media' });
      } catch (err) {
        report.warnings.push(`Image /media/${file.key} could not be stored: ${messageOf(err)}`);
      }
    }
    done++;
  }

  const images = new Map<string, string | null>(); // remote address → /media/… or null (unreachable)
  /** Copies into media the remote images of `items` not yet tried (posts' covers and bodies, pages' bodies). */
  const copyImages = async (items: { body: string; coverImage?: string | null }[], label: string) => {
    const wanted = [...new Set(items.flatMap(remoteImages))].filter((u) => !images.has(u));
    for (const urls of chunk(wanted, IMPORT_IMAGES_PER_CALL)) {
      onProgress({ done, total: steps, label });
      try {
        for (const item of (await transport.images(urls)).items) {
          images.set(item.url, item.ok ? item.src : null);
          if (item.ok && item.copied) report.imported.images++;
          if (!item.ok) report.warnings.push(`Image ${item.url} could not be copied (${item.why}); it keeps its address`);
        }
      } catch (err) {
        for (const u of urls) images.set(u, null);
        report.warnings.push(`Images could not be copied (${messageOf(err)}); they keep their addresses`);
      }
    }
  };
  for (const [i, part] of postParts.entries()) {
    await copyImages(part, `Images for posts, batch ${i + 1} of ${postParts.length}`);
    const posts = part.map((p) => ({
      ...p,
      body: rewriteImageUrls(p.body, images),
      coverImage: p.coverImage ? (images.get(p.coverImage) ?? p.coverImage) : null,
      author: authorOf.get(p.author) ?? p.author,
      category: categoryOf.get(p.category) ?? p.category,
      tags: (p.tags ?? []).map((t) => tagOf.get(t) ?? t),
    }));
    if (!(await send({ posts }, `Posts, batch ${i + 1} of ${postParts.length}`))) return finish();
  }

  if (plan.featured.length > 0 && !(await send({ featured: plan.featured }, 'Featured posts'))) return finish();
  if (plan.settings && !(await send({ settings: plan.settings }, 'Settings'))) return finish();
  for (const [i, part] of pageParts.entries()) {
    await copyImages(part, `Images for pages, batch ${i + 1} of ${pageParts.length}`);
    const pages = part.map((p) => ({ ...p, body: rewriteImageUrls(p.body, images), author: p.author ? (authorOf.get(p.author) ?? p.author) : null }));
    if (!(await send({ pages }, `Pages, batch ${i + 1} of ${pageParts.length}`))) return finish();
  }
  if (plan.navigation && !(await send({ navigation: plan.navigation }, 'Menus'))) return finish();

  // A category, tag or author matched to an existing one: its old address leads to that one.
  const mapped: Record<string, Map<string, string>> = { category: categoryOf, tag: tagOf, author: authorOf };
  const target = (to: string) => to.replace(/^\/(category|tag|author)\/([^/?#]+)$/, (whole, kind: string, key: string) => {
    const other = mapped[kind]?.get(key);
    return other ? `/${kind}/${other}` : whole;
  });
  for (const [i, part] of redirectParts.entries()) {
    const redirects = part.map((r) => ({ ...r, to: target(r.to) }));
    if (!(await send({ redirects }, `Old addresses, batch ${i + 1} of ${redirectParts.length}`))) return finish();
  }
  return finish();

  function finish(): ImportReport {
    onProgress({ done: report.failed ? done : steps, total: steps, label: report.failed ? 'Stopped' : 'Done' });
    return report;
  }
}
