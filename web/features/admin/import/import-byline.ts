// Byline's own export (GET /api/admin/export, in the zip the export page makes) → an ImportPlan: the
// third import format, so an export imported into an empty Byline gives the same site.
import { BYLINE_EXPORT_FORMAT, BYLINE_EXPORT_VERSION, OLD_SLUGS_MAX, type BylineExport } from '../../../../contracts/import';
import { emptyPlan, ImportFileError, type ImportMediaFile, type ImportPlan } from './import-plan';

export const isBylineExport = (json: unknown): json is BylineExport =>
  typeof json === 'object' && json !== null && (json as { format?: unknown }).format === BYLINE_EXPORT_FORMAT;

/** `files` maps `media/<key>` to the bytes the zip holds (absent for a bare JSON export). */
export function parseBylineExport(json: unknown, files: Map<string, Uint8Array> = new Map()): ImportPlan {
  if (!isBylineExport(json)) throw new ImportFileError('This JSON file is not a Byline export.');
  const version: unknown = json.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1 || version > BYLINE_EXPORT_VERSION) {
    throw new ImportFileError(`This Byline export has version ${String(version)}; this Byline reads versions 1 to ${BYLINE_EXPORT_VERSION}.`);
  }
  const plan = emptyPlan('byline');
  plan.users = json.users.map((u) => ({ username: u.username, name: u.name, email: u.email, bio: u.bio, image: u.image, role: u.role, disabled: u.disabled }));
  plan.categories = json.categories.map((c) => ({ ...c }));
  plan.tags = json.tags.map((t) => ({ ...t }));
  plan.posts = json.posts.map((p) => ({
    sourceId: `byline:${p.slug}`,
    slug: p.slug,
    title: p.title,
    body: p.body,
    excerpt: p.excerpt,
    status: p.status,
    publishedAt: p.publishedAt,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    author: p.author,
    category: p.category,
    tags: p.tags,
    // Its old slugs keep redirecting to it (the newest ones, if it has more than a post may bring).
    ...(p.oldSlugs && p.oldSlugs.length > 0 ? { oldSlugs: p.oldSlugs.slice(-OLD_SLUGS_MAX) } : {}),
    coverImage: p.coverImage,
    // An export made before covers had alt text has none.
    coverAlt: p.coverAlt ?? '',
    coverDecorative: p.coverDecorative ?? false,
    // An export made before per-post SEO has none.
    ...(p.seo ? { seo: p.seo } : {}),
  }));
  plan.featured = [...json.featured];
  // Version 2 on: the settings and every redirect, each with who made it.
  if (json.settings) plan.settings = { ...json.settings };
  // Later: the standalone pages and the saved menus (null: never saved, so the importing site's stay).
  if (json.pages) {
    plan.pages = json.pages.map((p) => ({
      sourceId: `byline-page:${p.slug}`,
      slug: p.slug,
      title: p.title,
      body: p.body,
      status: p.status,
      seo: { ...p.seo },
      publishedAt: p.publishedAt,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
      author: p.author,
    }));
  }
  if (json.navigation) plan.navigation = { header: json.navigation.header, footer: json.navigation.footer };
  if (json.redirects) plan.redirects = json.redirects.map(({ from, to, status, source }) => ({ from, to, status, source }));
  const media: ImportMediaFile[] = [];
  let missing = 0;
  for (const m of json.media) {
    const bytes = files.get(`media/${m.key}`);
    if (bytes) media.push({ key: m.key, owner: m.owner, bytes });
    else missing++;
  }
  plan.media = media;
  if (missing > 0) plan.warnings.push(`${missing} image(s) listed in the export are not in the file; posts keep their /media/ addresses`);
  return plan;
}
