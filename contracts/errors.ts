// The one error shape every API answer uses, read by the web's API client (schema: error-responses.ts).
import type { z } from 'zod';
import type { ErrorBodySchema, ErrorCodeSchema, FieldErrorsSchema } from './error-responses';

export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export type FieldErrors = z.infer<typeof FieldErrorsSchema>;

export type ErrorBody = z.infer<typeof ErrorBodySchema>;
