// `/subscribe` (decision 069): where the subscribe form lands before hydration (`?notice=sent`, or the form again
// with its error), where a confirmation link lands (`?notice=confirmed|invalid`), and a subscribe form of its own
// — the one page that may show Turnstile's widget when the site checks it.
import { useLoaderData, useSearchParams } from 'react-router-dom';
import { NOTICE_PARAM, SUBSCRIBE_NOTICES, type SubscribeNotice } from '../../../contracts/newsletter';
import type { RegistrationTerms } from '../../../contracts/registration-policy';
import { FormMessage } from '../../components/form-message';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { SubscribeForm } from '../../components/subscribe-form';

export const loader: PageModule['loader'] = (_args, { reads }) => reads.registration();

export const handle: RouteHandle = { head: () => ({ title: 'Subscribe', noindex: true }) };

const isNotice = (value: string | null): value is SubscribeNotice => value !== null && Object.hasOwn(SUBSCRIBE_NOTICES, value);

export function Component() {
  const terms = useLoaderData() as RegistrationTerms;
  const [params] = useSearchParams();
  const notice = params.get(NOTICE_PARAM);
  const shown = isNotice(notice) ? notice : null;
  return (
    <main id="main" className="page">
      <h1>Newsletter</h1>
      {shown ? <FormMessage kind={shown === 'invalid' ? 'error' : 'ok'} message={SUBSCRIBE_NOTICES[shown]} /> : null}
      {shown === 'sent' || shown === 'confirmed' ? null : <SubscribeForm place="page" turnstileSiteKey={terms.turnstileSiteKey} />}
    </main>
  );
}
