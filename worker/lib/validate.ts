// The one way handlers read input: zValidator with our error shape (422 for bodies, 400 for query/params).
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { fieldErrorsFrom } from '../../contracts/field-errors';
import { HttpError } from './http-error';

/** The error for input of `target` that `error` refused: 422 for a body, 400 for a query or path value. */
export function inputError(target: keyof ValidationTargets, error: z.ZodError): HttpError {
  const fields = fieldErrorsFrom(error);
  if (target === 'json' || target === 'form') return new HttpError(422, 'validation_failed', 'Some fields need attention', fields);
  return new HttpError(400, 'bad_request', 'Some parameters are not valid', fields);
}

export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw inputError(target, result.error as unknown as z.ZodError);
  });
}
