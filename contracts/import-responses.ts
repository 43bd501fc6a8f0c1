// What the import and export API answers, as zod schemas for /api/openapi.json. The types stay in import.ts
// (the import's own module); the checks at the end fail the type check if a schema and its type part.
import { z } from 'zod';
import type { BylineExport, ImportBatchReport, ImportImagesResponse } from './import';
import { AdminUserSchema } from './admin-responses';
import { NavigationSchema } from './navigation';
import { RedirectSchema } from './redirects';
import { SeoSchema } from './seo';
import { AdminSettingsSchema } from './settings';
import { IsoDateSchema } from './post-responses';

const ImportCountsSchema = z.object({
  users: z.number().int(),
  categories: z.number().int(),
  tags: z.number().int(),
  posts: z.number().int(),
  featured: z.number().int(),
  images: z.number().int(),
  redirects: z.number().int(),
  settings: z.number().int(),
  pages: z.number().int(),
  menus: z.number().int(),
});

const ImportSkipSchema = z.object({
  kind: z.enum(['user', 'category', 'tag', 'post', 'featured', 'image', 'redirect', 'setting', 'page', 'menu']),
  /** The slug, username or address. */
  key: z.string(),
  why: z.string(),
  /** A user, category or tag matched to an existing one under another username or slug: the one used instead. */
  mapsTo: z.string().optional(),
});

export const ImportBatchReportSchema = z.object({
  batch: z.number().int(),
  imported: ImportCountsSchema,
  skipped: z.array(ImportSkipSchema),
  warnings: z.array(z.string()),
});

export const ImportImagesResponseSchema = z.object({
  items: z.array(
    z.union([
      z.object({ url: z.string(), ok: z.literal(true), src: z.string(), copied: z.boolean() }),
      z.object({ url: z.string(), ok: z.literal(false), why: z.string() }),
    ]),
  ),
});

/** `POST /api/admin/import/media-file` → 201 when stored, 200 when that key was already there. */
export const ExportImageStoredSchema = z.object({ copied: z.boolean() });

export const BylineExportSchema = z.object({
  format: z.literal('byline-export'),
  version: z.literal(2),
  exportedAt: IsoDateSchema,
  /** An account as the admin sees it, less its post count. */
  users: z.array(AdminUserSchema.omit({ postCount: true })),
  categories: z.array(z.object({ slug: z.string(), name: z.string(), description: z.string() })),
  tags: z.array(z.object({ slug: z.string(), name: z.string() })),
  posts: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      excerpt: z.string(),
      body: z.string(),
      coverImage: z.string().nullable(),
      coverAlt: z.string(),
      coverDecorative: z.boolean(),
      status: z.enum(['draft', 'published']),
      publishedAt: IsoDateSchema.nullable(),
      createdAt: IsoDateSchema,
      updatedAt: IsoDateSchema,
      author: z.string(),
      category: z.string(),
      tags: z.array(z.string()),
    }),
  ),
  /** Post slugs in the featured list's order. */
  featured: z.array(z.string()),
  media: z.array(
    z.object({ key: z.string(), url: z.string(), contentType: z.string(), size: z.number().int(), owner: z.string(), createdAt: IsoDateSchema }),
  ),
  settings: AdminSettingsSchema.omit({ logo: true, logoWidth: true, logoHeight: true, icon: true }).optional(),
  redirects: z.array(RedirectSchema.omit({ id: true })).optional(),
  pages: z
    .array(
      z.object({
        slug: z.string(),
        title: z.string(),
        body: z.string(),
        status: z.enum(['draft', 'published']),
        seo: SeoSchema,
        publishedAt: IsoDateSchema.nullable(),
        createdAt: IsoDateSchema,
        updatedAt: IsoDateSchema,
        author: z.string().nullable(),
      }),
    )
    .optional(),
  /** Each saved menu; null = never saved. */
  navigation: z.object({ header: NavigationSchema.shape.header.nullable(), footer: NavigationSchema.shape.footer.nullable() }).optional(),
});

/** True only when A and B are the same type; `satisfies true` below turns a difference into a type error. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
void (true satisfies Same<z.infer<typeof ImportBatchReportSchema>, ImportBatchReport>);
void (true satisfies Same<z.infer<typeof ImportImagesResponseSchema>, ImportImagesResponse>);
void (true satisfies Same<z.infer<typeof BylineExportSchema>, BylineExport>);
