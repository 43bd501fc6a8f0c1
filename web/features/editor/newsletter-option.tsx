// "Also send by email" in the editor's publish actions (decision 069): a checkbox shown only when the user may
// publish, the site has active subscribers and the post was never sent (`GET /api/posts/:slug/newsletter`);
// once sent, the send's numbers instead. A post not saved yet has no slug to ask about: its first save does.
import { useEffect, useState } from 'react';
import type { NewsletterOffer } from '../../../contracts/newsletter';
import type { ApiClients } from '../../lib/api-client';
import { newsletterOffer } from '../../lib/newsletter-api';

interface Props {
  api: ApiClients;
  slug: string | null;
  /** Bumped after each save, so the offer is asked again (a send just made hides the checkbox). */
  version: number | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function NewsletterOption({ api, slug, version, checked, onChange }: Props) {
  const [answer, setAnswer] = useState<NewsletterOffer | null>(null);
  useEffect(() => {
    if (!slug) return;
    let live = true;
    newsletterOffer(api, slug)
      .then((a) => live && setAnswer(a))
      .catch(() => live && setAnswer(null));
    return () => {
      live = false;
    };
  }, [api, slug, version]);

  if (answer?.stats) {
    const { sent, failed, unsubscribed } = answer.stats;
    return (
      <p className="newsletter-stats">
        Sent by email: {sent} sent, {failed} failed, {unsubscribed} unsubscribed since.
      </p>
    );
  }
  if (!answer?.offer) return null;
  return (
    <label className="newsletter-option">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> Also send by email
    </label>
  );
}
