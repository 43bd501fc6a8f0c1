// Import and export: the one normalized import format every source (WordPress WXR,
// Ghost JSON, Byline's own export) is parsed into, the batches the admin import endpoint takes, its
// report, and the shape of Byline's export. The browser and the CLI parse; the Worker validates again.
import { z } from 'zod';
import { BIO_MAX, BODY_MAX, CATEGORY_DESCRIPTION_MAX, COVER_ALT_MAX, CATEGORY_NAME_MAX, EXCERPT_MAX, NAME_MAX, TAG_NAME_MAX, TAGS_MAX, TITLE_MAX } from './limits';
import { SLUG_MAX, SLUG_PATTERN } from './slug-rule';
import { FEATURED_MAX } from './posts';
import { REDIRECT_ADDRESS_MAX, REDIRECT_SOURCES, type RedirectSource, type RedirectStatus } from './redirects';
import { NAVIGATION_ITEMS_MAX } from './navigation';
import type { NavigationLink } from './navigation-menus';
import type { Seo } from './seo';
import type { AdminSettings } from './settings';
import type { Role } from './roles';

export const IMPORT_SOURCES = ['wordpress', 'ghost', 'byline'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/**
 * Posts the client puts in one batch (each batch is one D1 batch), also keeping it under IMPORT_BATCH_BYTES:
 * rendering a post's Markdown costs ~0.7 ms of CPU, so 10 stay within the free plan's 10 ms (decision 024).
 */
export const IMPORT_POSTS_PER_BATCH = 10;
/** More posts than this in one batch → 413. */
export const IMPORT_POSTS_MAX_PER_BATCH = 25;
/** The JSON body limit is 512 KB; batches are cut below it. */
export const IMPORT_BATCH_BYTES = 400 * 1024;
/** Image addresses a `POST /api/admin/import/images` call may name (each one an outgoing request). */
export const IMPORT_IMAGES_PER_CALL = 10;
/** People, categories and tags a batch may carry. */
export const IMPORT_REFS_PER_BATCH = 500;
/** Redirects a batch may carry (each two statements of its D1 batch). */
export const IMPORT_REDIRECTS_PER_BATCH = 250;
/** Pages a batch may carry (each rendered like a post: the same CPU bound). */
export const IMPORT_PAGES_PER_BATCH = 10;
/** Old addresses a post may bring. */
export const OLD_SLUGS_MAX = 20;

const slug = z.string().trim().toLowerCase().min(1).max(SLUG_MAX).regex(SLUG_PATTERN, 'not a slug');
const isoDate = z.iso.datetime({ offset: true });
/** Any http(s) address or an uploaded `/media/…` path (bodies may keep an unreachable image's address). */
export const ImportImageUrlSchema = z
  .string()
  .max(2048)
  .refine((s) => /^\/media\/[A-Za-z0-9._-]+$/.test(s) || (/^https?:\/\/[^\s"'<>]+$/.test(s) && URL.canParse(s)), 'not an image address');

// A person's username, name and email are judged by the Worker with the rules register uses (the one
// username rule of username-rule.ts): one that breaks them is skipped with that rule's message, the
// rest of the batch imported. Here only their size is bounded.
export const ImportUserSchema = z.strictObject({
  username: z.string().trim().toLowerCase().max(254),
  name: z.string().trim().max(NAME_MAX * 4),
  email: z.string().trim().toLowerCase().max(254),
  bio: z.string().max(BIO_MAX).default(''),
  image: z.string().max(2048).nullable().default(null),
  /** 1 (author) for WordPress and Ghost; Byline's export keeps each account's role (0–3). */
  role: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).default(1),
  disabled: z.boolean().default(false),
});
export type ImportUser = z.input<typeof ImportUserSchema>;

export const ImportCategorySchema = z.strictObject({
  slug,
  name: z.string().trim().min(1).max(CATEGORY_NAME_MAX),
  description: z.string().trim().max(CATEGORY_DESCRIPTION_MAX).default(''),
});
export type ImportCategory = z.input<typeof ImportCategorySchema>;

export const ImportTagSchema = z.strictObject({ slug, name: z.string().trim().min(1).max(TAG_NAME_MAX) });
export type ImportTag = z.input<typeof ImportTagSchema>;

export const ImportPostSchema = z.strictObject({
  /** Where the post came from (a WordPress post id, a Ghost id, a Byline slug): named in the report. */
  sourceId: z.string().max(200),
  /** Absent: made from the title by the Worker (WordPress drafts have none). */
  slug: slug.optional(),
  /**
   * Addresses the post had before (WordPress's `_wp_old_slug`, a Byline export's old slugs, a source slug
   * the one slug rule changed): each redirects to the post (301), as a renamed post's old slug does.
   */
  oldSlugs: z.array(slug).max(OLD_SLUGS_MAX).default([]),
  title: z.string().trim().min(1).max(TITLE_MAX),
  /** Markdown. */
  body: z.string().max(BODY_MAX),
  /** '' = made from the body. */
  excerpt: z.string().trim().max(EXCERPT_MAX).default(''),
  status: z.enum(['draft', 'published']),
  publishedAt: isoDate.nullable(),
  createdAt: isoDate.optional(),
  updatedAt: isoDate.optional(),
  /** A username of this import (or an existing account). */
  author: z.string().trim().toLowerCase().max(254),
  /** A category slug of this import (or an existing category). */
  category: slug,
  /** Tag slugs in order. */
  tags: z.array(slug).max(TAGS_MAX).default([]),
  coverImage: ImportImageUrlSchema.nullable().default(null),
  /** The cover's alt text ('' = decorative); the Worker leaves out one with control characters, with a warning. */
  coverAlt: z.string().trim().max(COVER_ALT_MAX).default(''),
  /** The cover is decorative on purpose (a Byline export; other sources cannot say): its alt text is then ''. */
  coverDecorative: z.boolean().default(false),
  /**
   * The post's SEO fields (a Byline export; absent in older ones and other sources): only bounded here, the
   * Worker applies contracts/seo.ts and leaves out, with a warning, what breaks it.
   */
  seo: z
    .strictObject({
      title: z.string().max(2048).nullable().optional(),
      description: z.string().max(2048).nullable().optional(),
      image: z.string().max(2048).nullable().optional(),
      canonicalUrl: z.string().max(4096).nullable().optional(),
      noindex: z.boolean().optional(),
    })
    .optional(),
});
export type ImportPost = z.input<typeof ImportPostSchema>;

/**
 * A standalone page (About, Contact): WordPress's and Ghost's pages, a Byline export's. Judged by the
 * Worker with the page editor's rules (contracts/pages.ts: title, body, slug — never a reserved one — and
 * the SEO fields); one that breaks them or whose slug a page has is skipped with why.
 */
export const ImportPageSchema = z.strictObject({
  sourceId: z.string().max(200),
  /** Absent: made from the title (a WordPress draft has none). */
  slug: z.string().max(SLUG_MAX * 4).optional(),
  title: z.string().max(TITLE_MAX * 4),
  body: z.string().max(BODY_MAX),
  status: z.enum(['draft', 'published']),
  /** A Byline export's SEO fields, each judged by contracts/seo.ts. */
  seo: z.record(z.string().max(100), z.unknown()).optional(),
  publishedAt: isoDate.nullable().default(null),
  createdAt: isoDate.optional(),
  updatedAt: isoDate.optional(),
  /** A username of this import or of this site; absent or unknown: the admin who imports. */
  author: z.string().trim().toLowerCase().max(254).nullable().default(null),
});
export type ImportPage = z.input<typeof ImportPageSchema>;

/** Menu items as a file carries them: each judged by the navigation rules (contracts/navigation.ts). */
const importMenu = z.array(z.unknown()).max(NAVIGATION_ITEMS_MAX * 4).nullable().optional();
/** A Byline export's menus: a menu absent or null (never saved there) is left as it is. */
export const ImportNavigationSchema = z.strictObject({ header: importMenu, footer: importMenu });
export type ImportNavigation = z.input<typeof ImportNavigationSchema>;

/**
 * An old address of the imported site and where it leads on Byline (a post's permalink, `/?p=ID`, a
 * category's, tag's or author's page). The Worker judges each by the redirect rules (contracts/redirects.ts):
 * one that breaks them, answers already, would hide a live page, or exists is skipped with why.
 */
export const ImportRedirectSchema = z.strictObject({
  from: z.string().max(REDIRECT_ADDRESS_MAX * 3),
  to: z.string().max(REDIRECT_ADDRESS_MAX),
  status: z.union([z.literal(301), z.literal(302)]).default(301),
  /** Kept from a Byline export (who made it there); from WordPress or Ghost every one is `import`. */
  source: z.enum(REDIRECT_SOURCES).default('import'),
});
export type ImportRedirect = z.input<typeof ImportRedirectSchema>;

/**
 * `POST /api/admin/import/batch`: one all-or-nothing part of an import. The client sends the people,
 * categories and tags first, then the posts in batches, then the featured list.
 */
export const ImportBatchSchema = z.strictObject({
  source: z.enum(IMPORT_SOURCES),
  /** 1-based number of this batch in the import, echoed in the report. */
  batch: z.number().int().min(1).max(100_000),
  users: z.array(ImportUserSchema).max(IMPORT_REFS_PER_BATCH).default([]),
  categories: z.array(ImportCategorySchema).max(IMPORT_REFS_PER_BATCH).default([]),
  tags: z.array(ImportTagSchema).max(IMPORT_REFS_PER_BATCH).default([]),
  posts: z.array(ImportPostSchema).default([]),
  /** Post slugs to lead the featured list, in this order (sticky / featured posts); those featured before follow. */
  featured: z.array(slug).max(FEATURED_MAX * 10).default([]),
  /** Old addresses → their Byline addresses; sent after the posts, so every target exists. */
  redirects: z.array(ImportRedirectSchema).max(IMPORT_REDIRECTS_PER_BATCH).default([]),
  /** A Byline export's settings, each field judged by the settings rules (one that breaks them is skipped with why). */
  settings: z.record(z.string().max(100), z.unknown()).optional(),
  /** Standalone pages, sent after the posts. */
  pages: z.array(ImportPageSchema).max(IMPORT_PAGES_PER_BATCH).default([]),
  /** A Byline export's header and footer menus, sent after the pages (so their links lead somewhere). */
  navigation: ImportNavigationSchema.optional(),
});
export type ImportBatch = z.input<typeof ImportBatchSchema>;
export type ImportBatchData = z.output<typeof ImportBatchSchema>;

export type ImportKind = 'user' | 'category' | 'tag' | 'post' | 'featured' | 'image' | 'redirect' | 'setting' | 'page' | 'menu';

export interface ImportSkip {
  kind: ImportKind;
  /** The slug, username or address. */
  key: string;
  why: string;
  /** A user, category or tag matched to an existing one under another username or slug: the one used instead. */
  mapsTo?: string;
}

export interface ImportCounts {
  users: number;
  categories: number;
  tags: number;
  posts: number;
  featured: number;
  images: number;
  redirects: number;
  /** Settings fields the import changed (one already so is not counted). */
  settings: number;
  pages: number;
  /** Menus (header, footer) the import replaced (one already so is not counted). */
  menus: number;
}

/** `POST /api/admin/import/batch` → what that batch did. */
export interface ImportBatchReport {
  batch: number;
  imported: ImportCounts;
  skipped: ImportSkip[];
  warnings: string[];
}

/** `POST /api/admin/import/images {urls}`: copy these images into media (each http(s), at most MAX_IMAGE_BYTES). */
export const ImportImagesSchema = z.strictObject({
  urls: z.array(z.string().max(2048)).min(1).max(IMPORT_IMAGES_PER_CALL),
});
export type ImportImagesInput = z.input<typeof ImportImagesSchema>;

export type ImportImageOutcome = { url: string; ok: true; src: string; copied: boolean } | { url: string; ok: false; why: string };

export interface ImportImagesResponse {
  items: ImportImageOutcome[];
}

/** The whole import's report, as the page and the CLI print it. */
export interface ImportReport {
  source: ImportSource;
  imported: ImportCounts;
  skipped: ImportSkip[];
  warnings: string[];
  /** Batch numbers that landed, and the one that failed (nothing of it was written), if any. */
  landed: number[];
  failed: { batch: number; message: string } | null;
  totalBatches: number;
}

export const emptyCounts = (): ImportCounts => ({ users: 0, categories: 0, tags: 0, posts: 0, featured: 0, images: 0, redirects: 0, settings: 0, pages: 0, menus: 0 });

/** Markdown image addresses in a body, in order, once each: `![alt](url)` and `![alt](url "title")`. */
export function markdownImageUrls(markdown: string): string[] {
  const found = new Set<string>();
  for (const m of markdown.matchAll(/!\[[^\]]*\]\(\s*<?([^\s)>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.add(m[1]!);
  return [...found];
}

/** `markdown` with each image address that `copies` maps to a `/media/…` path replaced by it. */
export function rewriteImageUrls(markdown: string, copies: ReadonlyMap<string, string | null>): string {
  return markdown.replace(/(!\[[^\]]*\]\(\s*<?)([^\s)>]+)/g, (whole, head: string, url: string) => {
    const copy = copies.get(url);
    return copy ? `${head}${copy}` : whole;
  });
}

// ---- Byline's own export (GET /api/admin/export) ----

export const BYLINE_EXPORT_FORMAT = 'byline-export';
/** 2 added `settings` and `redirects` (later `pages` and `navigation`); an import reads every version from 1 up to this one. */
export const BYLINE_EXPORT_VERSION = 2;

export interface ExportUser {
  username: string;
  name: string;
  email: string;
  bio: string;
  image: string | null;
  role: Role;
  disabled: boolean;
  createdAt: string;
}

export interface ExportPost {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  coverImage: string | null;
  /** '' when the cover is decorative or there is none (an export made before coverAlt has no such field). */
  coverAlt: string;
  /** The cover is decorative on purpose (an export made before decision 066 has no such field: false). */
  coverDecorative: boolean;
  status: 'draft' | 'published';
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  author: string;
  category: string;
  tags: string[];
  /** Slugs the post had before, which redirect to it (an export made before oldSlugs has no such field). */
  oldSlugs?: string[];
  /** Its SEO fields (an export made before per-post SEO has no such field). */
  seo?: Seo;
}

export interface ExportMedia {
  key: string;
  /** `/media/<key>`: where the bytes are; the export page puts them into the zip as `media/<key>`. */
  url: string;
  contentType: string;
  size: number;
  owner: string;
  createdAt: string;
}

/** A redirect as exported: every one, whoever made it (the admin, a rename, an import). */
export interface ExportRedirect {
  from: string;
  to: string;
  status: RedirectStatus;
  source: RedirectSource;
  createdAt: string;
}

/** A standalone page as exported (its author by username; null when that account is gone). */
export interface ExportPage {
  slug: string;
  title: string;
  body: string;
  status: 'draft' | 'published';
  seo: Seo;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  author: string | null;
}

export interface ExportNavigation {
  header: NavigationLink[] | null;
  footer: NavigationLink[] | null;
}

/** The settings as exported: every one the admin may change (the default category by slug); logo (and its size) and icon travel as media. */
export type ExportSettings = Omit<AdminSettings, 'logo' | 'logoWidth' | 'logoHeight' | 'icon'>;

/** `GET /api/admin/export`: everything but password hashes and sessions. */
export interface BylineExport {
  format: typeof BYLINE_EXPORT_FORMAT;
  version: typeof BYLINE_EXPORT_VERSION;
  exportedAt: string;
  users: ExportUser[];
  categories: { slug: string; name: string; description: string }[];
  tags: { slug: string; name: string }[];
  posts: ExportPost[];
  /** Post slugs in the featured list's order. */
  featured: string[];
  media: ExportMedia[];
  /** The site's settings (an export before version 2 has none). */
  settings?: ExportSettings;
  /** Every redirect (an export before version 2 has none). */
  redirects?: ExportRedirect[];
  /** Every standalone page (an export before pages has none). */
  pages?: ExportPage[];
  /** The saved menus; null = never saved (the header lists the categories). An export before menus has none. */
  navigation?: ExportNavigation;
}

/**
 * `POST` here makes the Worker re-read its content state from D1 at once (204; worker/middleware/edge-cache.ts).
 * For writes made outside the Worker: `npm run import` into the local database tells the running
 * `npm start` through it, so the import shows at once instead of within STALE_BOUND_MS. It only ever
 * makes the state more current, purges nothing and costs one state read, so it needs no sign-in
 * (docs/decisions/029).
 */
export const CONTENT_STATE_REFRESH_PATH = '/__byline/refresh';

/** `POST /api/admin/import/media-file` (multipart: key, owner, file): an image of a Byline export under its own key. */
export const MEDIA_KEY_PATTERN = /^[0-9a-f]{32}\.(jpg|png|webp|gif|avif)$/;

/** `parts` joined into one array of `size` bytes (their total), for the browser's zip reader and the Worker's capped fetch. */
export function concatBytes(parts: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
