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
import { ApiError } from '../lib/http';
import { subscribe } from '../lib/newsletter-api';
import { FormField } from './form-field';
import { HoneypotField } from './honeypot-field';

/** Each place its own heading: a post page has two of these regions, and landmarks need distinct names. */
const TITLES = { footer: 'Get new posts by email', post: 'Liked this? Get the next post by email' } as const;

type State = { kind: 'idle' | 'busy' } | { kind: 'done' | 'error'; text: string };

export function SubscribeForm({ place }: { place: keyof typeof TITLES }) {
  const api = useApi();
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const input = Object.fromEntries(new FormData(e.currentTarget)) as SubscribeInput;
    setState({ kind: 'busy' });
    try {
      setState({ kind: 'done', text: (await subscribe(api, input)).message });
    } catch (error) {
      const text = error instanceof ApiError ? (error.fields.email ?? error.message) : 'Something went wrong; please try again.';
      setState({ kind: 'error', text });
    }
  }

  const id = `subscribe-${place}`;
  const busy = state.kind === 'busy';
  return (
    <section className={`subscribe subscribe-${place}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{TITLES[place]}</h2>
      {/* Always in the page, so a screen reader hears each change: sending, then the answer. */}
      <p className="subscribe-status" role="status">
        {busy ? 'Subscribing…' : state.kind === 'done' ? state.text : ''}
      </p>
      {state.kind === 'done' ? null : (
        <form method="post" action={SUBSCRIBE_FORM_ACTION} noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
          <HoneypotField />
          <FormField
            label="Email"
            name="email"
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            required
            error={state.kind === 'error' ? state.text : null}
            onInput={() => state.kind === 'error' && setState({ kind: 'idle' })}
          />
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? 'Subscribing…' : 'Subscribe'}
          </button>
        </form>
      )}
    </section>
  );
}
