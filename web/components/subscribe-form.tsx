// The newsletter's subscribe form in the site footer and after every post (decision 069). Before hydration it
// is a plain post to /api/subscribe (contracts/form-posts.ts `subscribe`), answered with a 303 to
// /subscribe?notice=sent, or /subscribe showing the error with its own form; once hydrated it calls the same API
// with fetch, says "Subscribing…" and then the answer in an always-present status region. It is on every public
// page, so it is kept small: no schema library (the Worker checks the address; its 422 names the field) and
// none of the admin forms' machinery — the /subscribe page's form has that (features/newsletter).
import { useState, type FormEvent } from 'react';
import type { SubscribeInput } from '../../contracts/newsletter';
import { SUBSCRIBE_FORM_ACTION } from '../../contracts/newsletter-paths';
import { useApi } from '../lib/api-context';
import { subscribe } from '../lib/newsletter-api';
import { formValues, useServerCheckedSubmit } from '../lib/use-form-submit';
import { FormField } from './form-field';
import { FormMessage } from './form-message';
import { HoneypotField } from './honeypot-field';

/** Each place its own heading: a post page has two of these regions, and landmarks need distinct names. */
const TITLES = { footer: 'Get new posts by email', post: 'Liked this? Get the next post by email' } as const;

export function SubscribeForm({ place }: { place: keyof typeof TITLES }) {
  const api = useApi();
  // Not useFormPost('subscribe'): a page holds several of these forms, and a failed post is shown on /subscribe.
  const form = useServerCheckedSubmit((input: SubscribeInput) => subscribe(api, input));
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const answer = await form.submit(formValues(e.currentTarget));
    if (answer) setDone(answer.message);
  }

  const id = `subscribe-${place}`;
  return (
    <section className={`subscribe subscribe-${place}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{TITLES[place]}</h2>
      {/* Always in the page, so a screen reader hears each change: sending, then the answer. */}
      <p className="subscribe-status" role="status">
        {form.busy ? 'Subscribing…' : (done ?? '')}
      </p>
      {done !== null ? null : (
        <form method="post" action={SUBSCRIBE_FORM_ACTION} {...form.formProps} onSubmit={(e) => void onSubmit(e)} aria-busy={form.busy}>
          <HoneypotField />
          <FormField label="Email" name="email" id={`${id}-email`} type="email" autoComplete="email" required error={form.fields.email} />
          <FormMessage message={form.message} />
          <button type="submit" className="button primary" disabled={form.busy}>
            {form.busy ? 'Subscribing…' : 'Subscribe'}
          </button>
        </form>
      )}
    </section>
  );
}
