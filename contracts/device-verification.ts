// New-device verification (product.md §15): a login the Worker wants confirmed by a mailed code.
import { z } from 'zod';
import type { LoginVerificationRequiredSchema } from './user-responses';

/** `POST /api/auth/login` → 202 with this body when the browser must confirm with a mailed code. */
export type LoginVerificationRequired = z.infer<typeof LoginVerificationRequiredSchema>;

export const DEVICE_CODE_PATTERN = /^\d{6}$/;

/** `POST /api/auth/verify-device {login, code}` → 200 `{user}` (session and device cookie set); 400 `invalid_code`. */
export const VerifyDeviceInputSchema = z.strictObject({
  login: z.string({ error: 'Enter your username or email' }).trim().min(1, 'Enter your username or email').max(254),
  code: z
    .string({ error: 'Enter the 6-digit code from the mail' })
    .trim()
    .regex(DEVICE_CODE_PATTERN, 'Enter the 6-digit code from the mail'),
});
export type VerifyDeviceInput = z.input<typeof VerifyDeviceInputSchema>;
