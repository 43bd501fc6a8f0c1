// Whether a reset link still works, asked when its page opens (without using the link).
import { z } from 'zod';
import type { PasswordResetCheckSchema } from './user-responses';

/** `GET /api/auth/password-reset/check?token=` → 200 `{valid}`: false for an unknown, malformed, used or expired token. */
export const PasswordResetCheckQuerySchema = z.strictObject({
  token: z.string({ error: 'token is required' }).max(200, 'token is too long'),
});

export type PasswordResetCheck = z.infer<typeof PasswordResetCheckSchema>;
