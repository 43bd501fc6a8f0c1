// The one error shape every API answer uses, as a zod schema: the OpenAPI document shows it and the types in
// errors.ts are inferred from it. Only the Worker imports this at run time; the web imports the types.
import { z } from 'zod';

export const ERROR_CODES = [
  'bad_request',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'validation_failed',
  'invalid_token',
  'invalid_code',
  /** Registration under the `invite` or `closed` policy (product.md §19). */
  'registration_closed',
  'rate_limited',
  'internal',
  /** D1 failed: a 503 with `Retry-After` (product.md §17, "Surviving a D1 outage"). */
  'unavailable',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** Field name (dotted for nested ones, `_` for the whole body) → the first message about it. */
export const FieldErrorsSchema = z.record(z.string(), z.string());

export const ErrorBodySchema = z.object({
  error: z.object({ code: ErrorCodeSchema, message: z.string(), fields: FieldErrorsSchema.optional() }),
});
