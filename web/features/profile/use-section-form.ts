// A section of the profile page that sends what its fields hold and then empties them (the email and the
// password forms): the contract's check, the call, the fields cleared, and a line saying what changed.
// Each is also a real form posting to its API path (web/lib/form-post.ts); `done` is the line to show when
// such a post came back saved (`?saved=`).
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { FormPost } from '../../lib/form-post';
import { formValues, useFormSubmit, type Submitted } from '../../lib/use-form-submit';

interface Options {
  post?: FormPost | null;
  done?: string | null;
}

export function useSectionForm<S extends z.ZodType, T>(
  schema: S,
  send: (input: z.output<S>) => Promise<T>,
  /** What to say once it is done. */
  describe: (result: Submitted<T>) => string,
  { post = null, done = null }: Options = {},
) {
  const form = useFormSubmit(schema, send, post);
  const [ok, setOk] = useState<string | null>(done);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setOk(null);
    const element = e.currentTarget;
    const result = await form.submit(formValues(element));
    if (result) {
      element.reset();
      setOk(describe(result));
    }
  }

  /** The status line: the error when there is one, else what changed. */
  const status = { message: form.message ?? ok, kind: form.message ? ('error' as const) : ('ok' as const) };
  return { form, onSubmit, status };
}
