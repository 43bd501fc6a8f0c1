// Reset links' tokens, shared by the public request and the admin's "send a reset link" (the mail: services/site-mail.ts).
import { newHashedToken } from './session-token';

export const newResetToken = () => newHashedToken('pwr_');

