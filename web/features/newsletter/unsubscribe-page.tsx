// `/unsubscribe?token=…` (decision 069): the link at the bottom of every newsletter mail. One button, a plain
// form that works without the script, posting what a mail client's RFC 8058 one-click posts; the Worker
// unsubscribes and comes back here with `?notice=done` (or `invalid` for a token it does not accept).
import { useSearchParams } from 'react-router-dom';
import { NOTICE_PARAM, ONE_CLICK_FIELD, ONE_CLICK_VALUE, UNSUBSCRIBE_INVALID, UNSUBSCRIBED_MESSAGE } from '../../../contracts/newsletter';
import { pathTo } from '../../../contracts/routes';
import { FormMessage } from '../../components/form-message';
import type { RouteHandle } from '../../lib/route-kit';

export const handle: RouteHandle = { head: () => ({ title: 'Unsubscribe', noindex: true }) };

export function Component() {
  const [params] = useSearchParams();
  const notice = params.get(NOTICE_PARAM);
  const token = params.get('token') ?? '';
  let body;
  if (notice === 'done') body = <FormMessage kind="ok" message={UNSUBSCRIBED_MESSAGE} />;
  else if (notice === 'invalid' || token === '') body = <FormMessage message={UNSUBSCRIBE_INVALID} />;
  else
    body = (
      <form method="post" action={`${pathTo('unsubscribe')}?${new URLSearchParams({ token }).toString()}`}>
        <p>Stop getting new posts by email at this address?</p>
        <input type="hidden" name={ONE_CLICK_FIELD} value={ONE_CLICK_VALUE} />
        <button type="submit" className="button primary">
          Unsubscribe
        </button>
      </form>
    );
  return (
    <main id="main" className="page">
      <h1>Unsubscribe</h1>
      {body}
    </main>
  );
}
