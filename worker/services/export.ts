// Byline's own export (GET /api/admin/export, docs/decisions/024-import-export.md): everything but
// password hashes and sessions, in the shape an import reads back.
import { BYLINE_EXPORT_FORMAT, BYLINE_EXPORT_VERSION, type BylineExport } from '../../contracts/import';
import { toRole } from '../../contracts/roles';
import type { Db } from '../env';
import { readExport } from '../queries/import';
import { findSavedMenus } from '../queries/navigation';
import { listPagesForExport, seoOf } from '../queries/pages';
import { seoFromColumns } from '../queries/seo-columns';
import { readAdminSettings } from './settings';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function buildExport(db: Db, now: number): Promise<BylineExport> {
  const [r, { logo: _logo, logoWidth: _w, logoHeight: _h, icon: _icon, ...settings }, pageRows, menus] = await Promise.all([
    readExport(db),
    readAdminSettings({ db }),
    listPagesForExport(db),
    findSavedMenus(db),
  ]);
  const tagsOf = new Map<number, string[]>();
  for (const pt of r.postTagRows) tagsOf.set(pt.postId, [...(tagsOf.get(pt.postId) ?? []), pt.slug]);
  const oldSlugsOf = new Map<number, string[]>();
  for (const o of r.oldSlugRows) oldSlugsOf.set(o.postId, [...(oldSlugsOf.get(o.postId) ?? []), o.slug]);
  return {
    format: BYLINE_EXPORT_FORMAT,
    version: BYLINE_EXPORT_VERSION,
    exportedAt: new Date(now).toISOString(),
    users: r.userRows.map((u) => ({
      username: u.username,
      name: u.name,
      email: u.email,
      bio: u.bio,
      image: u.image,
      role: toRole(u.role),
      disabled: u.disabledAt !== null,
      createdAt: u.createdAt.toISOString(),
    })),
    categories: r.categoryRows,
    tags: r.tagRows,
    posts: r.postRows.map((p) => ({
      slug: p.slug,
      title: p.title,
      excerpt: p.excerpt,
      body: p.body,
      coverImage: p.coverImage,
      coverAlt: p.coverAlt,
      coverDecorative: p.coverDecorative,
      // The export format keeps draft|published: a post waiting for review leaves as the draft it is to readers.
      status: p.status === 'published' ? 'published' : 'draft',
      publishedAt: iso(p.publishedAt),
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
      author: p.author,
      category: p.category,
      tags: tagsOf.get(p.id) ?? [],
      oldSlugs: oldSlugsOf.get(p.id) ?? [],
      seo: seoFromColumns(p),
    })),
    featured: r.featuredRows.map((f) => f.slug),
    media: r.mediaRows.map((m) => ({ key: m.key, url: `/media/${m.key}`, contentType: m.contentType, size: m.size, owner: m.owner, createdAt: m.createdAt.toISOString() })),
    settings,
    redirects: r.redirectRows.map((x) => ({ ...x, createdAt: x.createdAt.toISOString() })),
    pages: pageRows.map(({ row, author }) => ({
      slug: row.slug,
      title: row.title,
      body: row.body,
      status: row.status,
      seo: seoOf(row),
      publishedAt: iso(row.publishedAt),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      author,
    })),
    // null: never saved, so the imported site keeps its categories in the header until an admin saves one.
    navigation: { header: menus.header ?? null, footer: menus.footer ?? null },
  };
}
