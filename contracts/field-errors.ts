// Turns a zod error into the `fields` map of the error shape: the first message for each field.
import type { z } from 'zod';
import type { FieldErrors } from './errors';

export function fieldErrorsFrom(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    if (issue.code === 'unrecognized_keys') {
      // Named where it was sent: `header.0.target` for a field inside an item, `theme` at the top.
      for (const k of issue.keys) fields[[...issue.path, k].join('.')] ??= 'This field is not allowed';
      continue;
    }
    fields[key] ??= issue.message;
  }
  return fields;
}
