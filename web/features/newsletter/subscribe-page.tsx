// `/subscribe` (decision 069): where the footer's form lands before hydration (`?notice=sent`, or this page's
// form with the error and the address typed), where a confirmation link lands (`?notice=confirmed|invalid`), and
// a form of its own — the one page that shows Turnstile's widget when the site checks it.
import { useState, type FormEvent } from 'react';
import { useLoaderData, useSearchParams } from 'react-router-dom';
import { NOTICE_PARAM, SUBSCRIBE_NOTICES, SubscribeInputSchema, type SubscribeNotice } from '../../../contracts/newsletter';
import type { RegistrationTerms } from '../../../contracts/registration-policy';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { HoneypotField } from '../../components/honeypot-field';
import { TurnstileWidget } from '../../components/turnstile-widget';
import { useApi } from '../../lib/api-context';
import { useFormPost } from '../../lib/form-post';
import { subscribe } from './api';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { formValues, useFormSubmit } from '../../lib/use-form-submit';

export const loader: PageModule['loader'] = (_args, { reads }) => reads.registration();

export const handle: RouteHandle = { head: () => ({ title: 'Subscribe', noindex: true }) };

const isNotice = (value: string | null): value is SubscribeNotice => value !== null && Object.hasOwn(SUBSCRIBE_NOTICES, value);

function PageForm({ siteKey, onDone }: { siteKey: string | null; onDone: (message: string) => void }) {
  const api = useApi();
  const post = useFormPost('subscribe');
  const form = useFormSubmit(SubscribeInputSchema, (input) => subscribe(api, input), post);
  const [sends, setSends] = useState(0);
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const result = await form.submit(formValues(e.currentTarget));
    setSends((n) => n + 1);
    if (result) onDone(result.message);
  }
  return (
    <form {...form.formProps} onSubmit={(e) => void onSubmit(e)} aria-busy={form.busy}>
      <p>Get each new post by email. We send a link to confirm the address first.</p>
      <HoneypotField />
      <FormField id="subscribe-page-email" label="Email" name="email" type="email" autoComplete="email" required defaultValue={post.values.email} error={form.fields.email} />
      {siteKey ? <TurnstileWidget siteKey={siteKey} resets={sends} /> : null}
      <FormMessage message={form.message} />
      <button type="submit" className="button primary" disabled={form.busy}>
        {form.busy ? 'Subscribing…' : 'Subscribe'}
      </button>
    </form>
  );
}

export function Component() {
  const siteKey = (useLoaderData() as RegistrationTerms).turnstileSiteKey;
  const [params] = useSearchParams();
  const notice = params.get(NOTICE_PARAM);
  const [done, setDone] = useState<string | null>(null);
  const shown = isNotice(notice) ? notice : null;
  const message = done ?? (shown ? SUBSCRIBE_NOTICES[shown] : null);
  return (
    <main id="main" className="page">
      <h1>Newsletter</h1>
      <FormMessage kind={shown === 'invalid' && !done ? 'error' : 'ok'} message={message} />
      {done || shown === 'sent' || shown === 'confirmed' ? null : <PageForm siteKey={siteKey} onDone={setDone} />}
    </main>
  );
}
