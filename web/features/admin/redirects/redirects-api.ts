// The /admin/redirects screen's calls (contracts/redirects.ts; worker/routes/admin/redirects.ts).
import type { RedirectFields, RedirectResponseSchema } from '../../../../contracts/redirects';
import type { z } from 'zod';
import type { ApiClients } from '../../../lib/api-client';

type RedirectResponse = z.infer<typeof RedirectResponseSchema>;

/** `POST /api/admin/redirects`: 201 with the stored row (its `to` may be a chain's end); 422 and 409 name their field. */
export const addRedirect = (api: ApiClients, input: RedirectFields): Promise<RedirectResponse> =>
  api.private.request<RedirectResponse>('POST', '/api/admin/redirects', input);

export const deleteRedirect = (api: ApiClients, id: number): Promise<void> => api.private.request<void>('DELETE', `/api/admin/redirects/${id}`);
