// The newsletter's subscribe form (decision 069): one component in the site footer, after every post and on
// /subscribe. Before hydration it is a plain post to /api/subscribe (contracts/form-posts.ts `subscribe`),
// answered with a 303 to /subscribe?notice=sent (or /subscribe with the error); once hydrated it calls the
// same API with fetch, says "Subscribing…" while it waits and then the answer, in a status region.
import { useState, type FormEvent } from 'react';
import { SubscribeInputSchema } from '../../contracts/newsletter';
import { useApi } from '../lib/api-context';
import { useFormPost } from '../lib/form-post';
import { subscribe } from '../lib/newsletter-api';
import { formValues, useFormSubmit } from '../lib/use-form-submit';
import { FormField } from './form-field';
import { FormMessage } from './form-message';
import { HoneypotField } from './honeypot-field';
import { TurnstileWidget } from './turnstile-widget';

/** Each place its own heading: a post page has two of these regions, and landmarks need distinct names. */
const TITLES = { footer: 'Get new posts by email', post: 'Liked this? Get the next post by email', page: 'Subscribe by email' } as const;

/** `place` tells the forms of one page apart (ids); `turnstileSiteKey`: the widget, on the page that may show it. */
export function SubscribeForm({ place, turnstileSiteKey = null }: { place: 'footer' | 'post' | 'page'; turnstileSiteKey?: string | null }) {
  const api = useApi();
  const post = useFormPost('subscribe');
  // Only the /subscribe page shows a failure posted before hydration: the footer there stays a plain form.
  const form = useFormSubmit(SubscribeInputSchema, (input) => subscribe(api, input), place === 'page' ? post : null);
  const [done, setDone] = useState<string | null>(null);
  const [sent, setSent] = useState(0);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const result = await form.submit(formValues(e.currentTarget));
    setSent((n) => n + 1);
    if (result) setDone(result.message);
  }

  const titleId = `subscribe-title-${place}`;
  return (
    <section className={`subscribe subscribe-${place}`} aria-labelledby={titleId}>
      <h2 id={titleId}>{TITLES[place]}</h2>
      {/* Always in the page, so a screen reader hears each change: sending, then the answer. */}
      <p className="subscribe-status" role="status">
        {form.busy ? 'Subscribing…' : (done ?? '')}
      </p>
      {done ? null : (
        <form {...form.formProps} {...post.attributes} onSubmit={onSubmit} aria-busy={form.busy}>
          <HoneypotField />
          <FormField
            id={`subscribe-email-${place}`}
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={place === 'page' ? post.values.email : undefined}
            error={form.fields.email}
          />
          {turnstileSiteKey ? <TurnstileWidget siteKey={turnstileSiteKey} resets={sent} /> : null}
          <FormMessage message={form.message} />
          <button type="submit" className="button primary" disabled={form.busy}>
            {form.busy ? 'Subscribing…' : 'Subscribe'}
          </button>
        </form>
      )}
    </section>
  );
}
