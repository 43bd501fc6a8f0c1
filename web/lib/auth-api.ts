// Calls about the session itself, made by the session store, the user menu and the auth pages.
import type { CurrentUserResponse } from '../../contracts/roles';
import type { ApiClients } from './api-client';
import type { HttpClient } from './http';

/** `GET /api/verify`: who the session belongs to (401 when there is none). */
export const fetchCurrentUser = (client: HttpClient): Promise<CurrentUserResponse> =>
  client.request<CurrentUserResponse>('GET', '/api/verify');

/** `POST /api/auth/logout`: ends this session. */
export const logout = (api: ApiClients): Promise<void> => api.public.request<void>('POST', '/api/auth/logout');
