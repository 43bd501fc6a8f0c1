// The invites screens' calls (contracts/invites.ts; worker/routes/admin/invites.ts).
import type { InviteCreated, InviteInput } from '../../../../contracts/invites';
import type { ApiClients } from '../../../lib/api-client';

/** `POST /api/admin/invites`: 201 and the mail; 403 for a role the inviter may not give, 409 (email) for a taken or invited address. */
export const sendInvite = (api: ApiClients, input: InviteInput): Promise<InviteCreated> =>
  api.private.request<InviteCreated>('POST', '/api/admin/invites', input);

/** `POST /api/admin/invites/:id/resend`: a new link for 7 more days; the old one stops working. */
export const resendInvite = (api: ApiClients, id: number): Promise<InviteCreated> =>
  api.private.request<InviteCreated>('POST', `/api/admin/invites/${id}/resend`);

export const revokeInvite = (api: ApiClients, id: number): Promise<void> => api.private.request<void>('DELETE', `/api/admin/invites/${id}`);
