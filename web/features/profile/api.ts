// The profile pages' calls, typed by the contracts.
import type {
  EmailChange,
  PasswordChange,
  ProfileUpdate,
  ProfileUpdateResponse,
} from '../../../contracts/profile';
import type { ApiClients } from '../../lib/api-client';

export const updateProfile = (api: ApiClients, input: ProfileUpdate | EmailChange): Promise<ProfileUpdateResponse> =>
  api.private.request<ProfileUpdateResponse>('PATCH', '/api/profile', input);

export const changePassword = (api: ApiClients, input: PasswordChange): Promise<void> =>
  api.private.request<void>('POST', '/api/profile/password', input);

/** `POST /api/profile/sessions/revoke`: signs out every other session. */
export const revokeOtherSessions = (api: ApiClients): Promise<void> =>
  api.private.request<void>('POST', '/api/profile/sessions/revoke');

export const revokeSession = (api: ApiClients, id: string): Promise<void> =>
  api.private.request<void>('DELETE', `/api/profile/sessions/${encodeURIComponent(id)}`);
