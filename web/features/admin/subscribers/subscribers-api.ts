// The subscribers screen's calls (decision 069), typed by the contract.
import type { SubscriberImportResult } from '../../../../contracts/newsletter';
import type { ApiClients } from '../../../lib/api-client';

/** The CSV export: a download link, not a call. */
export const SUBSCRIBERS_CSV = '/api/admin/subscribers.csv';

/** `POST /api/admin/subscribers/import` with the file's text as text/csv (whatever type the browser gave the file). */
export const importSubscribers = async (api: ApiClients, file: File): Promise<SubscriberImportResult> =>
  api.private.send<SubscriberImportResult>('POST', '/api/admin/subscribers/import', new Blob([await file.text()], { type: 'text/csv' }));

export const unsubscribeSubscriber = (api: ApiClients, id: number): Promise<void> =>
  api.private.request<void>('PATCH', `/api/admin/subscribers/${id}`, { status: 'unsubscribed' });

export const deleteSubscriber = (api: ApiClients, id: number): Promise<void> => api.private.request<void>('DELETE', `/api/admin/subscribers/${id}`);
