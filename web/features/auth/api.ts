// The sign-in, sign-up and password-reset pages' calls, typed by the contracts.
import type { LoginVerificationRequired, VerifyDeviceInput } from '../../../contracts/device-verification';
import type { PasswordResetAccepted, PasswordResetConfirm, PasswordResetRequest } from '../../../contracts/password-reset';
import type { CurrentUserResponse, LoginInput, RegisterInput } from '../../../contracts/users';
import type { InviteAccept } from '../../../contracts/invites';
import type { ApiClients } from '../../lib/api-client';

export const register = (api: ApiClients, input: RegisterInput): Promise<CurrentUserResponse> =>
  api.public.request<CurrentUserResponse>('POST', '/api/auth/register', input);

/** `POST /api/auth/invite/accept`: the invited account is made and this browser signed in (201). */
export const acceptInvite = (api: ApiClients, input: InviteAccept): Promise<CurrentUserResponse> =>
  api.public.request<CurrentUserResponse>('POST', '/api/auth/invite/accept', input);

/** `POST /api/auth/login`: the user, or (202) a mailed code to confirm this new device with first. */
export const login = (api: ApiClients, input: LoginInput): Promise<CurrentUserResponse | LoginVerificationRequired> =>
  api.public.request<CurrentUserResponse | LoginVerificationRequired>('POST', '/api/auth/login', input);

/** `POST /api/auth/verify-device`: the code from the mail completes the login. */
export const verifyDevice = (api: ApiClients, input: VerifyDeviceInput): Promise<CurrentUserResponse> =>
  api.public.request<CurrentUserResponse>('POST', '/api/auth/verify-device', input);

export const requestPasswordReset = (api: ApiClients, input: PasswordResetRequest): Promise<PasswordResetAccepted> =>
  api.public.request<PasswordResetAccepted>('POST', '/api/auth/password-reset', input);

/** `POST /api/auth/password-reset/confirm`: sets the new password and signs in (204). */
export const confirmPasswordReset = (api: ApiClients, input: PasswordResetConfirm): Promise<void> =>
  api.public.request<void>('POST', '/api/auth/password-reset/confirm', input);
