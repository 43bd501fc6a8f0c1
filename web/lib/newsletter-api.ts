// The newsletter's calls (decision 069), shared by the subscribe form (web/components) and the editor's option.
import type { NewsletterOffer, SubscribeInput } from '../../contracts/newsletter';
import type { ApiClients } from './api-client';

/** `POST /api/subscribe`: 202 and the same message for any well-formed address. */
export const subscribe = (api: ApiClients, input: SubscribeInput): Promise<{ message: string }> =>
  api.public.request<{ message: string }>('POST', '/api/subscribe', input);

/** `GET /api/posts/:slug/newsletter`: whether to offer "Also send by email", and the send's numbers once made. */
export const newsletterOffer = (api: ApiClients, slug: string): Promise<NewsletterOffer> =>
  api.private.request<NewsletterOffer>('GET', `/api/posts/${encodeURIComponent(slug)}/newsletter`);
