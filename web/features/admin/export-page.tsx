// `/admin/export`: everything but password hashes and sessions, as one .zip made here in the browser:
// byline.json (GET /api/admin/export) and media/<key> for every uploaded image (docs/decisions/024).
// Importing that zip at /admin/import on an empty Byline gives the same site.
import { useState } from 'react';
import { strToU8, zipSync } from 'fflate';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { useApi } from '../../lib/api-context';
import { ApiError } from '../../lib/http';
import { FormMessage } from '../../components/form-message';
import { AdminPage, type Flash } from './admin-kit';
import { getExport } from './api';

export const loader: PageModule['loader'] = async () => null;

export const handle: RouteHandle = { head: () => ({ title: 'Export', noindex: true }) };

export function Component() {
  const api = useApi();
  const [flash, setFlash] = useState<Flash>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  async function onExport() {
    setFlash(null);
    setProgress({ done: 0, total: 1 });
    try {
      const data = await getExport(api);
      const files: Record<string, Uint8Array> = { 'byline.json': strToU8(JSON.stringify(data, null, 2)) };
      const missing: string[] = [];
      for (const [n, m] of data.media.entries()) {
        setProgress({ done: n, total: data.media.length + 1 });
        const res = await fetch(m.url);
        if (res.ok) files[`media/${m.key}`] = new Uint8Array(await res.arrayBuffer());
        else missing.push(m.key);
      }
      // Images are compressed already: stored as they are (level 0), the JSON compressed.
      const zip = zipSync(files, { level: 0 });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([zip as BlobPart], { type: 'application/zip' }));
      link.download = `byline-export-${data.exportedAt.slice(0, 10)}.zip`;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
      setProgress({ done: 1, total: 1 });
      setFlash({
        kind: missing.length ? 'error' : 'ok',
        text: `Exported ${data.posts.length} posts, ${data.users.length} users, ${data.categories.length} categories, ${data.tags.length} tags and ${data.media.length - missing.length} images.${missing.length ? ` Missing images: ${missing.join(', ')}.` : ''}`,
      });
    } catch (error) {
      setProgress(null);
      setFlash({ kind: 'error', text: error instanceof ApiError ? error.message : 'The export failed.' });
    }
  }

  const running = progress !== null && progress.done < progress.total;
  return (
    <AdminPage title="Export">
      <p>
        Download the whole site — users (without passwords), categories, tags, posts with their Markdown, the featured list and every
        uploaded image — as one <code>.zip</code>. Import it at Import on an empty Byline to get the same site.
      </p>
      <FormMessage message={flash?.text} kind={flash?.kind} />
      <div>
        <button type="button" onClick={onExport} disabled={running}>
          {running ? 'Exporting…' : 'Download export'}
        </button>
      </div>
      {progress && running ? <progress aria-label="Export progress" value={progress.done} max={progress.total} /> : null}
    </AdminPage>
  );
}
