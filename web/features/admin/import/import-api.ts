// The import endpoints over HTTP, as the batch driver (import-run.ts) calls them: the admin page's
// private client, or the CLI's with --remote.
import type { ImportBatchReport, ImportImagesResponse } from '../../../../contracts/import';
import type { HttpClient } from '../../../lib/http';
import type { ImportTransport } from './import-run';

export const httpImportTransport = (http: HttpClient): ImportTransport => ({
  batch: (batch) => http.request<ImportBatchReport>('POST', '/api/admin/import/batch', batch),
  images: (urls) => http.request<ImportImagesResponse>('POST', '/api/admin/import/images', { urls }),
  mediaFile: (file) => {
    const form = new FormData();
    form.set('key', file.key);
    form.set('owner', file.owner);
    form.set('file', new File([file.bytes as BlobPart], file.key));
    return http.send<{ copied: boolean }>('POST', '/api/admin/import/media-file', form);
  },
});

