// The one way handlers read input: zValidator with our error shape (422 for bodies, 400 for query/params).
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { fieldErrorsFrom } from '../../contracts/field-errors';
import { HttpError } from './http-error';

export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const fields = fieldErrorsFrom(result.error as unknown as z.ZodError);
      if (target === 'json' || target === 'form') {
        throw new HttpError(422, 'validation_failed', 'Some fields need attention', fields);
      }
      throw new HttpError(400, 'bad_request', 'Some parameters are not valid', fields);
    }
  });
}
